/**
 * A failed monthly charge and its way back (issue 30, docs/recovery.md, decision 200), applied from
 * the subscription events inside their transaction (subscription-events.server.ts):
 *
 * - each distinct failure of a month (its invoice, or its Pix Automático `cobr`) counts once, in
 *   `subscription_recoveries` and its history; the next try is ours (recovery-schedule.ts) or, at
 *   Stripe, the one its event names — we never schedule one there;
 * - each failure e-mails the subscriber the signed link (recovery-link.server.ts); when the
 *   schedule is used up (or Stripe's last try failed) the plan is suspended, with its e-mail;
 * - the month paid (a retry, a new card, the link's Pix) closes it as recovered.
 *
 * The final state depends on which events arrived, not on their order: counts add up, the first
 * failure is the earliest, Stripe's next try is read from its newest failure, and a month paid is
 * recovered whatever arrives after.
 */
import { and, eq, sql } from "drizzle-orm";
import { schema, type Transaction } from "~/platform/db.server";
import type { SubscriptionPaymentEvent } from "~/domain/payments";
import { providerCan } from "~/domain/payments/index.server";
import { subscriptionPaymentFailedEmail } from "~/domain/subscriptions/emails/subscription-payment-failed.server";
import type { SubscriptionEventDeps } from "./subscription-events.server";
import { planOf } from "./plans";
import { PIX_AUTOMATICO } from "./pix-automatico.server";
import { recoveryLinkUrl } from "./recovery-link.server";
import type { RecoveryMethod } from "./recovery-kinds";
import { nextRetryAt, scheduleExhausted } from "./recovery-schedule";
import { getUserContact, type SubscriptionRow } from "./subscriptions.server";

const { subscriptionRecoveries, subscriptionRecoveryEvents, subscriptionCharges } = schema;
export type RecoveryRow = typeof subscriptionRecoveries.$inferSelect;

const recoveryMethodOf = (row: Pick<SubscriptionRow, "paymentMethod">): RecoveryMethod =>
  row.paymentMethod === PIX_AUTOMATICO ? "pix_automatico" : "card";

/** One failed attempt of a month's charge (the first or a retry), from an event seen for the first time. */
export async function recordRecoveryFailure(
  tx: Transaction,
  row: SubscriptionRow,
  event: SubscriptionPaymentEvent,
  deps: SubscriptionEventDeps,
): Promise<void> {
  const invoice = event.invoice;
  if (!invoice || row.status === "canceled" || row.status === "incomplete_expired") return;
  const method = recoveryMethodOf(row);
  // A provider that retries by itself says when (Stripe's `next_payment_attempt`): we only read it.
  const retriesBy = providerCan(event.provider, "retriesFailedCharges") || invoice.nextAttemptAt !== undefined ? "provider" : "ours";
  const [paid] = await tx
    .select({ paidAt: subscriptionCharges.paidAt })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.providerInvoiceId, invoice.id))
    .limit(1);
  const [created] = await tx
    .insert(subscriptionRecoveries)
    .values({
      subscriptionId: row.id,
      invoiceId: invoice.id,
      amountCents: invoice.amountCents > 0 ? invoice.amountCents : (planOf(row)?.priceCents ?? 0),
      method,
      retriesBy,
      // A failure delivered after the month was paid: the cycle is already recovered.
      ...(paid ? { status: "recovered" as const, recoveredAt: paid.paidAt } : {}),
      firstFailedAt: event.occurredAt,
      lastFailureAt: event.occurredAt,
    })
    .onConflictDoNothing({ target: subscriptionRecoveries.invoiceId })
    .returning();
  const recovery = created ?? (await lockRecovery(tx, invoice.id));
  if (!recovery) return;
  const [logged] = await tx
    .insert(subscriptionRecoveryEvents)
    .values({ recoveryId: recovery.id, kind: "failed", providerEventId: event.id, occurredAt: event.occurredAt })
    .onConflictDoNothing()
    .returning({ id: subscriptionRecoveryEvents.id });
  if (!logged) return;

  const failures = created ? 1 : recovery.failures + 1;
  const firstFailedAt = event.occurredAt < recovery.firstFailedAt ? event.occurredAt : recovery.firstFailedAt;
  const newest = event.occurredAt >= recovery.lastFailureAt;
  const lastFailureAt = newest ? event.occurredAt : recovery.lastFailureAt;
  let status = recovery.status;
  let nextAttemptAt = recovery.nextAttemptAt;
  if (status !== "recovered") {
    if (retriesBy === "provider") {
      if (newest) nextAttemptAt = invoice.nextAttemptAt ?? null;
      if (newest && invoice.nextAttemptAt === null) status = "suspended";
    } else {
      nextAttemptAt = nextRetryAt(method, firstFailedAt, failures, recovery.lastAttemptAt);
      if (scheduleExhausted(method, failures)) status = "suspended";
    }
    if (status === "suspended") nextAttemptAt = null;
  }
  const suspendedNow = status === "suspended" && recovery.status !== "suspended";
  await tx
    .update(subscriptionRecoveries)
    .set({
      failures,
      firstFailedAt,
      lastFailureAt,
      status,
      nextAttemptAt,
      ...(suspendedNow ? { suspendedAt: event.occurredAt } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptionRecoveries.id, recovery.id));
  if (suspendedNow)
    await tx
      .insert(subscriptionRecoveryEvents)
      .values({ recoveryId: recovery.id, kind: "suspended", occurredAt: event.occurredAt, providerEventId: `suspended:${recovery.id}` })
      .onConflictDoNothing();
  // Recovered, or suspended earlier (a late failure): nothing new to tell. Nor when newer news keeps
  // the subscription active (an old failure delivered late). A card's retries fail in silence until
  // the suspension (its first e-mail already has the link); each Pix Automático failure is told.
  if (status === "recovered" || (status === "suspended" && !suspendedNow) || row.status !== "past_due") return;
  if (method === "card" && failures > 1 && !suspendedNow) return;
  await queueRecoveryEmail(tx, row, { ...recovery, failures, status, nextAttemptAt }, deps, suspendedNow);
}

