import { eq, sql } from "drizzle-orm";
import { type Executor, schema } from "~/platform/db.server";

/**
 * Moves a party's maintained totals when a gift enters (+) or leaves (−) the paid state.
 * Always called in the same transaction as the status change, so totals never drift.
 */
export async function applyPaidDelta(executor: Executor, partyId: string, amountCents: number, direction: 1 | -1) {
  await executor
    .update(schema.parties)
    .set({
      raisedCents: sql`${schema.parties.raisedCents} + ${amountCents * direction}`,
      paidCount: sql`${schema.parties.paidCount} + ${direction}`,
    })
    .where(eq(schema.parties.id, partyId));
}

/**
 * A partial refund (the gift stays paid, `count` 0) or a gift whose refunds leave it at zero
 * (`count` −1): the raised total moves by `raisedDelta` centavos (docs/decisions/151-refunds.md).
 */
export async function applyRaisedDelta(executor: Executor, partyId: string, raisedDelta: number, count: -1 | 0 | 1) {
  await executor
    .update(schema.parties)
    .set({
      raisedCents: sql`${schema.parties.raisedCents} + ${raisedDelta}`,
      paidCount: sql`${schema.parties.paidCount} + ${count}`,
    })
    .where(eq(schema.parties.id, partyId));
}
