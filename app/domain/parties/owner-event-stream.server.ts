import {
  type DonationPaidEvent,
  type DonationPaidSubscriber,
  subscribeToOwnerDonations,
  subscribeToPartyDonations,
} from "~/domain/donations/index.server";
import { coalescer, LIVE_MESSAGE_INTERVAL_MS } from "~/platform/coalesce";
import { readPartyTotals } from "./party-live-snapshot.server";
import { liveEventStream, sseEvent } from "~/platform/http/event-stream.server";
import type { StreamSlot } from "~/platform/http/live-streams.server";

export { eventStreamResponse } from "~/platform/http/event-stream.server";

type Options = {
  keepAliveMs?: number;
  subscribe?: (ownerUserId: string, fn: DonationPaidSubscriber) => Promise<() => void>;
  /** The visitor's place in the process's stream list: given back on close, closed on stop. */
  slot?: StreamSlot;
  /**
   * Whether the viewer may still watch (their session still exists). Asked before every event and
   * on every keep-alive: after a logout or a password reset the stream says `end` and closes
   * instead of delivering to a revoked session (security review finding 8).
   */
  stillAllowed?: () => Promise<boolean>;
};

/**
 * The gifts of a host's /painel: their own parties (by owner) and the parties they co-host
 * (decision 217, by party). A gift reaches each subscriber once: a party is never both.
 */
export function hostDonationsSubscriber(cohostedPartyIds: readonly string[]) {
  return async (ownerUserId: string, fn: DonationPaidSubscriber): Promise<() => void> => {
    const offs = [await subscribeToOwnerDonations(ownerUserId, fn)];
    for (const partyId of cohostedPartyIds) offs.push(await subscribeToPartyDonations(partyId, fn));
    return () => {
      for (const off of offs) off();
    };
  };
}

/**
 * The /painel live stream of one creator: a `donation` event when gifts become paid on one of their
 * parties, and nothing about anyone else's parties (the fan-out filters by owner). At most one per
 * party per 250 ms however many gifts arrive (issue 32 item 5: each event makes the page reload its
 * data): it names the last gift, how many it stands for, and the party's totals read after them.
 */
export function ownerDonationStream(ownerUserId: string, signal: AbortSignal, options: Options = {}): ReadableStream<Uint8Array> {
  const subscribe = options.subscribe ?? subscribeToOwnerDonations;
  const byParty = new Map<string, { changed: ReturnType<typeof coalescer>; last?: DonationPaidEvent; gifts: number }>();
  return liveEventStream(signal, {
    keepAliveMs: options.keepAliveMs,
    slot: options.slot,
    stillAllowed: options.stillAllowed,
    subscribe: async (emit) => {
      const off = await subscribe(ownerUserId, (event) => {
        const partyId = event.partyId;
        if (!partyId) return;
        let party = byParty.get(partyId);
        if (!party) {
          const created = {
            gifts: 0,
            last: undefined as DonationPaidEvent | undefined,
            changed: coalescer(LIVE_MESSAGE_INTERVAL_MS, () => {
              const { last, gifts } = created;
              created.gifts = 0;
              if (!last) return;
              // Read when the event goes out (events keep their order), after every gift it stands for.
              emit(async () => {
                const [totals] = await readPartyTotals([partyId]);
                return sseEvent("donation", {
                  partyId,
                  donationId: last.donationId,
                  amountCents: last.amountCents,
                  gifts,
                  raisedCents: totals?.raisedCents ?? null,
                  paidCount: totals?.paidCount ?? null,
                });
              });
            }),
          };
          byParty.set(partyId, (party = created));
        }
        party.last = event;
        party.gifts++;
        party.changed.poke();
      });
      return () => {
        for (const party of byParty.values()) party.changed.cancel();
        off();
      };
    },
  });
}