/** The month was paid (a retry, a new card, the link's Pix): its recovery, if any, is closed. */
export async function recordRecoveryPaid(tx: Transaction, invoiceId: string, event: Pick<SubscriptionPaymentEvent, "id" | "occurredAt">) {
  const recovery = await lockRecovery(tx, invoiceId);
  if (!recovery || recovery.status === "recovered") return;
  await tx
    .update(subscriptionRecoveries)
    .set({ status: "recovered", recoveredAt: event.occurredAt, nextAttemptAt: null, updatedAt: sql`now()` })
    .where(eq(subscriptionRecoveries.id, recovery.id));
  await tx
    .insert(subscriptionRecoveryEvents)
    .values({ recoveryId: recovery.id, kind: "recovered", providerEventId: event.id, occurredAt: event.occurredAt })
    .onConflictDoNothing();
}

/**
 * A Pix Automático month whose 7-day retry window closed with retries unused (the job was down, a
 * retry refused by the PSP): suspended as if its last retry had failed, with the same e-mail.
 */
export async function suspendRecovery(
  tx: Transaction,
  recovery: RecoveryRow,
  row: SubscriptionRow,
  deps: SubscriptionEventDeps,
  now: Date,
) {
  const [suspended] = await tx
    .update(subscriptionRecoveries)
    .set({ status: "suspended", suspendedAt: now, nextAttemptAt: null, updatedAt: sql`now()` })
    .where(and(eq(subscriptionRecoveries.id, recovery.id), eq(subscriptionRecoveries.status, "open")))
    .returning();
  if (!suspended) return;
  await tx
    .insert(subscriptionRecoveryEvents)
    .values({ recoveryId: recovery.id, kind: "suspended", occurredAt: now, providerEventId: `suspended:${recovery.id}` })
    .onConflictDoNothing();
  await queueRecoveryEmail(tx, row, suspended, deps, true);
}

async function lockRecovery(tx: Transaction, invoiceId: string): Promise<RecoveryRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptionRecoveries)
    .where(eq(subscriptionRecoveries.invoiceId, invoiceId))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** Each failure's e-mail (once per failure count), and the suspension's (once per month). */
async function queueRecoveryEmail(
  tx: Transaction,
  row: SubscriptionRow,
  recovery: RecoveryRow,
  deps: SubscriptionEventDeps,
  suspended: boolean,
) {
  const contact = row.userId ? await getUserContact(row.userId, tx) : null;
  const plan = planOf(row);
  if (!contact || !plan) return;
  const dedupeKey = suspended
    ? `sub-suspended:${recovery.invoiceId}`
    : recovery.failures === 1
      ? `sub-failed:${recovery.invoiceId}`
      : `sub-failed:${recovery.invoiceId}:${recovery.failures}`;
  await deps.mailer.enqueue(tx, {
    to: contact.email,
    ...subscriptionPaymentFailedEmail({
      name: contact.name,
      plan,
      amountCents: recovery.amountCents,
      method: recovery.method,
      nextAttemptAt: recovery.nextAttemptAt,
      payUrl: recoveryLinkUrl(deps.config.PUBLIC_URL, recovery.id),
      suspended,
    }),
    dedupeKey,
  });
}
