/**
 * Money a provider takes back from a paid gift, or gives back again (docs/decisions/151-refunds.md):
 * refunds (full or partial, one row per provider event), a chargeback (what was still paid) and
 * its reversal when the dispute is won (the chargeback's negation). Written in the caller's
 * transaction, with the gift's row locked, next to the status change.
 *
 * A refund gives back our fee in proportion, by cumulative rounding over the gift's refunds: after
 * refunds of R of a gift of G whose paid row kept fee F, the refund rows hold round(F × R / G) of
 * fee in all, so a gift refunded in any number of parts ends exactly at the negation of its paid row.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { MovementSource } from "./ledger.server";

const { ledgerEntries } = schema;

type LedgerRow = typeof ledgerEntries.$inferSelect;

/** A gift's money so far: its paid row, what its refunds gave back, and its chargeback and reversal rows. */
export type GiftMoney = {
  paid: LedgerRow | null;
  refunded: { grossCents: number; feeCents: number; netCents: number };
  chargeback: LedgerRow | null;
  reversal: LedgerRow | null;
};

export async function giftMoney(executor: Executor, donationId: string): Promise<GiftMoney> {
  const rows = await executor.select().from(ledgerEntries).where(eq(ledgerEntries.donationId, donationId));
  const refunds = rows.filter((r) => r.kind === "refund");
  return {
    paid: rows.find((r) => r.kind === "gift_paid") ?? null,
    // Positive: what the refunds gave back.
    refunded: {
      grossCents: -refunds.reduce((s, r) => s + r.grossCents, 0),
      feeCents: -refunds.reduce((s, r) => s + r.feeCents, 0),
      netCents: -refunds.reduce((s, r) => s + r.netCents, 0),
    },
    chargeback: rows.find((r) => r.kind === "chargeback") ?? null,
    reversal: rows.find((r) => r.kind === "reversal") ?? null,
  };
}

/** What of the gift is still with the institution (not refunded, not held by a dispute). */
export function remainingCents(money: GiftMoney): number {
  if (!money.paid) return 0;
  const held = money.chargeback && !money.reversal ? -money.chargeback.grossCents : 0;
  return money.paid.grossCents - money.refunded.grossCents - held;
}

/**
 * What of `remaining` (gross centavos still paid) counts as the gift in its party's total: all of
 * it, unless the donor covered the fee (decision 216) — then the gift's share of it, so a gift of G
 * with its fee covered counts G while paid in full and 0 once nothing remains.
 */
export function giftShareCents(paid: Pick<LedgerRow, "grossCents" | "feeCoveredCents">, remaining: number): number {
  if (paid.feeCoveredCents <= 0 || paid.grossCents <= 0) return remaining;
  return Math.round((remaining * (paid.grossCents - paid.feeCoveredCents)) / paid.grossCents);
}

function rowOf(paid: LedgerRow, kind: "refund" | "chargeback" | "reversal", source: MovementSource) {
  return {
    kind,
    organizationId: paid.organizationId,
    partyId: paid.partyId,
    donationId: paid.donationId,
    feePercent: paid.feePercent,
    provider: source.provider,
    providerEventId: source.providerEventId,
    occurredAt: source.occurredAt,
  };
}

/** One refund of `amountCents` (≤ what remains), its fee in proportion; returns whether a row was written. */
export async function recordRefund(executor: Executor, money: GiftMoney, amountCents: number, source: MovementSource) {
  const paid = money.paid;
  if (!paid || amountCents <= 0) return false;
  const after = money.refunded.grossCents + amountCents;
  const feeAfter = after === paid.grossCents ? paid.feeCents : Math.round((paid.feeCents * after) / paid.grossCents);
  const feeCents = feeAfter - money.refunded.feeCents;
  const [row] = await executor
    .insert(ledgerEntries)
    .values({
      ...rowOf(paid, "refund", source),
      // Only the refund that leaves nothing undoes the paid row (the gift stops counting).
      reversesId: after === paid.grossCents ? paid.id : null,
      grossCents: -amountCents,
      feeCents: -feeCents,
      netCents: -(amountCents - feeCents),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return Boolean(row);
}

/** A dispute: the provider withdraws what is still paid (the gift net of its refunds). */
export async function recordChargeback(executor: Executor, money: GiftMoney, source: MovementSource) {
  const paid = money.paid;
  if (!paid || money.chargeback) return null;
  const [row] = await executor
    .insert(ledgerEntries)
    .values({
      ...rowOf(paid, "chargeback", source),
      reversesId: paid.id,
      grossCents: -(paid.grossCents - money.refunded.grossCents),
      feeCents: -(paid.feeCents - money.refunded.feeCents),
      netCents: -(paid.netCents - money.refunded.netCents),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A dispute won: the provider gives the withdrawn money back, the negation of the chargeback row. */
export async function recordReversal(executor: Executor, chargeback: LedgerRow, source: MovementSource) {
  const [row] = await executor
    .insert(ledgerEntries)
    .values({
      ...rowOf(chargeback, "reversal", source),
      reversesId: chargeback.id,
      grossCents: -chargeback.grossCents,
      feeCents: -chargeback.feeCents,
      netCents: -chargeback.netCents,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return Boolean(row);
}

/** What each gift's refunds gave back so far (positive centavos), by donation id; gifts without refunds are absent. */
export async function refundedByDonation(donationIds: string[], executor: Executor = db): Promise<Map<string, number>> {
  if (donationIds.length === 0) return new Map();
  const rows = await executor
    .select({ donationId: ledgerEntries.donationId, cents: sql<number>`-sum(${ledgerEntries.grossCents})`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.donationId, donationIds), eq(ledgerEntries.kind, "refund")))
    .groupBy(ledgerEntries.donationId);
  return new Map(rows.map((r) => [r.donationId!, r.cents]));
}
