/**
 * Applies a provider's subscription event — the one code path for Stripe and the sandbox, run
 * inside processPaymentEvent's transaction. The subscription row follows the provider:
 *
 * - `updated` / `deleted` carry the provider's whole subscription and apply only when they are at
 *   least as new as the newest event already applied (`last_event_at`), so a late, older event
 *   never overwrites newer state; `canceled` is final, as it is at Stripe;
 * - `invoice_paid` records the month as a paid charge and its ledger row (once per invoice id,
 *   whatever the order) and lifts a past-due subscription back to active when it is the newest news;
 * - `invoice_failed` makes the subscription past due (not a paying subscriber) and opens or
 *   advances the month's recovery (recovery.server.ts: retries, the e-mailed link, suspension);
 * - `checkout_completed` only links the subscription to the user who paid.
 *
 * The event id is stored under a unique key first, so a redelivery changes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { schema, type Transaction } from "~/platform/db.server";
import type { Config } from "~/platform/config.server";
import { planForPriceId } from "~/domain/subscriptions/plan-prices.server";
import type { ProviderName, SubscriptionPaymentEvent, SubscriptionSnapshot, SubscriptionState } from "~/domain/payments";
import { providerCan } from "~/domain/payments/index.server";
import { planColumns, type Plan } from "~/domain/subscriptions/plans";
import type { Mailer } from "~/platform/mail/outbox.server";
import { recordSubscriptionChargePaid } from "~/domain/ledger/index.server";
import { mainInstitutionId } from "~/domain/organizations/index.server";
import { findUserByBillingCustomer, type SubscriptionRow, userExists } from "./subscriptions.server";
import { PIX_AUTOMATICO, withRecurringCharge } from "./pix-automatico.server";
import { recordRecoveryFailure, recordRecoveryPaid } from "./recovery.server";
import { linkNudgedSubscription } from "./monthly-nudge.server";
import { queueBankCancelEmail, queueChargeReceiptEmail } from "./subscription-event-emails.server";

const { subscriptions, subscriptionCharges, paymentEvents } = schema;

export type SubscriptionOutcome =
  | { outcome: "subscription"; subscriptionId: string; applied: boolean; status: SubscriptionState; charged: boolean }
  | { outcome: "linked"; subscriptionId: string | null }
  | { outcome: "duplicate" }
  | { outcome: "unmatched" };

/** What applying an event needs: the configuration (plan price ids) and where its e-mail goes. */
export type SubscriptionEventDeps = { config: Config; mailer: Mailer };

