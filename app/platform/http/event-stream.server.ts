/**
 * A server-sent events stream (text/event-stream) shared by the live pages: the creator's /painel
 * and each party's public page. It sends a retry hint, a keep-alive comment so proxies keep the
 * connection open, the events its source emits in order, and releases everything (subscription,
 * timer, the visitor's stream slot) when the browser goes away, the stream is cancelled or the
 * process stops.
 */
import { liveStreams } from "~/platform/metrics.server";
import type { StreamSlot } from "./live-streams.server";

const KEEP_ALIVE_MS = 25_000;

/** One event as the browser's EventSource reads it. */
export function sseEvent(name: string, data: unknown = {}) {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type EventStreamOptions = {
  /**
   * Starts listening; `emit(text)` queues text for the browser (use sseEvent). Resolves with the
   * function that stops listening. A rejection closes the stream (the browser retries).
   */
  subscribe: (emit: (text: () => Promise<string | null> | string | null) => void) => Promise<() => void>;
  /** Sent once listening has started (no event missed from here on): e.g. `ready` or a snapshot. */
  ready?: () => Promise<string> | string;
  keepAliveMs?: number;
  /** The visitor's place in the process's stream list: given back on close, closed on stop. */
  slot?: StreamSlot;
  /** Asked before every event and keep-alive; false sends `end` and closes. */
  stillAllowed?: () => Promise<boolean>;
};

export function liveEventStream(signal: AbortSignal, options: EventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
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
      const whenAllowed = (make: () => Promise<string | null> | string | null) => {
        queue = queue.then(async () => {
          if (closed) return;
          const allowed = options.stillAllowed ? await options.stillAllowed().catch(() => false) : true;
          if (!allowed) {
            // The page stops its EventSource on `end`; a reconnect would be refused anyway.
            send(sseEvent("end"));
            cleanup();
            return;
          }
          const text = await Promise.resolve()
            .then(make)
            .catch(() => null);
          if (text) send(text);
        });
      };
      const keepAlive = setInterval(() => whenAllowed(() => ": keep-alive\n\n"), options.keepAliveMs ?? KEEP_ALIVE_MS);
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
        const off = await options.subscribe(whenAllowed);
        if (closed) off();
        else unsubscribe = off;
        // From here on nothing is missed: the page refreshes its numbers after a (re)connect.
        const ready = options.ready ?? (() => sseEvent("ready"));
        whenAllowed(ready);
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
