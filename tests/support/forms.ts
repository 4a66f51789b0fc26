import type { FormResult } from "~/platform/forms/submission";

/** The first message of each field in an action's Conform reply (form-level ones under ""). */
export function fieldErrors(result: FormResult | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.[0]) errors[name] = messages[0];
  return errors;
}

/** Every posted field's text as the reply gives it back (Conform leaves out empty ones: ""). */
export function postedValues(result: FormResult | null | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of result?.fields ?? []) {
    const value = result?.initialValue?.[name];
    values[name] = typeof value === "string" ? value : Array.isArray(value) ? String(value[0] ?? "") : "";
  }
  return values;
}

// ---------- a schema parsed the way an action parses a post (the admin tabs' form tests) ----------

/** A post's body as the browser sends it (a field may repeat). */
export function formBody(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
}

/** Each field's messages of a refused parse, as the form shows them. */
export const parseErrors = (result: { reply(): FormResult }) => result.reply().error;

/** The parsed value of an accepted post; fails the test when it was refused. */
export function parsedValue<T>(result: { status?: string; value?: T }): T {
  if (result.status !== "success") throw new Error(`expected the post to be accepted, got ${JSON.stringify(result)}`);
  return result.value as T;
}

/** A record id the schemas accept. */
export const TEST_UUID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