export async function applySubscriptionEvent(
  tx: Transaction,
  received: SubscriptionPaymentEvent,
  deps: SubscriptionEventDeps,
): Promise<SubscriptionOutcome> {
  // A PSP's Pix Automático charge: its amount and month come from our record of it.
  const event = await withRecurringCharge(tx, received);
  const plan = planForPriceId(event.priceId, event.provider, deps.config);
  let row = await lockSubscription(tx, event.provider, event.subscriptionId);
  // A subscription we have never seen, at a price that is not one of our plans: not ours. Nothing
  // is recorded, so a redelivery after a configuration fix can still apply.
  if (!row && !plan && event.action !== "checkout_completed") return { outcome: "unmatched" };

  const [recorded] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, receivedAt: sql`now()` })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  if (!recorded) return { outcome: "duplicate" };

  const userId = await resolveUser(tx, event);
  if (event.action === "checkout_completed") {
    if (row && !row.userId && userId)
      await tx
        .update(subscriptions)
        .set({ userId, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, row.id));
    if (row && userId) await linkNudgedSubscription(tx, { ...row, userId: row.userId ?? userId });
    return { outcome: "linked", subscriptionId: row?.id ?? null };
  }

  let applied: boolean;
  if (!row) {
    // The first news of this subscription may be any of its events (deliveries are unordered).
    row = await insertFromEvent(tx, event, plan!, userId);
    applied = true;
  } else {
    applied = await applyToExisting(tx, row, event, plan, userId);
    row = (await lockSubscription(tx, event.provider, event.subscriptionId))!;
  }

  let charged = false;
  if (event.action === "invoice_paid" && event.invoice && event.invoice.amountCents > 0) {
    // Assine o Bem supports the platform's main charity: the charge and its ledger row name it (decision 152).
    const organizationId = await mainInstitutionId(tx);
    const [charge] = await tx
      .insert(subscriptionCharges)
      .values({
        subscriptionId: row.id,
        providerInvoiceId: event.invoice.id,
        amountCents: event.invoice.amountCents,
        paidAt: event.occurredAt,
        organizationId,
      })
      .onConflictDoNothing({ target: subscriptionCharges.providerInvoiceId })
      .returning({ id: subscriptionCharges.id });
    charged = Boolean(charge);
    if (charge) {
      const source = {
        provider: event.provider,
        providerEventId: event.id,
        occurredAt: event.occurredAt,
        providerFeeCents: event.invoice.providerFeeCents ?? null,
      };
      // What the charge paid for, fixed now: the invoice's own price when it names one of our
      // plans, else the plan the subscription has at this moment (decision 166).
      const chargedPlan = plan?.id ?? row.plan;
      await recordSubscriptionChargePaid(
        tx,
        { chargeId: charge.id, amountCents: event.invoice.amountCents, organizationId, plan: chargedPlan },
        source,
        deps.config.PLATFORM_FEE_PERCENT,
      );
      await queueChargeReceiptEmail(tx, row, charge.id, deps);
    }
  }
  // A failed month and its recovery: retries, e-mails with the link, suspension (recovery.server.ts).
  if (event.action === "invoice_failed") await recordRecoveryFailure(tx, row, event, deps);
  if (event.action === "invoice_paid" && event.invoice) await recordRecoveryPaid(tx, event.invoice.id, event);
  // Started from "Que tal todo mês?" after a one-off gift: the now active subscription is linked to it.
  await linkNudgedSubscription(tx, row);
  if (event.action === "deleted" && applied && event.canceledByPayer && row.status === "canceled")
    await queueBankCancelEmail(tx, row, deps.mailer, deps.config.PUBLIC_URL);
  return { outcome: "subscription", subscriptionId: row.id, applied, status: row.status, charged };
}

