/**
 * The account forms' schemas (product-spec §5) and their pt-BR messages: parsed by the server
 * and, as a courtesy, in the browser (docs/decisions/111-forms.md).
 */
import * as z from "zod/mini";

export const MIN_PASSWORD = 6;
export const MESSAGES = {
  emailRequired: "Informe seu e-mail.",
  emailInvalid: "Informe um e-mail válido, como nome@exemplo.com.br.",
  passwordRequired: "Informe sua senha.",
  newPasswordRequired: "Informe a nova senha.",
  nameRequired: "Informe seu nome completo.",
  passwordShort: "A senha deve ter no mínimo 6 caracteres.",
  passwordLong: "A senha pode ter no máximo 128 caracteres.",
  confirmRequired: "Repita a nova senha.",
  mismatch: "Por favor, digite a mesma senha nos dois campos.",
} as const;

const email = z.pipe(
  z
    .string({ error: MESSAGES.emailRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.emailRequired), z.maxLength(254, MESSAGES.emailInvalid)),
  z.email({ error: MESSAGES.emailInvalid }),
);

const newPassword = (required: string) =>
  z
    .string({ error: required })
    .check(z.minLength(1, required), z.minLength(MIN_PASSWORD, MESSAGES.passwordShort), z.maxLength(128, MESSAGES.passwordLong));

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .check(z.minLength(1, MESSAGES.passwordRequired), z.maxLength(128, MESSAGES.passwordLong)),
});

export const signupSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(120, "Use no máximo 120 caracteres.")),
  email,
  password: newPassword(MESSAGES.passwordRequired),
});

export const recoverSchema = z.object({ email });

export const resetSchema = z
  .object({
    token: z.string().check(z.maxLength(200)),
    password: newPassword(MESSAGES.newPasswordRequired),
    confirm: z
      .string({ error: MESSAGES.confirmRequired })
      .check(z.minLength(1, MESSAGES.confirmRequired), z.minLength(MIN_PASSWORD, MESSAGES.passwordShort)),
  })
  .check(
    z.refine((v) => v.password === v.confirm, {
      message: MESSAGES.mismatch,
      path: ["confirm"],
      when: (p) => typeof p.value === "object" && p.issues.length === 0,
    }),
  );

/** The alert above the reset form, for the two mistakes people make (product-spec §9). */
export function resetFormAlert(errors: { password?: string[] | null; confirm?: string[] | null }) {
  const all = [...(errors.password ?? []), ...(errors.confirm ?? [])];
  if (all.includes(MESSAGES.passwordShort)) return { title: "Senha muito curta", description: MESSAGES.passwordShort };
  if (all.includes(MESSAGES.mismatch)) return { title: "Senhas não coincidem", description: MESSAGES.mismatch };
  return undefined;
}
