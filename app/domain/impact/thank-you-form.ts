/** The creator's thank-you message to the donors who asked for a party's news (one per party). */
import * as z from "zod/mini";

export const THANK_YOU_LIMITS = { min: 10, max: 2000 } as const;

export const thankYouSchema = z.object({
  mensagem: z
    .string({ error: "Escreva a mensagem de agradecimento." })
    .check(
      z.trim(),
      z.minLength(THANK_YOU_LIMITS.min, `Escreva pelo menos ${THANK_YOU_LIMITS.min} caracteres.`),
      z.maxLength(THANK_YOU_LIMITS.max, `A mensagem pode ter no máximo ${THANK_YOU_LIMITS.max} caracteres.`),
    ),
});
