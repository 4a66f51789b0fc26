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
