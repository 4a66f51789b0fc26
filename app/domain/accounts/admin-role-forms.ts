/**
 * The Equipe tab's forms (docs/decisions/111-forms.md): who gets or loses the admin role. The admin
 * action parses the post with them, and the tab's form checks the same schema in the browser.
 * Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";

const EMAIL_MESSAGE = "Informe um e-mail válido.";

/** Equipe: the e-mail of an existing account (compared in lower case). */
export const grantAdminSchema = z.object({
  email: z.pipe(
    z.string({ error: EMAIL_MESSAGE }).check(z.trim(), z.toLowerCase(), z.maxLength(200, EMAIL_MESSAGE)),
    z.email({ error: EMAIL_MESSAGE }),
  ),
});

// Better Auth user ids are opaque strings, not uuids.
export const revokeAdminSchema = z.object({
  userId: z
    .string({ error: "Registro inválido." })
    .check(z.trim(), z.minLength(1, "Registro inválido."), z.maxLength(100, "Registro inválido.")),
});
