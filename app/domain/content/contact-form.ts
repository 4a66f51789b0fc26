/**
 * The contact form (product-spec §5: name, e-mail with format, phone required; message optional):
 * its schema, parsed by the server and, as a courtesy, in the browser (docs/decisions/111-forms.md).
 */
import * as z from "zod/mini";

/** Bots fill every field they find; people never see this one. */
export const CONTACT_HONEYPOT = "site";

const digits = (s: string) => s.replace(/\D/g, "");
const PHONE = "Informe um telefone válido com DDD.";

export const contactSchema = z.object({
  nome: z.string({ error: "Informe seu nome." }).check(
    z.overwrite((s) => s.replace(/\s+/g, " ").trim()),
    z.minLength(1, "Informe seu nome."),
    z.maxLength(120, "Use no máximo 120 caracteres."),
  ),
  email: z.pipe(
    z
      .string({ error: "Informe seu e-mail." })
      .check(z.trim(), z.minLength(1, "Informe seu e-mail."), z.maxLength(254, "Informe um e-mail válido.")),
    z.email("Informe um e-mail válido, como nome@exemplo.com.br."),
  ),
  telefone: z.string({ error: "Informe seu telefone." }).check(
    z.trim(),
    z.minLength(1, "Informe seu telefone."),
    z.maxLength(30, PHONE),
    z.refine((s) => s === "" || (/^[\d\s()+.-]+$/.test(s) && digits(s).length >= 10 && digits(s).length <= 13), PHONE),
  ),
  mensagem: z._default(z.string().check(z.trim(), z.maxLength(2000, "A mensagem pode ter no máximo 2.000 caracteres.")), ""),
});

/** "5531999999999" -> "+55 (31) 99999-9999", for showing the configured WhatsApp number. */
export function formatWhatsappNumber(number: string): string {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : `+${number}`;
}
