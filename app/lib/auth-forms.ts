/**
 * The account forms' rules (product-spec §5) and their pt-BR messages. Parsed on the server;
 * the browser's `required`/`minLength` are only a courtesy.
 */
import { z } from "zod";

export const MIN_PASSWORD = 6;
export const MESSAGES = {
  emailRequired: "Informe seu e-mail.",
  emailInvalid: "Informe um e-mail válido, como nome@exemplo.com.br.",
  passwordRequired: "Informe sua senha.",
  nameRequired: "Informe seu nome completo.",
  passwordShort: "A senha deve ter no mínimo 6 caracteres.",
  passwordLong: "A senha pode ter no máximo 128 caracteres.",
  confirmRequired: "Repita a nova senha.",
} as const;

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

const newPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(MIN_PASSWORD, MESSAGES.passwordShort)
  .max(128, MESSAGES.passwordLong);

export const loginSchema = z.object({
  email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128, MESSAGES.passwordLong),
});

export const signupSchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120, "Use no máximo 120 caracteres."),
  email,
  password: newPassword,
});

export const recoverSchema = z.object({ email });

export const resetSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
  confirm: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
});

export type FieldErrors = Partial<Record<string, string>>;

/** Parses a form against a schema; on failure, the first message per field. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  fields: readonly string[],
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const raw = Object.fromEntries(fields.map((f) => [f, form.get(f) === null ? undefined : String(form.get(f))]));
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
