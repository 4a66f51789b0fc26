/**
 * The recovery link's one-off Pix, received (issue 30): a Pix whose txid one of our recovery links
 * made pays that failed month. It becomes the month's `invoice_paid` — the one code path every
 * provider's paid month takes (subscription-events.server.ts): one charge per invoice id, its ledger
 * row, its receipt e-mail, the subscription back to active, the recovery closed. Then a provider
 * that retries by itself (Stripe) is told the invoice was paid out of band, so it never charges the
 * card for that month too. A Pix for a month already paid (a retry won the race) is real money:
 * kept as `extra_payment` in the recovery's history for the team to give back.
 */
import { eq, sql } from "drizzle-orm";
import { db, schema, type Transaction } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import type { DonationPaymentEvent, ProviderName, SubscriptionPaymentEvent } from "~/domain/payments";
import type { Payments } from "~/domain/payments/index.server";
import { applySubscriptionEvent, type SubscriptionEventDeps, type SubscriptionOutcome } from "./subscription-events.server";
import { findRecoveryIdByPixTxid } from "./recovery-link.server";

const { subscriptionRecoveries, subscriptionRecoveryEvents, subscriptions } = schema;

/** `payments`: the providers, to tell one that retries by itself that the month was paid. */
type Deps = SubscriptionEventDeps & { payments?: Pick<Payments, "byName"> };

/** Null when the Pix is not a recovery link's (then it is a gift's, as before). */
export async function applyRecoveryPixPayment(
  event: DonationPaymentEvent,
  deps: Deps,
): Promise<SubscriptionOutcome | { outcome: "ignored"; reason: string } | null> {
  const pix = event.pix;
  if (event.action !== "paid" || !pix) return null;
  const recoveryId = await findRecoveryIdByPixTxid(db, pix.txid);
  if (!recoveryId) return null;
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ recovery: subscriptionRecoveries, subscription: subscriptions })
      .from(subscriptionRecoveries)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRecoveries.subscriptionId))
      .where(eq(subscriptionRecoveries.id, recoveryId))
      .limit(1)
      .for("update", { of: subscriptionRecoveries });
    if (!found) return null;
    const { recovery, subscription } = found;
    if (pix.amountCents < recovery.amountCents) {
      // Less than the month: it pays nothing; the money is kept for the team to give back.
      await recordExtra(tx, recoveryId, pix.endToEndId, event.occurredAt);
      return {
        outcome: { outcome: "ignored" as const, reason: "Pix menor que a mensalidade" },
        invoiceId: recovery.invoiceId,
        provider: "",
        extra: true,
      };
    }
    const wasPaid = recovery.status === "recovered";
    const month: SubscriptionPaymentEvent = {
      // The end-to-end id: a redelivered Pix is a duplicate.
      id: event.id,
      provider: subscription.provider as ProviderName,
      type: "recovery.pix",
      // Never older than the news already applied: the link exists only after the failure, but a
      // Pix is stamped to the second (the failure within that second would otherwise win).
      occurredAt: new Date(Math.max(event.occurredAt.getTime(), subscription.lastEventAt.getTime())),
      kind: "subscription",
      action: "invoice_paid",
      subscriptionId: subscription.providerSubscriptionId,
      customerId: null,
      userId: null,
      priceId: null,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: null,
      invoice: { id: recovery.invoiceId, amountCents: recovery.amountCents, periodEnd: null },
    };
    const outcome = await applySubscriptionEvent(tx, month, deps);
    const extra = outcome.outcome === "subscription" && (!outcome.charged || wasPaid);
    if (extra) await recordExtra(tx, recoveryId, pix.endToEndId, event.occurredAt);
    return { outcome, invoiceId: recovery.invoiceId, provider: subscription.provider, extra };
  });
  if (!result) return null;
  if (result.extra) logger.warn({ recoveryId, endToEndId: pix.endToEndId }, "recovery pix for a month already paid: give it back");
  if (result.outcome.outcome === "subscription" && result.outcome.charged) {
    // After the commit: a provider that retries by itself stops (Stripe: paid out of band).
    const provider = deps.payments?.byName(result.provider);
    await provider?.settleInvoiceOutOfBand?.(result.invoiceId).catch((error: Error) => {
      logger.error({ recoveryId, error: error.message }, "could not settle the invoice at the provider");
    });
  }
  return result.outcome;
}

async function recordExtra(tx: Transaction, recoveryId: string, endToEndId: string, occurredAt: Date) {
  await tx
    .insert(subscriptionRecoveryEvents)
    .values({ recoveryId, kind: "extra_payment", providerEventId: endToEndId, occurredAt })
    .onConflictDoNothing();
  await tx
    .update(subscriptionRecoveries)
    .set({ updatedAt: sql`now()` })
    .where(eq(subscriptionRecoveries.id, recoveryId));
}

/** The sandbox bank's page for a recovery Pix (/sandbox/pix/:txid): its current code only. */
export async function findSandboxRecoveryPix(txid: string) {
  const recoveryId = await findRecoveryIdByPixTxid(db, txid);
  if (!recoveryId) return null;
  const [row] = await db.select().from(subscriptionRecoveries).where(eq(subscriptionRecoveries.id, recoveryId)).limit(1);
  if (!row || row.pixTxid !== txid || !row.pixCopyPaste || !row.pixExpiresAt) return null;
  return {
    txid,
    amountCents: row.amountCents,
    expiresAt: row.pixExpiresAt,
    copyPaste: row.pixCopyPaste,
    destination: "Assine o Bem (mensalidade em atraso)",
  };
}
