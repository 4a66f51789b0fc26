// Transitional (issue 28 item 6): the tab routes' kit is app/routes/admin/kit.server.ts; what is left
// here goes with the handlers as they move out of app/domain/admin.
/**
 * Helpers every admin action uses: answers with toasts (a refused form answers Conform's reply),
 * and the transaction that writes a change together with its audit entry. Forms are parsed with
 * `parseFormSubmission` and a schema from `./forms.ts` (docs/decisions/111-forms.md).
 */
import { data } from "react-router";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import type { Transaction } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import type { SessionUser } from "~/domain/accounts/index.server";
import type { Payments } from "~/domain/payments/index.server";
import type { CnpjRegistry } from "~/domain/organizations";
import { toastHeaders } from "~/platform/http/toast.server";
import { type AuditRecorder, auditedChange as audited } from "~/platform/audit.server";
import { type FormResult, firstErrors } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { deletionSchema, toggleActiveSchema } from "~/platform/forms/fields";
import type { ActionAnswer as AdminActionData } from "~/platform/forms/action-answer";

/** What the admin panel's loaders and actions receive from the request context. */
export type AdminDeps = { config: Config; mailer: Mailer; clock: Clock; payments: Payments; cnpjRegistry: CnpjRegistry };
type AdminActionContext = { admin: SessionUser; form: FormData; request: Request; deps: AdminDeps };
export type AdminActionHandler = (ctx: AdminActionContext) => Promise<Response | ReturnType<typeof data<AdminActionData>>>;

type ToastInput = { title: string; description?: string };

export async function succeed(intent: string, toast: ToastInput | null, extra: Partial<AdminActionData> = {}) {
  const body: AdminActionData = { intent, ok: true, key: Date.now(), ...extra };
  if (!toast) return data(body);
  return data(body, { headers: await toastHeaders({ type: "success", ...toast }) });
}

/**
 * A refusal that is not about a field (the row is gone, the payout was already made): an error
 * toast, and its text on the page. A refused form answers with `refuse` instead.
 */
export async function fail(intent: string, toast: ToastInput, options: { status?: number } = {}) {
  return data<AdminActionData>(
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
  return data<AdminActionData>(
    { intent, ok: false, message: description, result },
    { status, headers: await toastHeaders({ type: "error", title, description }) },
  );
}

export type { AuditRecorder };

/** Runs a change in a transaction; `audit()` records who made it in that same transaction. */
export function auditedChange<T>(admin: SessionUser, change: (tx: Transaction, audit: AuditRecorder) => Promise<T>): Promise<T> {
  return audited(admin.id, change);
}

/**
 * The "Ativa" switch of an admin list: sets `active` on one row in an audited transaction; a row
 * that is gone answers 404 with `missing`. `done` is the success toast, if any.
 */
export function toggleActiveAction<Row>(options: {
  intent: string;
  errorTitle: string;
  missing: string;
  setActive: (tx: Transaction, id: string, active: boolean) => Promise<Row | null | undefined>;
  audit: { entity: string; activate: string; deactivate: string; details: (row: Row) => Record<string, unknown> };
  done?: (row: Row, active: boolean) => ToastInput;
}): AdminActionHandler {
  const { intent, errorTitle } = options;
  return async ({ admin, form }) => {
    const submission = parseFormSubmission(form, toggleActiveSchema);
    if (submission.status !== "success") return refuse(intent, errorTitle, submission.reply());
    const { id, active } = submission.value;
    const row = await auditedChange(admin, async (tx, audit) => {
      const updated = await options.setActive(tx, id, active);
      if (updated) {
        const { entity, activate, deactivate, details } = options.audit;
        await audit({ action: active ? activate : deactivate, entity, entityId: id, details: details(updated) });
      }
      return updated;
    });
    if (!row) return fail(intent, { title: errorTitle, description: options.missing }, { status: 404 });
    return succeed(intent, options.done?.(row, active) ?? null);
  };
}

/**
 * Parses a delete request. Without JavaScript there is no confirmation dialog, so a request
 * without `confirmed=sim` answers with the question, to be confirmed on the page.
 */
export async function parseDeletion(intent: string, form: FormData, { errorTitle, prompt }: { errorTitle: string; prompt: string }) {
  const submission = parseFormSubmission(form, deletionSchema);
  if (submission.status !== "success") return { response: await refuse(intent, errorTitle, submission.reply()) };
  const { id, confirmed } = submission.value;
  if (confirmed !== "sim") return { response: data<AdminActionData>({ intent, ok: false, confirm: { id, prompt } }) };
  return { id };
}
