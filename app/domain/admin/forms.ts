/**
 * The admin panel's form schemas (docs/decisions/111-forms.md): the tab's action parses the post
 * with one of them (`parseFormSubmission`), and the tab's form checks the same schema in the
 * browser as a courtesy (`useSchemaForm`). Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import { AD_PLACEMENTS } from "~/domain/content";
import { CAUSE_ICONS } from "~/domain/organizations";
import {
  atLeast,
  booleanField,
  IMAGE_REF_MESSAGE,
  idField,
  isHttpUrl,
  isSitePath,
  optionalChoice,
  optionalHttpUrl,
  optionalImageRef,
  text,
} from "~/platform/forms/fields";
import { isValidCalendarDate } from "~/platform/dates";

// ---------- hidden-field forms (switches, deletes, "respondida") ----------

export const messageAnsweredSchema = z.object({ id: idField, answered: booleanField });

/** "Tentar agora" on a plan in recovery (issue 30). */
export const retryRecoverySchema = z.object({ id: idField });

// Better Auth user ids are opaque strings, not uuids.
export const revokeAdminSchema = z.object({
  userId: z
    .string({ error: "Registro inválido." })
    .check(z.trim(), z.minLength(1, "Registro inválido."), z.maxLength(100, "Registro inválido.")),
});

// ---------- the tabs' forms ----------

const FAMILIES_REQUIRED = "Informe o número de famílias.";

const SOURCE_REQUIRED = "Diga de onde vem o número, por exemplo: o relatório anual da AADORA.";
const REPORT_DATE_REQUIRED = "Informe a data do relatório.";

/**
 * Dashboard: "2.847" or "2847", copied from an institution's report: whose report it is and its
 * date go with it, and every page shows them (decision 163).
 */
export const familiesHelpedSchema = z.object({
  familiesSource: z
    .string({ error: SOURCE_REQUIRED })
    .check(z.trim(), z.minLength(3, SOURCE_REQUIRED), z.maxLength(120, "Use no máximo 120 caracteres.")),
  familiesReportedOn: z
    .string({ error: REPORT_DATE_REQUIRED })
    .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_DATE_REQUIRED), z.refine(isValidCalendarDate, REPORT_DATE_REQUIRED)),
  familiesHelped: z.pipe(
    z.string({ error: FAMILIES_REQUIRED }).check(
      z.overwrite((v) => v.trim().replace(/\./g, "")),
      z.minLength(1, FAMILIES_REQUIRED),
      z.regex(/^\d+$/, "Use só números inteiros, por exemplo 2847."),
    ),
    z.transform((v, ctx) => {
      const n = Number(v);
      if (n <= 100_000_000) return n;
      ctx.issues.push({ code: "custom", message: "Esse número parece grande demais.", input: v });
      return z.NEVER;
    }),
  ),
});

export const CAUSE_MESSAGES = {
  nameShort: "O nome da causa precisa ter pelo menos 3 caracteres.",
  nameTaken: "Já existe uma causa com este nome.",
  icon: "Escolha um ícone da lista.",
} as const;

/** Causas: the name is unique among causes (checked by the action, ignoring case and accents). */
export const causeSchema = z.object({
  name: text("Informe o nome da causa.", 80).check(atLeast(3, CAUSE_MESSAGES.nameShort)),
  description: text("Informe a descrição da causa.", 1000),
  icon: optionalChoice(z.enum(CAUSE_ICONS, { error: CAUSE_MESSAGES.icon })),
});

export const storySchema = z.object({
  title: text("Informe o título da história.", 120),
  description: text("Informe a descrição da história.", 2000),
  imageUrl: optionalHttpUrl("A URL da imagem deve começar com http:// ou https://."),
});

const EMAIL_MESSAGE = "Informe um e-mail válido.";

/** Equipe: the e-mail of an existing account (compared in lower case). */
export const grantAdminSchema = z.object({
  email: z.pipe(
    z.string({ error: EMAIL_MESSAGE }).check(z.trim(), z.toLowerCase(), z.maxLength(200, EMAIL_MESSAGE)),
    z.email({ error: EMAIL_MESSAGE }),
  ),
});

/** A checkbox group posts nothing, one value or several. */
const checkedValues = z.transform((v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** Anúncios: create and edit (the edit adds the ad's `id`). */
export const adSchema = z.object({
  title: text("Informe o título.", 120),
  description: text("Informe a descrição.", 400),
  ctaText: text("Informe o texto do botão.", 40),
  // A site path must stay one once a browser reads it ("/\\evil.example" is another host).
  ctaUrl: text("Informe o link do botão.", 2000).check(z.refine((v) => v === "" || isHttpUrl(v) || isSitePath(v), IMAGE_REF_MESSAGE)),
  sponsor: text("Informe o patrocinador.", 120),
  imageUrl: optionalImageRef(),
  placements: z.pipe(
    checkedValues,
    z.array(z.enum(AD_PLACEMENTS, { error: "Página inválida." })).check(z.minLength(1, "Escolha pelo menos uma página.")),
  ),
  sortOrder: z.pipe(
    z.pipe(
      z.optional(z.string().check(z.trim())),
      z.transform((v) => (v ? Number(v) : 0)),
    ),
    z.int({ error: "Use um número inteiro." }).check(z.minimum(0, "Use 0 ou mais."), z.maximum(9999, "Use no máximo 9999.")),
  ),
});

export const adUpdateSchema = z.extend(adSchema, { id: idField });
