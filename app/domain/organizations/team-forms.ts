/** The team page's forms (`/ong/:slug/equipe`): invite by e-mail, remove a member. */
import * as z from "zod/mini";

const EMAIL = "Informe um e-mail válido, como nome@exemplo.com.br.";

export const inviteMemberSchema = z.object({
  intent: z.literal("convidar"),
  email: z.pipe(
    z.string({ error: EMAIL }).check(z.trim(), z.toLowerCase(), z.minLength(1, EMAIL), z.maxLength(254, EMAIL)),
    z.email(EMAIL),
  ),
});

const removeMemberSchema = z.object({
  intent: z.literal("remover"),
  userId: z.string({ error: "Pessoa inválida." }).check(z.trim(), z.minLength(1, "Pessoa inválida."), z.maxLength(100, "Pessoa inválida.")),
});

export const teamActionSchema = z.discriminatedUnion("intent", [inviteMemberSchema, removeMemberSchema]);