/** SELECT … FOR UPDATE: events of one subscription apply one at a time. */
async function lockSubscription(tx: Transaction, provider: ProviderName, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** Our billing-customer link first (we created the customer), else the metadata we set at checkout. */
async function resolveUser(tx: Transaction, event: SubscriptionPaymentEvent): Promise<string | null> {
  if (event.customerId) {
    const linked = await findUserByBillingCustomer(event.provider, event.customerId, tx);
    if (linked) return linked;
  }
  return event.userId && (await userExists(event.userId, tx)) ? event.userId : null;
}

function statusFromInvoice(event: SubscriptionPaymentEvent): SubscriptionState {
  return event.action === "invoice_failed" ? "past_due" : "active";
}

async function insertFromEvent(
  tx: Transaction,
  event: SubscriptionPaymentEvent,
  plan: Plan,
  userId: string | null,
): Promise<SubscriptionRow> {
  const isInvoice = event.action === "invoice_paid" || event.action === "invoice_failed";
  // Two first events racing: the second waits on the unique key, then finds the row.
  await tx
    .insert(subscriptions)
    .values({
      userId,
      ...planColumns(plan),
      status: isInvoice ? statusFromInvoice(event) : (event.status ?? "incomplete"),
      provider: event.provider,
      providerCustomerId: event.customerId ?? "",
      providerSubscriptionId: event.subscriptionId,
      currentPeriodEnd: isInvoice ? (event.invoice?.periodEnd ?? null) : event.currentPeriodEnd,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd ?? false,
      lastEventAt: event.occurredAt,
      // A provider without card payments has only Pix Automático subscriptions; the sandbox says so in the event type.
      ...(!providerCan(event.provider, "card") || event.type.startsWith("pix_automatico.") ? { paymentMethod: PIX_AUTOMATICO } : {}),
    })
    .onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
  const row = await lockSubscription(tx, event.provider, event.subscriptionId);
  if (!row) throw new Error(`subscription ${event.subscriptionId} belongs to another provider`);
  return row;
}

async function applyToExisting(
  tx: Transaction,
  row: SubscriptionRow,
  event: SubscriptionPaymentEvent,
  plan: Plan | undefined,
  userId: string | null,
): Promise<boolean> {
  const newest = event.occurredAt.getTime() >= row.lastEventAt.getTime();
  const link = !row.userId && userId ? { userId } : {};
  const where = eq(subscriptions.id, row.id);

  if (event.action === "updated" || event.action === "deleted") {
    // Canceled is final at the provider: a same-second "updated" arriving late cannot revive it.
    // A refused or expired authorisation ends only one that never started (nor is an ended one revived).
    const ended = row.status === "canceled" || row.status === "incomplete_expired";
    const refusedLate = event.status === "incomplete_expired" && row.status !== "incomplete";
    if (!newest || ended || refusedLate) {
      if (Object.keys(link).length) await tx.update(subscriptions).set(link).where(where);
      return false;
    }
    await tx
      .update(subscriptions)
      .set({
        ...link,
        // A price that is not one of ours (changed in the provider's dashboard) keeps the plan we knew.
        ...(plan ? planColumns(plan) : {}),
        status: event.status ?? row.status,
        currentPeriodEnd: event.currentPeriodEnd ?? row.currentPeriodEnd,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd ?? row.cancelAtPeriodEnd,
        ...(event.customerId ? { providerCustomerId: event.customerId } : {}),
        lastEventAt: event.occurredAt,
        updatedAt: sql`now()`,
      })
      .where(where);
    return true;
  }

  // A paid invoice moves the period forward only, whatever order the months arrive in.
  const periodEnd = event.action === "invoice_paid" ? event.invoice?.periodEnd : null;
  const period = periodEnd && (!row.currentPeriodEnd || periodEnd > row.currentPeriodEnd) ? { currentPeriodEnd: periodEnd } : {};
  const moves =
    newest &&
    ((event.action === "invoice_paid" && (row.status === "past_due" || row.status === "incomplete")) ||
      (event.action === "invoice_failed" && (row.status === "active" || row.status === "incomplete")));
  // A failed retry of an invoice already past due is still news for the subscriber.
  const failedAgain = newest && event.action === "invoice_failed" && row.status === "past_due";
  // Every newest invoice event is the newest news, moving or not: an older one delivered later
  // (a failure before a payment) cannot then move the status back (issue 30's reordering property).
  if (newest || Object.keys(period).length || Object.keys(link).length) {
    await tx
      .update(subscriptions)
      .set({
        ...link,
        ...period,
        ...(moves ? { status: statusFromInvoice(event) } : {}),
        ...(newest ? { lastEventAt: event.occurredAt } : {}),
        updatedAt: sql`now()`,
      })
      .where(where);
  }
  return moves || failedAgain;
}

/**
 * The success page's refresh: the provider's current view of the user's subscriptions, written
 * without an event id. It does not move `last_event_at`, so any event still in flight applies
 * after it and the row ends equal to the provider's latest event.
 */
export async function applySubscriptionSnapshot(
  tx: Transaction,
  provider: ProviderName,
  snapshot: SubscriptionSnapshot,
  userId: string,
  config: Config,
): Promise<boolean> {
  const plan = planForPriceId(snapshot.priceId, provider, config);
  const row = await lockSubscription(tx, provider, snapshot.subscriptionId);
  if (!row) {
    if (!plan) return false;
    await tx
      .insert(subscriptions)
      .values({
        userId,
        ...planColumns(plan),
        status: snapshot.status,
        provider,
        providerCustomerId: snapshot.customerId,
        providerSubscriptionId: snapshot.subscriptionId,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        // Older than any real event: the webhook's events all still apply.
        lastEventAt: new Date(0),
      })
      .onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
    return true;
  }
  await tx
    .update(subscriptions)
    .set({
      ...(plan ? planColumns(plan) : {}),
      status: snapshot.status,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, row.id));
  if (!row.userId) await tx.update(subscriptions).set({ userId }).where(eq(subscriptions.id, row.id));
  return true;
}
