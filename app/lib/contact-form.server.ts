/** Server-side validation of the contact form (kept out of the browser bundle with Zod). */
import { z } from "zod";
import type { ContactField } from "./contact-form";

const digits = (s: string) => s.replace(/\D/g, "");

/** The contact form (product-spec §5: name, e-mail with format, phone required; message optional). */
export const contactSchema = z.object({
  nome: z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "Informe seu nome.").max(120, "Use no máximo 120 caracteres.")),
  email: z
    .string()
    .trim()
    .min(1, "Informe seu e-mail.")
    .max(254, "Informe um e-mail válido.")
    .pipe(z.email("Informe um e-mail válido, como nome@exemplo.com.br.")),
  telefone: z
    .string()
    .trim()
    .min(1, "Informe seu telefone.")
    .max(30, "Informe um telefone válido com DDD.")
    .refine((s) => /^[\d\s()+.-]+$/.test(s) && digits(s).length >= 10 && digits(s).length <= 13, "Informe um telefone válido com DDD."),
  mensagem: z.string().trim().max(2000, "A mensagem pode ter no máximo 2.000 caracteres.").optional().default(""),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The raw values as typed, to put back into the form after an error (nothing lost). */
export function contactValues(form: FormData): Record<ContactField, string> {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.slice(0, 4000) : "";
  };
  return { nome: get("nome"), email: get("email"), telefone: get("telefone"), mensagem: get("mensagem") };
}

// The browser-side field list must name exactly the schema's fields.
contactSchema.shape satisfies Record<ContactField, unknown>;
