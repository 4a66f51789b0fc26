/**
 * What a party page's live stream sends (party-event-stream.server.ts): the totals and the newest
 * paid gifts, read together. The one place that opens a transaction for it.
 */
import { eq, inArray } from "drizzle-orm";
import { listRecentPaidGifts, type PublicGift } from "~/domain/donations/index.server";
import { db, schema } from "~/platform/db.server";
import { partyMatchBanner, type MatchBanner } from "~/domain/matching/index.server";

/** What the stream carries, and all it carries. */
export type PartyLiveSnapshot = {
  raisedCents: number;
  paidCount: number;
  gifts: PublicGift[];
  /** A matching sponsor's pledge: what it has left, or once ended what is still promised and what was paid (decisions 215, 220). */
  match: MatchBanner | null;
};

export const PARTY_PAGE_GIFTS = 10;

/**
 * The totals and the gift list from one snapshot of the database (a read-only, repeatable-read
 * transaction): read on two connections at once, a gift paid in between was counted in the totals
 * but missing from the list (seen on PostgreSQL, where the pool runs them in parallel).
 */
export async function readPartyLiveSnapshot(partyId: string): Promise<PartyLiveSnapshot | null> {
  return db.transaction(
    async (tx) => {
      const [totals] = await tx
        .select({ raisedCents: schema.parties.raisedCents, paidCount: schema.parties.paidCount })
        .from(schema.parties)
        .where(eq(schema.parties.id, partyId))
        .limit(1);
      if (!totals) return null;
      const gifts = await listRecentPaidGifts(partyId, PARTY_PAGE_GIFTS, tx);
      const match = await partyMatchBanner(partyId, tx);
      return { raisedCents: totals.raisedCents, paidCount: totals.paidCount, gifts, match };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The totals of the given parties (the live stream's catch-up compares them with what it sent). */
export async function readPartyTotals(partyIds: string[]) {
  return db
    .select({ id: schema.parties.id, raisedCents: schema.parties.raisedCents, paidCount: schema.parties.paidCount })
    .from(schema.parties)
    .where(inArray(schema.parties.id, partyIds));
}
