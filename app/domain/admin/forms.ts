/**
 * The admin panel's form schemas (docs/decisions/111-forms.md): the tab's action parses the post
 * with one of them (`parseFormSubmission`), and the tab's form checks the same schema in the
 * browser as a courtesy (`useSchemaForm`). Browser-safe, written with `zod/mini`.
 * Still to move here: the ONGs and payouts tabs (their schemas are in their `*.server.ts`).
 */
import * as z from "zod/mini";
import { AD_PLACEMENTS } from "~/domain/content";
import { isValidCalendarDate } from "~/platform/dates";
import { parseGoal } from "~/domain/parties";
import { safeRedirectPath } from "~/platform/http/safe-redirect";

const tooLong = (max: number) => `Use no máximo ${max.toLocaleString("pt-BR")} caracteres.`;

/** Required text, trimmed: a missing or blank field gives `message`. */
const text = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));

/** Optional text, trimmed; blank is null. */
const optionalText = (max = 200) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max)))),
    z.transform((v) => v || null),
  );

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A path on this site ("/images/…"), as the seeded banners and ads use; never "//host". */
const SITE_PATH = /^\/(?!\/)\S*$/;
export const IMAGE_REF_MESSAGE = "Informe um endereço http(s) ou um caminho do site que comece com /.";

/** An optional http(s) address (e.g. a story's image). */
const optionalHttpUrl = (message: string) => optionalText(2000).check(z.refine((v) => v === null || isHttpUrl(v), message));

/** A path that stays on this site once a browser reads it ("/\\evil.example" and "/.//evil.example" do not). */
const isSitePath = (v: string) => SITE_PATH.test(v) && safeRedirectPath(v, "") !== "";

/** An optional http(s) address or site path. */
const optionalImageRef = () => optionalText(2000).check(z.refine((v) => v === null || isHttpUrl(v) || isSitePath(v), IMAGE_REF_MESSAGE));

export const idField = z.uuid({ error: "Registro inválido." });
const booleanField = z.pipe(
  z.enum(["true", "false"], { error: "Valor inválido." }),
  z.transform((v) => v === "true"),
);

// ---------- hidden-field forms (switches, deletes, "respondida") ----------

export const toggleActiveSchema = z.object({ id: idField, active: booleanField });

/** Without JavaScript there is no dialog: a delete without `confirmed=sim` is asked on the page. */
export const deletionSchema = z.object({ id: idField, confirmed: z.optional(z.string()) });

export const messageAnsweredSchema = z.object({ id: idField, answered: booleanField });

// Better Auth user ids are opaque strings, not uuids.
export const revokeAdminSchema = z.object({
  userId: z
    .string({ error: "Registro inválido." })
    .check(z.trim(), z.minLength(1, "Registro inválido."), z.maxLength(100, "Registro inválido.")),
});

// ---------- the tabs' forms ----------

const FAMILIES_REQUIRED = "Informe o número de famílias.";

/** Dashboard: "2.847" or "2847". */
export const familiesHelpedSchema = z.object({
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

export const causeSchema = z.object({
  name: text("Informe o nome da causa.", 80),
  description: text("Informe a descrição da causa.", 1000),
  icon: optionalText(40),
});

export const storySchema = z.object({
  title: text("Informe o título da história.", 120),
  description: text("Informe a descrição da história.", 2000),
  imageUrl: optionalHttpUrl("A URL da imagem deve começar com http:// ou https://."),
});

/** Festas: the admin's edit (no "not in the past" rule: an admin may fix an old party). */
export const partyUpdateSchema = z.object({
  id: idField,
  name: text("Informe o nome da festa.", 120),
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
  causeId: z.uuid({ error: "Escolha a ONG/Causa." }),
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
