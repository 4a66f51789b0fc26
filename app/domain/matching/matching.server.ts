/**
 * Matching sponsors (decision 215): a sponsor promises to add `ratio_percent`/100 of each paid gift
 * of a party, up to a cap and a deadline. What paid gifts claim is PROMISED money — the sponsor has
 * not paid it — so it never enters the party's raised total nor the ledger; it lives in
 * `match_pledges.matched_cents` and one `match_allocations` row per matched gift.
 *
 * The writers below run inside the paying (or refunding) transaction of the donations domain, after
 * the gift's row is locked and before the party's row is: gift → pledge → party, the order the
 * batch statement (paid-event.server.ts) also takes, so the two never deadlock.
 */
import { and, desc, eq, gt, gte, inArray, lte, type Placeholder, sql } from "drizzle-orm";
import { db, type Executor, preparedPerConnection, schema } from "~/platform/db.server";
import { matchFor } from "./pledge-status";
import { endedMatchStatus, type MatchBanner, matchHeadline, matchStatus } from "./match-banner";
import { sponsorPaidCents } from "./sponsor-paid.server";

const { matchPledges, matchAllocations } = schema;

/**
 * A paid gift claims its match from the party's active pledge (if any, and if the gift was paid
 * by the deadline): the pledge row is locked (FOR UPDATE), so concurrent gifts take turns and the
 * cap is never passed; the update is conditional too, and the table's check is the last guard.
 * Idempotent: a gift already allocated claims nothing more. Returns the centavos matched.
 */
