/**
 * The admin panel's former hand-written field helpers (full Zod, first error per field, posted
 * values echoed back). Kept ONLY for the ONGs and payouts tabs (organizations.server.ts,
 * payouts.server.ts), which are being changed on other branches; delete this file once both parse
 * with a schema from `./forms.ts` and answer Conform's reply like the other tabs.
 */
import { z } from "zod";
import { firstErrors } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { IMAGE_REF_MESSAGE, isHttpUrl } from "./forms";
import { safeRedirectPath } from "~/platform/http/safe-redirect";

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

export const requiredText = (message: string, max = 200) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: message })
      .min(1, message)
      .max(max, `Use no máximo ${max.toLocaleString("pt-BR")} caracteres.`),
  );

export const optionalText = (max = 200) =>
  z
    .preprocess(
      trimmed,
      z
        .string()
        .max(max, `Use no máximo ${max.toLocaleString("pt-BR")} caracteres.`)
        .optional(),
    )
    .transform((v) => v || null);

/** An optional http(s) address (e.g. a payout's proof). */
export const optionalHttpUrl = (message = "Informe um endereço que comece com http:// ou https://.") =>
  optionalText(2000).refine((v) => v === null || isHttpUrl(v), message);

/** An http(s) address or a path on this site ("/images/…"). */
export const optionalImageRef = (message = IMAGE_REF_MESSAGE) =>
  optionalText(2000).refine((v) => v === null || isHttpUrl(v) || (/^\/(?!\/)\S*$/.test(v) && safeRedirectPath(v, "") !== ""), message);

export const idField = z.uuid({ error: "Registro inválido." });

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** Parses with Conform (as every form does), then flattens the reply into first errors and posted text. */
export function parseForm<S extends z.ZodObject>(schema: S, form: FormData): ParseResult<z.output<S>> {
  const submission = parseFormSubmission(form, schema);
  if (submission.status === "success") return { ok: true, data: submission.value };
  return { ok: false, errors: firstErrors(submission.reply()), values: postedValues(form) };
}

/** The posted text fields (minus the intent), to refill a form rendered without JavaScript. */
export function postedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (key !== "intent" && typeof value === "string") values[key] = value;
  return values;
}

/** The first field error, for a toast's description. */
export function firstError(errors: Record<string, string>): string {
  return Object.values(errors)[0] ?? "Verifique os campos destacados.";
}
