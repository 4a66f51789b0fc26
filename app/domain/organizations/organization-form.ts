/**
 * ONGs tab forms (docs/decisions/111-forms.md): the action parses the post with these schemas, and
 * the tab's forms check the same ones in the browser. Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import {
  emailFormat,
  idField,
  optionalChoice,
  optionalHttpUrl,
  optionalImageRef,
  optionalText,
  text,
  tooLong,
  atLeast,
} from "~/platform/forms/fields";
import { BRAZILIAN_STATES } from "./brazilian-states";
import { CNPJ_MESSAGES, parseCnpj } from "./cnpj";
import { parsePixKey, PIX_KEY_TYPES, PIX_MESSAGES } from "./pix-key";

export const ORGANIZATION_MESSAGES = {
  nameShort: "O nome da ONG precisa ter pelo menos 3 caracteres.",
  nameTaken: "Já existe uma ONG com este nome.",
  slugTaken: "Esta âncora já é usada por outra ONG.",
  legalNameShort: "Informe a razão social (pelo menos 3 caracteres).",
  missing: "Esta ONG não existe mais.",
  verifyWithoutCnpj: "Cadastre um CNPJ válido antes de verificar esta ONG.",
} as const;

const organizationFields = z.object({
  name: text("Informe o nome da ONG.", 160).check(atLeast(3, ORGANIZATION_MESSAGES.nameShort)),
  legalName: text("Informe a razão social.", 200).check(atLeast(3, ORGANIZATION_MESSAGES.legalNameShort)),
  /** Typed with or without punctuation; kept as its 14 digits. */
  cnpj: z.pipe(
    z.optional(z.string().check(z.maxLength(40, CNPJ_MESSAGES.length))),
    z.transform((v, ctx) => {
      const parsed = parseCnpj(v ?? "");
      if (parsed.ok) return parsed.cnpj;
      ctx.issues.push({ code: "custom", message: parsed.error, input: v });
      return z.NEVER;
    }),
  ),
  slug: z
    .string({ error: "Informe a âncora." })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(2, "Informe a âncora (pelo menos 2 caracteres)."),
      z.maxLength(60, tooLong(60)),
      z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use letras minúsculas sem acento, números e hífens, por exemplo aadora."),
    ),
  causeId: optionalChoice(z.uuid({ error: "Escolha uma causa da lista." })),
  city: text("Informe a cidade.", 80),
  state: z.pipe(
    z.string({ error: "Escolha o estado (UF)." }).check(z.trim(), z.toUpperCase()),
    z.enum(BRAZILIAN_STATES, { error: "Escolha o estado (UF)." }),
  ),
  description: text("Informe a descrição.", 2000),
  bannerUrl: optionalImageRef(),
  email: optionalText(200).check(z.refine((v) => v === null || emailFormat.safeParse(v).success, "Informe um e-mail válido.")),
  logoUrl: optionalImageRef(),
  siteUrl: optionalHttpUrl("Informe um endereço que comece com http:// ou https://."),
  pixKeyType: optionalChoice(z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.type })),
  pixKey: optionalText(120),
  /** A checkbox posts "on" when ticked, nothing otherwise. */
  isMain: z.pipe(
    z.optional(z.string()),
    z.transform((v) => v === "on" || v === "true"),
  ),
});

type PixFields = { pixKeyType: (typeof PIX_KEY_TYPES)[number] | null; pixKey: string | null };

/**
 * The Pix key is checked against its type, once the fields themselves are valid, and kept the way
 * the Pix directory writes it (digits, +55…, lower case).
 */
function withPixKey<S extends z.ZodMiniType<PixFields>>(fields: S) {
  return z.pipe(
    fields,
    z.transform((value: z.output<S>, ctx) => {
      const refuse = (path: "pixKey" | "pixKeyType", message: string) => {
        ctx.issues.push({ code: "custom", message, input: value[path], path: [path] });
        return z.NEVER;
      };
      const { pixKeyType, pixKey } = value;
      if (pixKey === null) return pixKeyType === null ? value : refuse("pixKey", PIX_MESSAGES.required);
      if (pixKeyType === null) return refuse("pixKeyType", PIX_MESSAGES.keyWithoutType);
      const key = parsePixKey(pixKeyType, pixKey);
      return key.ok ? { ...value, pixKey: key.key } : refuse("pixKey", key.error);
    }),
  );
}

/** ONGs: create; the edit adds the institution's `id`. Name, anchor and CNPJ are unique (the action checks). */
export const organizationSchema = withPixKey(organizationFields);
export const organizationUpdateSchema = withPixKey(z.extend(organizationFields, { id: idField }));

/** "Verificar" or "Remover verificação" (the button pressed), with an optional note for the audit log. */
export const organizationVerificationSchema = z.object({
  id: idField,
  decision: z.enum(["verificar", "remover"], { error: "Ação inválida." }),
  note: optionalText(500),
});
