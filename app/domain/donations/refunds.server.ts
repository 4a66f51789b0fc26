/**
 * The `refunds` rows (docs/decisions/151-refunds.md): who asked for a refund, why, and where it
 * stands. Queries only; the money moves in refund-events.server.ts when the provider's event arrives.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { DonationPaymentEvent } from "~/domain/payments";

const { refunds, donations } = schema;

type EventRefund = NonNullable<DonationPaymentEvent["refund"]>;

/** Whether the provider's refund has already moved money here (a second event for it changes nothing). */
export async function refundAlreadyCounted(executor: Executor, providerRefundId: string) {
  const [row] = await executor
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId))
    .limit(1);
  return row?.status === "succeeded";
}

/**
 * The provider says a refund is done: its row (created now when the refund was made at the
 * provider) becomes `succeeded`. A "the whole payment was refunded" event (no refund id) completes
 * every refund of the gift still waiting, and records the rest it refunded when that moved money.
 * Returns whether the refund belongs to a party cancellation.
 */
export async function markRefundSucceeded(
  executor: Executor,
  gift: { donationId: string; provider: string },
  event: { id: string; refund?: EventRefund | null },
  appliedCents: number,
): Promise<{ partyCancellation: boolean }> {
  const providerEventId = appliedCents > 0 ? event.id : null;
  if (event.refund) {
    const [row] = await executor
      .insert(refunds)
      .values({
        donationId: gift.donationId,
        provider: gift.provider,
        providerRefundId: event.refund.refundId,
        amountCents: event.refund.amountCents,
        status: "succeeded",
        providerEventId,
      })
      .onConflictDoUpdate({
        target: refunds.providerRefundId,
        set: { status: "succeeded", providerEventId, failureMessage: null, updatedAt: sql`now()` },
      })
      .returning({ partyCancellationId: refunds.partyCancellationId });
    return { partyCancellation: Boolean(row?.partyCancellationId) };
  }
  const waiting = await executor
    .update(refunds)
    .set({ status: "succeeded", updatedAt: sql`now()` })
    .where(and(eq(refunds.donationId, gift.donationId), inArray(refunds.status, ["queued", "requested"])))
    .returning({ partyCancellationId: refunds.partyCancellationId });
  if (appliedCents > 0 && waiting.length === 0) {
    await executor
      .insert(refunds)
      .values({ donationId: gift.donationId, provider: gift.provider, amountCents: appliedCents, status: "succeeded", providerEventId });
  }
  return { partyCancellation: waiting.some((w) => w.partyCancellationId) };
}

/**
 * An admin's refund the provider accepted: `requested` until its event arrives. When the event
 * came first, the row exists already (`succeeded`): only who asked and why are added.
 */
export async function recordRequestedRefund(
  executor: Executor,
  refund: { donationId: string; provider: string; providerRefundId: string; amountCents: number; reason: string; requestedBy: string },
) {
  await executor
    .insert(refunds)
    .values({ ...refund, status: "requested" })
    .onConflictDoUpdate({
      target: refunds.providerRefundId,
      set: { reason: refund.reason, requestedBy: refund.requestedBy, updatedAt: sql`now()` },
    });
}

/** What has been asked of the provider and not yet confirmed, per gift (the admin's "Reembolso solicitado"). */
export async function pendingRefundCents(donationIds: string[], executor: Executor = db): Promise<Map<string, number>> {
  if (donationIds.length === 0) return new Map();
  const rows = await executor
    .select({ donationId: refunds.donationId, cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number) })
    .from(refunds)
    .where(and(inArray(refunds.donationId, donationIds), inArray(refunds.status, ["queued", "requested"])))
    .groupBy(refunds.donationId);
  return new Map(rows.map((r) => [r.donationId, r.cents]));
}

/** Gifts of a party that still hold money: what "cancelar e reembolsar" refunds. */
export async function paidGiftsOfParty(executor: Executor, partyId: string) {
  return executor
    .select({ id: donations.id, provider: donations.provider, amountCents: donations.amountCents })
    .from(donations)
    .where(and(eq(donations.partyId, partyId), eq(donations.status, "paga")));
}
