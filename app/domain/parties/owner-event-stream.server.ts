import { type DonationPaidSubscriber, subscribeToOwnerDonations } from "~/domain/donations/index.server";
import { liveStreams } from "~/platform/metrics.server";
import type { StreamSlot } from "~/platform/http/live-streams.server";

const KEEP_ALIVE_MS = 25_000;

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
 * The /painel live stream of one creator: a text/event-stream that carries a `donation` event for
 * each gift that becomes paid on one of their parties, a keep-alive comment so proxies keep the
 * connection open, and nothing about anyone else's parties (the fan-out filters by owner).
 * Everything is released when the browser goes away (`signal`) or the stream is cancelled.
 */
export function ownerDonationStream(ownerUserId: string, signal: AbortSignal, options: Options = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const subscribe = options.subscribe ?? subscribeToOwnerDonations;
  let cleanup = () => {};

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      let unsubscribe: () => void = () => {};
      liveStreams.inc();
      // Checks and deliveries run one after another, so events keep their order.
      let queue: Promise<void> = Promise.resolve();
      const whenAllowed = (deliver: () => void) => {
        queue = queue.then(async () => {
          if (closed) return;
          const allowed = options.stillAllowed ? await options.stillAllowed().catch(() => false) : true;
          if (!allowed) {
            // The page stops its EventSource on `end`; a reconnect would get 401 anyway.
            send("event: end\ndata: {}\n\n");
            cleanup();
            return;
          }
          deliver();
        });
      };
      const keepAlive = setInterval(() => whenAllowed(() => send(": keep-alive\n\n")), options.keepAliveMs ?? KEEP_ALIVE_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        liveStreams.dec();
        clearInterval(keepAlive);
        unsubscribe();
        options.slot?.release();
        signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      signal.addEventListener("abort", cleanup, { once: true });

      // The browser reconnects after 3 s if the connection drops.
      send("retry: 3000\n\n");
      // When the process stops: a shorter hint, then the end; the browser reconnects, through the
      // load balancer, to an instance that is still running.
      options.slot?.onStop((retryMs) => {
        send(`retry: ${retryMs}\n\n`);
        cleanup();
      });
      try {
        const off = await subscribe(ownerUserId, (event) => {
          const payload = { partyId: event.partyId, donationId: event.donationId, amountCents: event.amountCents };
          whenAllowed(() => send(`event: donation\ndata: ${JSON.stringify(payload)}\n\n`));
        });
        if (closed) off();
        else unsubscribe = off;
        // From here on no paid gift is missed: the page refreshes its numbers after a reconnect.
        send("event: ready\ndata: {}\n\n");
      } catch {
        cleanup(); // the browser's EventSource will try again
      }
      if (signal.aborted) cleanup();
    },
    cancel() {
      cleanup();
    },
  });
}

export function eventStreamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
