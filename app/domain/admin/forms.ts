/**
 * The admin panel's form schemas (docs/decisions/111-forms.md): the tab's action parses the post
 * with one of them (`parseFormSubmission`), and the tab's form checks the same schema in the
 * browser as a courtesy (`useSchemaForm`). Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import { BRAZILIAN_STATES, CNPJ_MESSAGES, parseCnpj, parsePixKey, PIX_KEY_TYPES, PIX_MESSAGES } from "~/domain/organizations";
import { EVENT_TYPES, parseGoal } from "~/domain/parties";
import {
  atLeast,
  emailFormat,
  idField,
  optionalChoice,
  optionalHttpUrl,
  optionalImageRef,
  optionalText,
  text,
  tooLong,
} from "~/platform/forms/fields";
import { isValidCalendarDate } from "~/platform/dates";
import { parseReaisToCents } from "~/platform/money";

// ---------- hidden-field forms (switches, deletes, "respondida") ----------

// ---------- the tabs' forms ----------

/**
 * Festas: the admin's edit covers every field the creator filled in (/criar-festa), with no "not in
 * the past" rule: an admin may fix an old party.
 */
export const partyUpdateSchema = z.object({
  id: idField,
  name: text("Informe o nome da festa.", 120),
  eventType: z.enum(EVENT_TYPES, { error: "Escolha o tipo de evento." }),
  eventDate: text("Informe a data do evento.").check(z.refine((d) => d === "" || isValidCalendarDate(d), "Informe uma data válida.")),
  goal: z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((raw, ctx) => {
      const goal = parseGoal(raw);
      if (goal.ok) return goal.cents;
      ctx.issues.push({ code: "custom", message: goal.message, input: raw });
      return z.NEVER;
    }),
  ),
  message: optionalText(1000),
});

const PARTY_MOVE_MESSAGES = {
  organization: "Escolha a nova instituição.",
  reason: "Escreva o motivo da mudança (ele vai no e-mail ao criador e às instituições).",
  reasonShort: "Explique o motivo em pelo menos 10 caracteres.",
  confirm: "Confirme que as doações já pagas continuam com a instituição atual.",
} as const;

/** Festas → "Mudar de instituição" (decision 165): the new institution, a reason and a confirmation. */
export const partyMoveSchema = z.object({
  id: idField,
  organizationId: z.uuid({ error: PARTY_MOVE_MESSAGES.organization }),
  reason: text(PARTY_MOVE_MESSAGES.reason, 500).check(atLeast(10, PARTY_MOVE_MESSAGES.reasonShort)),
  confirmed: z.literal("sim", { error: PARTY_MOVE_MESSAGES.confirm }),
});

// ---------- ONGs ----------

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

// ---------- Impacto: impact units and impact updates per institution ----------
const IMPACT_MESSAGES = {
  organization: "Escolha a instituição.",
  cost: "Informe o custo em reais (ex.: 80 ou 80,50).",
  month: "Informe o mês no formato AAAA-MM.",
} as const;

/** What a unit is (words and cost), for the admin's form and an institution's proposal alike. */
const impactUnitFields = {
  singular: text("Informe a unidade no singular (ex.: consulta).", 60),
  plural: text("Informe a unidade no plural (ex.: consultas).", 60),
  cost: z.pipe(
    text(IMPACT_MESSAGES.cost, 20),
    z.transform((v, ctx) => {
      const cents = parseReaisToCents(v);
      if (cents === null || cents <= 0 || cents > 100_000_000) {
        ctx.issues.push({ code: "custom", message: IMPACT_MESSAGES.cost, input: v });
        return z.NEVER;
      }
      return cents;
    }),
  ),
};

export const impactUnitSchema = z.object({
  organizationId: z.uuid({ error: IMPACT_MESSAGES.organization }),
  ...impactUnitFields,
});

/**
 * An institution's impact unit proposal from its dashboard (decision 191): the admin form's rules,
 * the institution taken from the URL, and the unit it changes (empty: a new unit). Spelled with the
 * schema parts every form page already loads (no union, extend or omit): zod's code for those
 * would join the shared form chunk of /doar and the other public forms (their 150 KB budget).
 */
export const impactUnitProposalSchema = z.object({
  ...impactUnitFields,
  // Empty ("Uma unidade nova"): the browser's check keeps the empty option's value.
  unitId: z.optional(
    z
      .string({ error: "Escolha uma unidade da lista." })
      .check(z.regex(/^$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Escolha uma unidade da lista.")),
  ),
});

/** What an institution's team sent for review (an update, a unit): approved as is, or sent back with a reason the team reads. */
const approveReviewSchema = z.object({ id: idField });
const refuseReviewSchema = z.object({
  id: idField,
  reason: text("Explique à instituição o que ajustar.", 500).check(atLeast(10, "Explique o motivo em pelo menos 10 caracteres.")),
});

/** Impacto → "Unidades propostas pelas ONGs" (decision 191). */
export const approveImpactUnitProposalSchema = approveReviewSchema;
export const refuseImpactUnitProposalSchema = refuseReviewSchema;

export const impactUpdateSchema = z.object({
  organizationId: z.uuid({ error: IMPACT_MESSAGES.organization }),
  month: text(IMPACT_MESSAGES.month, 7).check(z.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, IMPACT_MESSAGES.month)),
  title: text("Informe o título da atualização.", 120),
  body: text("Escreva o texto da atualização.", 4000),
});

/** Impacto → "Atualizações das ONGs" (decision 190). */
export const approveInstitutionUpdateSchema = approveReviewSchema;
export const refuseInstitutionUpdateSchema = refuseReviewSchema;
