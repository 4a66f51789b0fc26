/**
 * The answers of a panel's form actions (the admin tabs): data for the page plus a toast. A refused
 * form answers Conform's reply, so the form shows each field's error and keeps what was typed.
 */
import { data } from "react-router";
import type { ActionAnswer } from "~/platform/forms/action-answer";
import { type FormResult, firstErrors } from "~/platform/forms/submission";
import { toastHeaders } from "./toast.server";

export type ToastInput = { title: string; description?: string };

export async function succeed(intent: string, toast: ToastInput | null, extra: Partial<ActionAnswer> = {}) {
  const body: ActionAnswer = { intent, ok: true, key: Date.now(), ...extra };
  if (!toast) return data(body);
  return data(body, { headers: await toastHeaders({ type: "success", ...toast }) });
}

export async function inform(intent: string, toast: ToastInput, extra: Partial<ActionAnswer> = {}) {
  return data<ActionAnswer>(
    { intent, ok: true, key: Date.now(), message: toast.description, ...extra },
    { headers: await toastHeaders({ type: "info", ...toast }) },
  );
}

/**
 * A refusal that is not about a field (the row is gone, the payout was already made): an error
 * toast, and its text on the page. A refused form answers with `refuse` instead.
 */
export async function fail(intent: string, toast: ToastInput, options: { status?: number } = {}) {
  return data<ActionAnswer>(
    { intent, ok: false, message: toast.description },
    { status: options.status ?? 400, headers: await toastHeaders({ type: "error", ...toast }) },
  );
}

/**
 * A refused form: Conform's reply (each field's errors and what was typed, for the tab's form) and
 * an error toast whose text is the first message. Domain refusals pass
 * `submission.reply({ fieldErrors })`.
 */
export async function refuse(intent: string, title: string, result: FormResult, status = 400) {
  const description = Object.values(firstErrors(result))[0] ?? "Verifique os campos destacados.";
  return data<ActionAnswer>(
    { intent, ok: false, message: description, result },
    { status, headers: await toastHeaders({ type: "error", title, description }) },
  );
}

/** A delete posted without JavaScript: the page asks before anything happens. */
export function confirmFirst(intent: string, id: string, prompt: string) {
  return data<ActionAnswer>({ intent, ok: false, confirm: { id, prompt } });
}
