/**
 * What every admin tab route is made of (docs/decisions/211-admin-nested-routes.md): its loader and
 * its action are generated here, so none can skip the admin check. The authorization tests walk the
 * route config and every intent each tab's action declares.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { SessionUser } from "~/domain/accounts/index.server";
import { requireAdmin } from "~/domain/accounts/guards.server";
import type { CnpjRegistry } from "~/domain/organizations";
import type { Payments } from "~/domain/payments/index.server";
import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "~/domain/payouts";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import type { ActionAnswer } from "~/platform/forms/action-answer";
import { deletionSchema, toggleActiveSchema } from "~/platform/forms/fields";
import { parseFormSubmission, replyWithErrors } from "~/platform/forms/submission.server";
import { confirmFirst, fail, refuse, succeed, type ToastInput } from "~/platform/http/action-answers.server";
import { withoutNulCharacters } from "~/platform/http/form-data.server";
import { BodyTooLargeError, readLimitedForm } from "~/platform/http/limited-form.server";
import type { Mailer } from "~/platform/mail/outbox.server";

/** What the admin panel's loaders and actions receive from the request context. */
export type AdminDeps = { config: Config; mailer: Mailer; clock: Clock; payments: Payments; cnpjRegistry: CnpjRegistry };
export type AdminActionContext = { admin: SessionUser; form: FormData; request: Request; deps: AdminDeps };
export type AdminActionHandler = (ctx: AdminActionContext) => Promise<Response | ReturnType<typeof data<ActionAnswer>>>;

/** A tab's loader: the admin check, then the tab's own query with the URL and the request context. */
export function adminLoader<T>(load: (url: URL, deps: AdminDeps, admin: SessionUser) => Promise<T>) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<T> => {
    const admin = await requireAdmin(request);
    return load(new URL(request.url), context as unknown as AdminDeps, admin);
  };
}

/** Room for a 10 MB proof plus the form's other fields and multipart framing. */
export const MAX_ADMIN_BODY_BYTES = MAX_PROOF_BYTES + 256 * 1024;

type AdminAction = ((args: ActionFunctionArgs) => Promise<unknown>) & { intents: readonly string[] };

/**
 * A tab's action: the admin check, the body read within its limit, then the handler named by the
 * form's `intent` (one of this tab's). `intents` lists them for the authorization tests.
 */
export function adminAction<H extends Record<string, AdminActionHandler>>(handlers: H) {
  const run = async ({ request, context }: ActionFunctionArgs) => {
    const admin = await requireAdmin(request);
    let form: FormData;
    try {
      form = withoutNulCharacters(await readLimitedForm(request, MAX_ADMIN_BODY_BYTES));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return tooLargeAnswer(error, handlers);
      return data<ActionAnswer>({ intent: "", ok: false, message: "Não foi possível ler o formulário." }, { status: 400 });
    }
    const intent = form.get("intent");
    if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) {
      return data<ActionAnswer>({ intent: String(intent ?? ""), ok: false, message: "Ação desconhecida." }, { status: 400 });
    }
    return handlers[intent]!({ admin, form, request, deps: context as unknown as AdminDeps });
  };
  return Object.assign(run, { intents: Object.keys(handlers) as (keyof H & string)[] }) satisfies AdminAction;
}

/**
 * An over-limit body: its file field gets the message, in the form it came from when known (the
 * fields sent before the file, such as the intent and the party, were recovered).
 */
function tooLargeAnswer(error: BodyTooLargeError, handlers: Record<string, AdminActionHandler>) {
  const intent = error.leading.get("intent");
  const message = PROOF_MESSAGES.tooLarge;
  const result = replyWithErrors(
    error.leading,
    error.cutFileField ? { fieldErrors: { [error.cutFileField]: [message] } } : { formErrors: [message] },
  );
  return refuse(typeof intent === "string" && Object.hasOwn(handlers, intent) ? intent : "", "Arquivo grande demais", result, 413);
}

/**
 * The "Ativa" switch of an admin list: `setActive` is the domain's audited service (it answers the
 * row, or nothing when the row is gone, which answers 404 with `missing`). `done` is the success
 * toast, if any.
 */
export function toggleActiveAction<Row>(options: {
  intent: string;
  errorTitle: string;
  missing: string;
  setActive: (actorUserId: string, id: string, active: boolean) => Promise<Row | null | undefined>;
  done?: (row: Row, active: boolean) => ToastInput;
}): AdminActionHandler {
  const { intent, errorTitle } = options;
  return async ({ admin, form }) => {
    const submission = parseFormSubmission(form, toggleActiveSchema);
    if (submission.status !== "success") return refuse(intent, errorTitle, submission.reply());
    const { id, active } = submission.value;
    const row = await options.setActive(admin.id, id, active);
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
  if (confirmed !== "sim") return { response: confirmFirst(intent, id, prompt) };
  return { id };
}
