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
