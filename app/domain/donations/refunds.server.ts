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
 * The provider accepted a refund written down beforehand (an admin's reservation or a party
 * cancellation's queued row): it becomes `requested` until its event arrives. With the gift's row
 * locked, so this is ordered with the event — which may have come first and made its own row for
 * the provider's refund id (then that row takes who asked and why, and the reservation goes), or
 * with the same id asked twice (a double-submitted form: one refund at the provider, one row).
 */
export async function attachProviderRefund(
  tx: Executor,
  reservation: { id: string; donationId: string; amountCents: number },
  providerRefundId: string,
) {
  await tx.select({ id: donations.id }).from(donations).where(eq(donations.id, reservation.donationId)).for("update");
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, reservation.id));
  if (!row) return;
  const [already] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  if (already && already.id !== row.id) {
    await tx
      .update(refunds)
      .set({ reason: row.reason, requestedBy: row.requestedBy, partyCancellationId: row.partyCancellationId, updatedAt: sql`now()` })
      .where(eq(refunds.id, already.id));
    await tx.delete(refunds).where(eq(refunds.id, row.id));
    return;
  }
  await tx
    .update(refunds)
    .set({ status: "requested", providerRefundId, amountCents: reservation.amountCents, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, row.id), eq(refunds.status, "queued")));
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

/**
 * Gifts of a party that still hold money: what "cancelar e reembolsar" refunds. Locked (in id
 * order), so an admin's refund of one of them waits and then counts the queued one.
 */
export async function paidGiftsOfParty(executor: Executor, partyId: string) {
  return executor
    .select({ id: donations.id, provider: donations.provider, amountCents: donations.amountCents })
    .from(donations)
    .where(and(eq(donations.partyId, partyId), eq(donations.status, "paga")))
    .orderBy(donations.id)
    .for("update");
}
