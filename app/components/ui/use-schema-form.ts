import { type DefaultValue, useForm } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import { type FormResult, parseSubmission } from "~/platform/forms/submission";

/** The form's fields as Conform types them: the schema's input (an object schema's, for our forms). */
export type FormShape<S extends $ZodType> = input<S> extends Record<string, unknown> ? input<S> : Record<string, unknown>;

/**
 * A form checked in the browser with the schema the server uses (docs/decisions/111-forms.md): a
 * field is checked when it loses focus, then again as it is typed in; the server's answer
 * (`lastResult`, from the action) shows its errors and puts back what was typed. A courtesy only:
 * the action parses again and decides.
 */
export function useSchemaForm<S extends $ZodType>(
  schema: S,
  lastResult: FormResult | null | undefined,
  options: { id?: string; defaultValue?: DefaultValue<FormShape<S>> } = {},
) {
  return useForm<FormShape<S>, output<S>>({
    id: options.id,
    defaultValue: options.defaultValue,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
}
