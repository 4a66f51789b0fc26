import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { type FormResult, parseSubmission } from "./submission";

/** Our forms only use plain field names. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * The server's reading of a posted form. Only plain field names reach Conform: its reserved
 * `__intent__`/`__state__` (JSON the client would choose) and path names (`a[99999999]`, which
 * would come back in the reply as a huge array) are dropped. We never use Conform intents.
 */
export function parseFormSubmission<S extends $ZodType>(form: FormData, schema: S) {
  const plain = new FormData();
  for (const [name, value] of form) if (PLAIN_NAME.test(name)) plain.append(name, value);
  return parseSubmission(plain, schema);
}

const anyFields = z.object({});

/**
 * A refusal no schema decided (a body over the size limit): what was posted comes back, as in any
 * reply, with these messages.
 */
export function replyWithErrors(form: FormData, errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): FormResult {
  return parseFormSubmission(form, anyFields).reply(errors);
}
