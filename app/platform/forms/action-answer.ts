import type { FormResult } from "./submission";

/**
 * What a panel's form action answers with (the admin tabs, read through useActionData/useFetcher):
 * which form it answers, whether it worked, and what the form shows next.
 */
export type ActionAnswer = {
  intent: string;
  ok: boolean;
  /** Changes on every success, so a create form remounts empty. */
  key?: number;
  /** A refused form: Conform's reply (errors and what was typed), read by the tab's `useSchemaForm`. */
  result?: FormResult;
  message?: string;
  /** A delete posted without JavaScript asks here before it happens. */
  confirm?: { id: string; prompt: string };
};
