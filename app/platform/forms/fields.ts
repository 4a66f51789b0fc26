/**
 * The field builders of the admin panel's form schemas (forms.ts, payout-forms.ts): trimmed text
 * with pt-BR messages, optional links and choices, ids and switches. Browser-safe, `zod/mini`.
 */
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { safeRedirectPath } from "~/platform/http/safe-redirect";

export const tooLong = (max: number) => `Use no máximo ${max.toLocaleString("pt-BR")} caracteres.`;

/** Required text, trimmed: a missing or blank field gives `message`. */
export const text = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));

/** At least `min` characters, once something was typed (a blank field has its own message). */
export const atLeast = (min: number, message: string) => z.refine<string>((v) => v.length === 0 || v.length >= min, message);

/** Optional text, trimmed; blank is null. */
export const optionalText = (max = 200) =>
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
export const optionalHttpUrl = (message: string) => optionalText(2000).check(z.refine((v) => v === null || isHttpUrl(v), message));

/** A path that stays on this site once a browser reads it ("/\\evil.example" and "/.//evil.example" do not). */
export const isSitePath = (v: string) => SITE_PATH.test(v) && safeRedirectPath(v, "") !== "";

/** An optional http(s) address or site path. */
export const optionalImageRef = () =>
  optionalText(2000).check(z.refine((v) => v === null || isHttpUrl(v) || isSitePath(v), IMAGE_REF_MESSAGE));

/**
 * An optional choice from a select: blank (or missing) is null; anything else must pass `schema`,
 * whose message is the answer.
 */
export const optionalChoice = <S extends $ZodType<string, string>>(schema: S) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((v) => v?.trim() || undefined),
    ),
    z.pipe(
      z.optional(schema),
      z.transform((v) => v ?? null),
    ),
  );

export const emailFormat = z.email();

export const idField = z.uuid({ error: "Registro inválido." });
export const booleanField = z.pipe(
  z.enum(["true", "false"], { error: "Valor inválido." }),
  z.transform((v) => v === "true"),
);

// ---------- hidden-field forms every admin list shares (switches, deletes) ----------

export const toggleActiveSchema = z.object({ id: idField, active: booleanField });

/** Without JavaScript there is no dialog: a delete without `confirmed=sim` is asked on the page. */
export const deletionSchema = z.object({ id: idField, confirmed: z.optional(z.string()) });
