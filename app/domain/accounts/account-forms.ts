/**
 * The /conta and /privacidade/solicitar forms (issue 16): one schema each for browser and server
 * (docs/decisions/111-forms.md), pt-BR messages.
 */
import * as z from "zod/mini";
import { MESSAGES, MIN_PASSWORD } from "./auth-forms";

const email = z.pipe(
  z
    .string({ error: MESSAGES.emailRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.emailRequired), z.maxLength(254, MESSAGES.emailInvalid)),
  z.email({ error: MESSAGES.emailInvalid }),
);
const currentPassword = z
  .string({ error: "Informe sua senha atual." })
  .check(z.minLength(1, "Informe sua senha atual."), z.maxLength(128, MESSAGES.passwordLong));

const nameSchema = z.object({
  intent: z.literal("nome"),
  name: z
    .string({ error: MESSAGES.nameRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(120, "Use no máximo 120 caracteres.")),
});

const passwordSchema = z.object({
  intent: z.literal("senha"),
  currentPassword,
  newPassword: z
    .string({ error: MESSAGES.newPasswordRequired })
    .check(
      z.minLength(1, MESSAGES.newPasswordRequired),
      z.minLength(MIN_PASSWORD, MESSAGES.passwordShort),
      z.maxLength(128, MESSAGES.passwordLong),
    ),
});

/** The password too: whoever holds an open session must not move the account to their own address (issue 31). */
const emailChangeSchema = z.object({ intent: z.literal("email"), email, currentPassword });

const deleteAccountSchema = z.object({
  intent: z.literal("excluir"),
  password: z
    .string({ error: "Digite sua senha para confirmar." })
    .check(z.minLength(1, "Digite sua senha para confirmar."), z.maxLength(128)),
});

/** The profile photo: the file itself is read from the form apart (checked by content on the server). */
const photoSchema = z.object({ intent: z.literal("foto"), remover: z.optional(z.literal("sim")) });

/** Every /conta form, told apart by `intent`. */
export const accountActionSchema = z.discriminatedUnion("intent", [
  nameSchema,
  passwordSchema,
  emailChangeSchema,
  deleteAccountSchema,
  photoSchema,
]);

/** /privacidade/solicitar: the address to prove. */
export const privacyRequestSchema = z.object({ email });

/** What the signed link's page can do. */
export const privacyActionSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(2000)),
  intent: z.literal("apagar"),
  confirm: z.literal("sim", { error: "Marque a caixa para confirmar que quer apagar os dados." }),
});
