/**
 * The e-mail outbox: every message is stored here, in the transaction of the change that causes
 * it, before anything tries to send it. The worker (app/platform/mail/email-worker.server.ts) claims due
 * rows, sends them and records the outcome; a failing mail server only moves next_attempt_at.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { RenderedEmail } from "~/platform/mail/render.server";
import { isSealedTemplate, openBody, sealBody } from "./outbox-seal.server";

const { emailOutbox } = schema;

/** Woken on commit, so a waiting worker sends at once instead of at its next poll. */
export const OUTBOX_CHANNEL = "email_outbox";

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type NewEmail = RenderedEmail & { to: string; dedupeKey?: string; headers?: Record<string, string> };

/**
 * How request handlers and services send mail: into the outbox, inside their transaction. A
 * dependency (request context, service parameters) so a test can capture messages instead.
 */
export type Mailer = { enqueue(executor: Executor, email: NewEmail): Promise<string | null> };

export const outboxMailer: Mailer = { enqueue: (executor, email) => enqueueEmail(executor, email) };

/**
 * Stores a message inside the caller's transaction (pass the transaction as `executor`).
 * With a `dedupeKey` a second message under the same key is ignored. Returns the new row's id,
 * or null when it was a duplicate.
 */
export async function enqueueEmail(executor: Executor, email: NewEmail): Promise<string | null> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: email.subject,
      ...sealedIfNeeded(email.template, email),
      template: email.template,
      dedupeKey: email.dedupeKey ?? null,
      headers: email.headers ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  if (!row) return null;
  await executor.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${row.id})`);
  return row.id;
}

/**
 * Renders a message queued unrendered (its `renderData`): the templates live above the platform,
 * so the worker is given this function. Null when the template is not one it renders.
 */
export type QueuedEmailRenderer = (email: { template: string; renderData: Record<string, unknown> }) => RenderedEmail | null;

/** A body that carries a key is stored sealed (outbox-seal.server.ts). */
function sealedIfNeeded(template: string, body: { html: string; text: string }): { html: string; text: string } {
  return isSealedTemplate(template) ? { html: sealBody(body.html), text: sealBody(body.text) } : { html: body.html, text: body.text };
}

/** An outbox row with its body readable again: for the worker that sends it and the local mailbox. */
export function readableEmail<T extends { html: string; text: string }>(row: T): T {
  return { ...row, html: openBody(row.html), text: openBody(row.text) };
}

/** Stores a queued message's rendering, so a retry (and the local mailbox) reads the same text. */
export async function storeRenderedEmail(id: string, rendered: RenderedEmail, executor: Executor = db) {
  await executor
    .update(emailOutbox)
    .set({ subject: rendered.subject, ...sealedIfNeeded(rendered.template, rendered), renderData: null })
    .where(eq(emailOutbox.id, id));
}

/** Renders every pending message still waiting for it (what the worker does before each send). */
export async function renderQueuedEmails(render: QueuedEmailRenderer, executor: Executor = db): Promise<number> {
  const rows = await executor
    .select({ id: emailOutbox.id, template: emailOutbox.template, renderData: emailOutbox.renderData })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.renderData)));
  let rendered = 0;
  for (const row of rows) {
    const email = render({ template: row.template, renderData: row.renderData! });
    if (!email) continue;
    await storeRenderedEmail(row.id, email, executor);
    rendered++;
  }
  return rendered;
}

/**
 * Takes up to `limit` due messages for this worker: each gets one more attempt counted and is
 * hidden from other workers for `leaseSeconds` (if this process dies mid-send, the message comes
 * back after the lease). One statement, so two workers never take the same row.
 */
export async function claimDueEmails(limit: number, leaseSeconds: number, executor: Executor = db): Promise<OutboxEmail[]> {
  const due = executor
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return executor
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/**
 * Templates whose body is a key to an account (a recovery link, an e-mail verification link): once
 * delivered, the copy in the outbox is blanked, so a database dump or an admin's look at the table
 * yields no live link (security review finding 8). Unsent rows keep their body (the worker still
 * needs it), and so do rows "delivered" into the local mailbox (/dev/emails, no SMTP outside
 * production), which exists to show those links.
 */
const SENSITIVE_TEMPLATES: readonly string[] = ["password-reset", "verify-email"];
export const BLANKED_BODY = "[conteúdo removido após o envio]";
/** Sent rows are kept this long for support ("did the receipt go out?"), then purged. */
const SENT_EMAIL_RETENTION_DAYS = 30;

export async function markEmailSent(id: string, executor: Executor = db, options: { blankSensitive: boolean } = { blankSensitive: true }) {
  const blank = sql`${options.blankSensitive} AND ${emailOutbox.template} IN (${sql.join(
    SENSITIVE_TEMPLATES.map((t) => sql`${t}`),
    sql`, `,
  )})`;
  await executor
    .update(emailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      lastError: null,
      html: sql`CASE WHEN ${blank} THEN ${BLANKED_BODY} ELSE ${emailOutbox.html} END`,
      text: sql`CASE WHEN ${blank} THEN ${BLANKED_BODY} ELSE ${emailOutbox.text} END`,
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")));
}

/** Records a failed attempt: try again after `retryInMs`, or give up (`final`). */
export async function markEmailAttemptFailed(
  id: string,
  error: string,
  next: { retryInMs: number } | { final: true },
  executor: Executor = db,
) {
  await executor
    .update(emailOutbox)
    .set(
      "final" in next
        ? { status: "failed", lastError: error.slice(0, 1000) }
        : { lastError: error.slice(0, 1000), nextAttemptAt: sql`now() + make_interval(secs => ${next.retryInMs / 1000})` },
    )
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")));
}

export async function hasDueEmails(executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

/** The local mailbox (/dev/emails): newest first. */
export async function listOutboxEmails(limit = 100, executor: Executor = db): Promise<OutboxEmail[]> {
  return executor.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

export async function getOutboxEmail(id: string, executor: Executor = db): Promise<OutboxEmail | undefined> {
  const [row] = await executor.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** Housekeeping: deletes delivered messages older than the retention period; returns how many. */
export async function purgeSentEmails(olderThanDays = SENT_EMAIL_RETENTION_DAYS, executor: Executor = db): Promise<number> {
  const rows = await executor
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.status, "sent"), lte(emailOutbox.sentAt, sql`now() - make_interval(days => ${olderThanDays})`)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}