export async function allocateMatch(
  tx: Executor,
  gift: {
    donationId: string;
    partyId: string | null;
    amountCents: number;
    paidAt: Date;
    /** Set on a sponsor's own payment of a pledge (decision 220): it never claims a match. */
    matchPledgeId: string | null;
  },
  /**
   * A dispute won (decision 220): the gift claims its match again only from the pledge that was in
   * force when it was paid — still active, confirmed by then, its deadline not past — if it has room.
   */
  options: { reclaim?: boolean } = {},
): Promise<number> {
  if (!gift.partyId || gift.matchPledgeId) return 0;
  const inForce = options.reclaim ? lte(matchPledges.confirmedAt, gift.paidAt) : undefined;
  const [pledge] = await tx
    .select({
      id: matchPledges.id,
      ratioPercent: matchPledges.ratioPercent,
      cap: matchPledges.capCents,
      matched: matchPledges.matchedCents,
    })
    .from(matchPledges)
    .where(and(eq(matchPledges.partyId, gift.partyId), eq(matchPledges.status, "ativa"), gte(matchPledges.deadline, gift.paidAt), inForce))
    .limit(1)
    .for("update");
  if (!pledge) return 0;
  const amount = matchFor(gift.amountCents, pledge.ratioPercent, pledge.cap - pledge.matched);
  if (amount <= 0) return 0;
  const [inserted] = await tx
    .insert(matchAllocations)
    .values({ pledgeId: pledge.id, donationId: gift.donationId, amountCents: amount })
    .onConflictDoNothing({ target: matchAllocations.donationId })
    .returning({ id: matchAllocations.id });
  if (!inserted) return 0;
  const updated = await tx
    .update(matchPledges)
    .set({ matchedCents: sql`${matchPledges.matchedCents} + ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(matchPledges.id, pledge.id), sql`${matchPledges.matchedCents} + ${amount} <= ${matchPledges.capCents}`))
    .returning({ id: matchPledges.id });
  // Cannot happen with the row locked; if it did, the whole payment rolls back rather than overspend.
  if (updated.length === 0) throw new Error(`match pledge ${pledge.id}: the cap would be passed`);
  return amount;
}

/**
 * Money left a matched gift (a refund, whole or partial, or a chargeback): its allocation shrinks
 * to what the gift still holds (× the ratio; removed when nothing is left) and the difference goes
 * back to the pledge's remaining cap — in the caller's transaction, the gift's row locked.
 * Never grows an allocation. Returns the centavos given back to the pledge.
 */
export async function releaseMatch(tx: Executor, donationId: string, heldCents: number): Promise<number> {
  const [allocation] = await tx
    .select({ id: matchAllocations.id, pledgeId: matchAllocations.pledgeId, amountCents: matchAllocations.amountCents })
    .from(matchAllocations)
    .where(eq(matchAllocations.donationId, donationId));
  if (!allocation) return 0;
  const [pledge] = await tx
    .select({ ratioPercent: matchPledges.ratioPercent })
    .from(matchPledges)
    .where(eq(matchPledges.id, allocation.pledgeId))
    .for("update");
  const keep = Math.min(allocation.amountCents, Math.floor((Math.max(0, heldCents) * pledge!.ratioPercent) / 100));
  const back = allocation.amountCents - keep;
  if (back <= 0) return 0;
  if (keep === 0) await tx.delete(matchAllocations).where(eq(matchAllocations.id, allocation.id));
  else await tx.update(matchAllocations).set({ amountCents: keep }).where(eq(matchAllocations.id, allocation.id));
  await tx
    .update(matchPledges)
    .set({ matchedCents: sql`${matchPledges.matchedCents} - ${back}`, updatedAt: sql`now()` })
    .where(eq(matchPledges.id, allocation.pledgeId));
  return back;
}

// Every party page asks this: prepared once per connection.
const activeMatch = preparedPerConnection((d) => activeMatchQuery(d, sql.placeholder("partyId")).prepare("active_match_banner"));

function activeMatchQuery(executor: Executor, partyId: string | Placeholder) {
  return executor
    .select({
      sponsorName: matchPledges.sponsorName,
      sponsorLogoUrl: matchPledges.sponsorLogoUrl,
      ratioPercent: matchPledges.ratioPercent,
      capCents: matchPledges.capCents,
      matchedCents: matchPledges.matchedCents,
      deadline: matchPledges.deadline,
    })
    .from(matchPledges)
    .where(and(eq(matchPledges.partyId, partyId), sql`${matchPledges.status} = 'ativa'`, sql`${matchPledges.deadline} >= now()`))
    .limit(1);
}

/** The party's pledge still matching (active, before its deadline), as its page and /doar show it. */
export async function activeMatchBanner(partyId: string, executor: Executor = db): Promise<MatchBanner | null> {
  const [row] = executor === db ? await activeMatch().execute({ partyId }) : await activeMatchQuery(executor, partyId);
  if (!row) return null;
  const { matchedCents, deadline, ...rest } = row;
  const remainingCents = row.capCents - matchedCents;
  return {
    ...rest,
    remainingCents,
    deadline: deadline.toISOString(),
    headline: matchHeadline(row),
    status: matchStatus(row.capCents, remainingCents),
  };
}

/**
 * What the party page says of its sponsor (decision 220): the pledge still matching, else the last
 * one that ended having promised something — what is still promised apart from what the sponsor
 * has paid (only that is in the party's total). /doar shows only the pledge still matching.
 */
export async function partyMatchBanner(partyId: string, executor: Executor = db): Promise<MatchBanner | null> {
  const active = await activeMatchBanner(partyId, executor);
  if (active) return active;
  const [row] = await executor
    .select({
      sponsorName: matchPledges.sponsorName,
      sponsorLogoUrl: matchPledges.sponsorLogoUrl,
      ratioPercent: matchPledges.ratioPercent,
      capCents: matchPledges.capCents,
      matchedCents: matchPledges.matchedCents,
      deadline: matchPledges.deadline,
      paidCents: sponsorPaidCents(),
    })
    .from(matchPledges)
    .where(
      and(
        eq(matchPledges.partyId, partyId),
        inArray(matchPledges.status, ["ativa", "encerrada", "cancelada"]),
        gt(matchPledges.matchedCents, 0),
      ),
    )
    .orderBy(desc(matchPledges.createdAt))
    .limit(1);
  if (!row) return null;
  const { matchedCents, paidCents, deadline, ...rest } = row;
  return {
    ...rest,
    remainingCents: 0,
    deadline: deadline.toISOString(),
    headline: matchHeadline(row, true),
    status: endedMatchStatus(matchedCents, paidCents),
  };
}
