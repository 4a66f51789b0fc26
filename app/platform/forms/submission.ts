/**
 * The one way a posted form is read (docs/decisions/111-forms.md): Conform's `parseWithZod` with the
 * form's Zod schema, on the server (the authority) and in the browser (a courtesy, through
 * `useSchemaForm`). Browser-safe: schemas are written with `zod/mini` so the page carries ~7 KB of
 * Zod instead of ~27 KB.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** What an action answers after a refused form: Conform's reply (errors and the values as typed). */
export type FormResult = SubmissionResult<string[]>;

/**
 * Parses a posted form with its schema. Auto-coercion is off: our schemas read the text as typed
 * (trim, "" is "missing" with its own pt-BR message), so a schema gives the same answer to
 * `safeParse` in a unit test as to a real post.
 */
export function parseSubmission<S extends $ZodType>(form: FormData | URLSearchParams, schema: S) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

/** The first message of each field (form-level messages under ""), e.g. for a toast. */
export function firstErrors(result: FormResult | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.[0]) errors[name] = messages[0];
  return errors;
}

/** The value posted in a field, as text, from a reply (to refill a field Conform does not manage). */
export function postedText(result: FormResult | null | undefined, name: string): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}
