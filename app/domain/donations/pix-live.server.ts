/**
 * The Pix page's live stream (server-sent events): one `paga` event when the gift becomes paid,
 * then the end. The paying transaction's NOTIFY reaches every process (live-events.server.ts);
 * a gift already paid when the stream opens is announced at once, so nothing is missed between
 * the page's render and the subscription, and every keep-alive looks again (a lost announcement).
 */
import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { keepAliveTicker } from "~/platform/http/keep-alive-ticker.server";
import type { StreamSlot } from "~/platform/http/live-streams.server";
import { subscribeToDonationPaid } from "./live-events.server";

const PIX_KEEP_ALIVE_MS = 25_000;

async function isPaid(donationId: string) {
  const [row] = await db.select({ status: schema.donations.status }).from(schema.donations).where(eq(schema.donations.id, donationId));
  return row?.status === "paga";
}

export function pixPaidStream(
  donationId: string,
  signal: AbortSignal,
  options: { slot?: StreamSlot; keepAliveMs?: number; subscribe?: typeof subscribeToDonationPaid } = {},
) {
  const encoder = new TextEncoder();
  const subscribe = options.subscribe ?? subscribeToDonationPaid;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let unsubscribe = () => {};
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      // Each keep-alive also looks at the gift (one lookup by key): the announcement is sent after the
      // paying commit, and one lost in a crash between the two must not leave this page waiting.
      const stopKeepAlive = keepAliveTicker(options.keepAliveMs ?? PIX_KEEP_ALIVE_MS).add(() => {
        send(": keep-alive\n\n");
        isPaid(donationId).then(
          (yes) => yes && paid(),
          () => {},
        );
      });
      cleanup = () => {
        if (closed) return;
        closed = true;
        stopKeepAlive();
        unsubscribe();
        options.slot?.release();
        signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const paid = () => {
        send("event: paga\ndata: {}\n\n");
        cleanup();
      };
      signal.addEventListener("abort", cleanup, { once: true });
      send("retry: 3000\n\n");
      options.slot?.onStop((retryMs) => {
        send(`retry: ${retryMs}\n\n`);
        cleanup();
      });
      try {
        const off = await subscribe(donationId, paid);
        if (closed) off();
        else unsubscribe = off;
        if (await isPaid(donationId)) paid();
      } catch {
        cleanup(); // the browser's EventSource tries again (or the page polls)
      }
    },
    cancel() {
      cleanup();
    },
  });
}
