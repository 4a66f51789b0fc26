/**
 * The institution application form (`/ongs/cadastrar`): one schema for the browser's courtesy
 * check and the server's parse (docs/decisions/111-forms.md). The documents are files, checked by
 * content on the server (application-documents.server.ts), not here.
 */
import * as z from "zod/mini";
import { BRAZILIAN_STATES } from "./brazilian-states";
import { CNPJ_MESSAGES, parseCnpj } from "./cnpj";
import { parsePixKey, PIX_KEY_TYPES, PIX_MESSAGES } from "./pix-key";

const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;

/** Required text, trimmed, with inner runs of spaces made one. */
const text = (required: string, max: number, min = 1, short = required) =>
  z.string({ error: required }).check(
    z.overwrite((s) => s.replace(/\s+/g, " ").trim()),
    z.minLength(1, required),
    z.minLength(min, short),
    z.maxLength(max, tooLong(max)),
  );

const digits = (s: string) => s.replace(/\D/g, "");
const PHONE = "Informe um telefone válido com DDD, por exemplo (31) 99999-9999.";

export const APPLICATION_FIELD_MESSAGES = {
  legalName: "Informe a razão social (como está no cartão CNPJ).",
  cause: "Escolha a causa que a instituição atende.",
  city: "Informe a cidade.",
  state: "Escolha o estado (UF).",
  email: "Informe um e-mail de contato válido, como contato@instituicao.org.br.",
  description: "Conte em poucas linhas o que a instituição faz (pelo menos 30 caracteres).",
} as const;

const applicationFields = z.object({
  cnpj: z.pipe(
    z.string({ error: CNPJ_MESSAGES.required }).check(z.maxLength(40, CNPJ_MESSAGES.length)),
    z.transform((v, ctx) => {
      const parsed = parseCnpj(v);
      if (parsed.ok) return parsed.cnpj;
      ctx.issues.push({ code: "custom", message: parsed.error, input: v });
      return z.NEVER;
    }),
  ),
  legalName: text(APPLICATION_FIELD_MESSAGES.legalName, 200, 3),
  tradeName: z.pipe(
    z.optional(
      z.string().check(
        z.overwrite((s) => s.replace(/\s+/g, " ").trim()),
        z.maxLength(120, tooLong(120)),
      ),
    ),
    z.transform((v) => v || null),
  ),
  causeId: z.uuid({ error: APPLICATION_FIELD_MESSAGES.cause }),
  city: text(APPLICATION_FIELD_MESSAGES.city, 80),
  state: z.pipe(
    z.string({ error: APPLICATION_FIELD_MESSAGES.state }).check(z.trim(), z.toUpperCase()),
    z.enum(BRAZILIAN_STATES, { error: APPLICATION_FIELD_MESSAGES.state }),
  ),
  contactEmail: z.pipe(
    z
      .string({ error: APPLICATION_FIELD_MESSAGES.email })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, APPLICATION_FIELD_MESSAGES.email),
        z.maxLength(254, APPLICATION_FIELD_MESSAGES.email),
      ),
    z.email(APPLICATION_FIELD_MESSAGES.email),
  ),
  contactPhone: z.string({ error: PHONE }).check(
    z.trim(),
    z.maxLength(30, PHONE),
    z.refine((s) => /^[\d\s()+.-]+$/.test(s) && digits(s).length >= 10 && digits(s).length <= 13, PHONE),
  ),
  pixKeyType: z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.type }),
  pixKey: z.string({ error: PIX_MESSAGES.required }).check(z.trim(), z.minLength(1, PIX_MESSAGES.required), z.maxLength(120, tooLong(120))),
  description: text(APPLICATION_FIELD_MESSAGES.description, 1000, 30),
});

/** The form's schema: the Pix key is checked against its type and kept as the Pix directory writes it. */
export const applicationSchema = z.pipe(
  applicationFields,
  z.transform((value, ctx) => {
    const key = parsePixKey(value.pixKeyType, value.pixKey);
    if (key.ok) return { ...value, pixKey: key.key };
    ctx.issues.push({ code: "custom", message: key.error, input: value.pixKey, path: ["pixKey"] });
    return z.NEVER;
  }),
);

export type ApplicationInput = z.output<typeof applicationSchema>;
