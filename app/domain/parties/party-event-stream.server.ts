/**
 * A party page's public live stream (/festa/:id/eventos): each time a gift becomes paid on this
 * party, every guest watching gets a `snapshot` — the totals and the newest paid gifts exactly as the
 * page shows them (PublicGift: name or anonymous, message, amount, date; never an e-mail, never the
 * owner). The snapshot is read once per change per process, however many guests watch.
 */
import { eq } from "drizzle-orm";
import {
  type DonationPaidSubscriber,
  listRecentPaidGifts,
  type PublicGift,
  subscribeToPartyDonations,
} from "~/domain/donations/index.server";
import { db, schema } from "~/platform/db.server";
import { liveEventStream, sseEvent } from "~/platform/http/event-stream.server";
import type { StreamSlot } from "~/platform/http/live-streams.server";

/** What the stream carries, and all it carries. */
export type PartyLiveSnapshot = { raisedCents: number; paidCount: number; gifts: PublicGift[] };

export const PARTY_PAGE_GIFTS = 10;

/**
 * The totals and the gift list from one snapshot of the database (a read-only, repeatable-read
 * transaction): read on two connections at once, a gift paid in between was counted in the totals
 * but missing from the list (seen on PostgreSQL, where the pool runs them in parallel).
 */
async function readPartyLiveSnapshot(partyId: string): Promise<PartyLiveSnapshot | null> {
  return db.transaction(
    async (tx) => {
      const [totals] = await tx
        .select({ raisedCents: schema.parties.raisedCents, paidCount: schema.parties.paidCount })
        .from(schema.parties)
        .where(eq(schema.parties.id, partyId))
        .limit(1);
      if (!totals) return null;
      const gifts = await listRecentPaidGifts(partyId, PARTY_PAGE_GIFTS, tx);
      return { raisedCents: totals.raisedCents, paidCount: totals.paidCount, gifts };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

// One read per paid gift, shared by every guest of that party on this process. Keyed by the gift:
// a snapshot read before it was paid must never stand in for one read after.
const byGift = new Map<string, Promise<PartyLiveSnapshot | null>>();

function snapshotAfterGift(partyId: string, donationId: string, read: typeof readPartyLiveSnapshot) {
  const key = `${partyId}:${donationId}`;
  let snapshot = byGift.get(key);
  if (!snapshot) {
    snapshot = read(partyId);
    byGift.set(key, snapshot);
    // Every subscriber asks within the same moment; afterwards the entry is no use.
    setTimeout(() => byGift.delete(key), 5_000).unref?.();
  }
  return snapshot;
}

type Options = {
  keepAliveMs?: number;
  slot?: StreamSlot;
  subscribe?: (partyId: string, fn: DonationPaidSubscriber) => Promise<() => void>;
  read?: typeof readPartyLiveSnapshot;
};

export function partyGiftStream(partyId: string, signal: AbortSignal, options: Options = {}): ReadableStream<Uint8Array> {
  const subscribe = options.subscribe ?? subscribeToPartyDonations;
  const read = options.read ?? readPartyLiveSnapshot;
  const asEvent = async (snapshot: Promise<PartyLiveSnapshot | null>) => {
    const value = await snapshot;
    return value ? sseEvent("snapshot", value) : null;
  };
  return liveEventStream(signal, {
    keepAliveMs: options.keepAliveMs,
    slot: options.slot,
    subscribe: (emit) => subscribe(partyId, (event) => emit(() => asEvent(snapshotAfterGift(partyId, event.donationId, read)))),
    // On (re)connect: the current numbers, so a copy of the page cached a few seconds ago catches up.
    ready: async () => (await asEvent(read(partyId))) ?? sseEvent("ready"),
  });
}
