/** The institution's impact update form (its dashboard, decision 190): month, title and text; published after an admin's approval. */
import * as z from "zod/mini";

const INSTITUTION_UPDATE_MESSAGES = {
  month: "Escolha o mês a que a atualização se refere.",
  title: "Dê um título à atualização (até 120 caracteres).",
  body: "Conte o que aconteceu em pelo menos 30 caracteres (até 4.000).",
} as const;

const bounded = (message: string, min: number, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(min, message), z.maxLength(max, message));

export const institutionUpdateSchema = z.object({
  month: z
    .string({ error: INSTITUTION_UPDATE_MESSAGES.month })
    .check(z.trim(), z.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, INSTITUTION_UPDATE_MESSAGES.month)),
  title: bounded(INSTITUTION_UPDATE_MESSAGES.title, 3, 120),
  body: bounded(INSTITUTION_UPDATE_MESSAGES.body, 30, 4000),
});
