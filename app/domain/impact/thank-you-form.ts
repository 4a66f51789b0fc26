/**
 * The creator's news to the donors who asked for a party's news: a thank-you after the party, or an
 * update while it is on (decision 212). At most one message per party every 24 hours.
 */
import * as z from "zod/mini";

export const THANK_YOU_LIMITS = { min: 10, max: 2000 } as const;

/** Hours between two messages of the same party (the page says it; the service enforces it). */
export const PARTY_UPDATE_INTERVAL_HOURS = 24;

export const PARTY_UPDATE_LIMIT_TEXT = `Você pode enviar uma mensagem a cada ${PARTY_UPDATE_INTERVAL_HOURS} horas, durante a festa e depois dela.`;

export const thankYouSchema = z.object({
  mensagem: z
    .string({ error: "Escreva a mensagem de agradecimento." })
    .check(
      z.trim(),
      z.minLength(THANK_YOU_LIMITS.min, `Escreva pelo menos ${THANK_YOU_LIMITS.min} caracteres.`),
      z.maxLength(THANK_YOU_LIMITS.max, `A mensagem pode ter no máximo ${THANK_YOU_LIMITS.max} caracteres.`),
    ),
});
