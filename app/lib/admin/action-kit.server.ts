/**
 * Helpers every admin action uses: Zod parsing of the posted form into field errors, answers with
 * toasts, and the transaction that writes a change together with its audit entry.
 */
import { data } from "react-router";
import { z } from "zod";
import { db, type Transaction } from "~/db.server";
import type { SessionUser } from "~/lib/auth.server";
import { toastHeaders } from "~/lib/toast.server";
import { type AuditEntry, recordAudit } from "~/models/admin-audit.server";
import type { AdminActionData } from "./tabs";

export type AdminActionContext = { admin: SessionUser; form: FormData; request: Request };
export type AdminActionHandler = (ctx: AdminActionContext) => Promise<Response | ReturnType<typeof data<AdminActionData>>>;

type ToastInput = { title: string; description?: string };

export async function succeed(intent: string, toast: ToastInput | null, extra: Partial<AdminActionData> = {}) {
  const body: AdminActionData = { intent, ok: true, key: Date.now(), ...extra };
  if (!toast) return data(body);
  return data(body, { headers: await toastHeaders({ type: "success", ...toast }) });
}

export async function inform(intent: string, toast: ToastInput, extra: Partial<AdminActionData> = {}) {
  return data<AdminActionData>({ intent, ok: true, key: Date.now(), message: toast.description, ...extra }, { headers: await toastHeaders({ type: "info", ...toast }) });
}

export async function fail(
  intent: string,
  toast: ToastInput,
  options: { status?: number; errors?: Record<string, string>; values?: Record<string, string> } = {},
) {
  return data<AdminActionData>(
    { intent, ok: false, message: toast.description, errors: options.errors, values: options.values },
    { status: options.status ?? 400, headers: await toastHeaders({ type: "error", ...toast }) },
  );
}

export type AuditRecorder = (entry: Omit<AuditEntry, "actorUserId">) => Promise<void>;

/** Runs a change in a transaction; `audit()` records who made it in that same transaction. */
export async function auditedChange<T>(admin: SessionUser, change: (tx: Transaction, audit: AuditRecorder) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => change(tx, (entry) => recordAudit(tx, { ...entry, actorUserId: admin.id })));
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
    const parsed = parseForm(z.object({ id: idField, active: booleanField }), form);
    if (!parsed.ok) return fail(intent, { title: errorTitle, description: firstError(parsed.errors) });
    const { id, active } = parsed.data;
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
  const parsed = parseForm(z.object({ id: idField, confirmed: z.string().optional() }), form);
  if (!parsed.ok) return { response: await fail(intent, { title: errorTitle, description: firstError(parsed.errors) }) };
  const { id, confirmed } = parsed.data;
  if (confirmed !== "sim") return { response: data<AdminActionData>({ intent, ok: false, confirm: { id, prompt } }) };
  return { id };
}

// ---------- parsing ----------

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

export const requiredText = (message: string, max = 200) =>
  z.preprocess(trimmed, z.string({ error: message }).min(1, message).max(max, `Use no máximo ${max.toLocaleString("pt-BR")} caracteres.`));

export const optionalText = (max = 200) =>
  z
    .preprocess(trimmed, z.string().max(max, `Use no máximo ${max.toLocaleString("pt-BR")} caracteres.`).optional())
    .transform((v) => v || null);

const HTTP_URL_MESSAGE = "Informe um endereço que comece com http:// ou https://.";

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** An optional http(s) address (e.g. a story's image). */
export const optionalHttpUrl = (message = HTTP_URL_MESSAGE) =>
  optionalText(2000).refine((v) => v === null || isHttpUrl(v), message);

/** An http(s) address or a path on this site ("/images/…"), as the seeded banners and ads use. */
export const optionalImageRef = (message = "Informe um endereço http(s) ou um caminho do site que comece com /.") =>
  optionalText(2000).refine((v) => v === null || isHttpUrl(v) || /^\/(?!\/)\S*$/.test(v), message);

export const idField = z.uuid({ error: "Registro inválido." });

export const booleanField = z.enum(["true", "false"], { error: "Valor inválido." }).transform((v) => v === "true");

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** Parses the named fields of a posted form; the first message per field comes back. */
export function parseForm<S extends z.ZodObject>(schema: S, form: FormData): ParseResult<z.output<S>> {
  const raw: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const all = form.getAll(key);
    const value = all.length > 1 ? all.filter((v) => typeof v === "string") : all[0];
    raw[key] = value ?? undefined;
    if (typeof value === "string") values[key] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "_");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, values };
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
