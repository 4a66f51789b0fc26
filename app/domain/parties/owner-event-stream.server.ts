import { type DonationPaidSubscriber, subscribeToOwnerDonations } from "~/domain/donations/index.server";
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
 * The /painel live stream of one creator: a `donation` event for each gift that becomes paid on one
 * of their parties, and nothing about anyone else's parties (the fan-out filters by owner).
 */
export function ownerDonationStream(ownerUserId: string, signal: AbortSignal, options: Options = {}): ReadableStream<Uint8Array> {
  const subscribe = options.subscribe ?? subscribeToOwnerDonations;
  return liveEventStream(signal, {
    keepAliveMs: options.keepAliveMs,
    slot: options.slot,
    stillAllowed: options.stillAllowed,
    subscribe: (emit) =>
      subscribe(ownerUserId, (event) => {
        const payload = { partyId: event.partyId, donationId: event.donationId, amountCents: event.amountCents };
        emit(() => sseEvent("donation", payload));
      }),
  });
}
