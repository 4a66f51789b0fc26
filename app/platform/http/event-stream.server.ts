/**
 * A server-sent events stream (text/event-stream) shared by the live pages: the creator's /painel
 * and each party's public page. It sends a retry hint, a keep-alive comment so proxies keep the
 * connection open, the events its source emits in order, and releases everything (subscription,
 * keep-alive turn, the visitor's stream slot) when the browser goes away, the stream is cancelled
 * or the process stops.
 *
 * Built for 10 000 streams per process (issue 19): an event may be bytes encoded once and given to
 * every stream that carries it (never re-serialised per stream), and the keep-alives of all streams
 * share one timer (keep-alive-ticker.server.ts).
 */
import { liveStreams } from "~/platform/metrics.server";
import { createEventOutput } from "./event-output.server";
import { keepAliveTicker } from "./keep-alive-ticker.server";
import type { StreamSlot } from "./live-streams.server";

const KEEP_ALIVE_MS = 25_000;
const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(": keep-alive\n\n");
const RETRY = encoder.encode("retry: 3000\n\n");

/** One event as the browser's EventSource reads it. */
export function sseEvent(name: string, data: unknown = {}) {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The same event as bytes, to encode once and enqueue on many streams (nobody writes into them). */
export function sseEventBytes(name: string, data: unknown = {}): Uint8Array {
  return encoder.encode(sseEvent(name, data));
}

/** What a stream sends: text, or bytes shared between streams. */
type EventChunk = string | Uint8Array;

export type EventStreamOptions = {
  /**
   * Starts listening; `emit(text)` queues text for the browser (use sseEvent). Resolves with the
   * function that stops listening. A rejection closes the stream (the browser retries).
   */
  subscribe: (emit: (text: () => Promise<EventChunk | null> | EventChunk | null) => void) => Promise<() => void>;
  /** Sent once listening has started (no event missed from here on): e.g. `ready` or a snapshot. */
  ready?: () => Promise<EventChunk> | EventChunk;
  keepAliveMs?: number;
  /** The visitor's place in the process's stream list: given back on close, closed on stop. */
  slot?: StreamSlot;
  /** Asked before every event and keep-alive; false sends `end` and closes. */
  stillAllowed?: () => Promise<boolean>;
};

export function liveEventStream(signal: AbortSignal, options: EventStreamOptions): ReadableStream<Uint8Array> {
  let closed = false;
  let unsubscribe: () => void = () => {};
  let stopKeepAlive = () => {};
  const cleanup = () => {
    if (closed) return;
    closed = true;
    liveStreams.dec();
    stopKeepAlive();
    unsubscribe();
    options.slot?.release();
    signal.removeEventListener("abort", cleanup);
    output.close();
  };
  const output = createEventOutput(cleanup);
  const send = (chunk: EventChunk) => {
    if (!closed && !output.write(typeof chunk === "string" ? encoder.encode(chunk) : chunk)) cleanup();
  };
  liveStreams.inc();

  // Checks and deliveries run one after another, so events keep their order. With nothing waiting
  // and no check to make, an event that is already bytes goes out at once (the party fan-out).
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  const whenAllowed = (make: () => Promise<EventChunk | null> | EventChunk | null) => {
    if (waiting === 0 && !options.stillAllowed) {
      let made: Promise<EventChunk | null> | EventChunk | null;
      try {
        made = make();
      } catch {
        return;
      }
      if (!(made instanceof Promise)) {
        if (made) send(made);
        return;
      }
      const pending = made;
      make = () => pending;
    }
    waiting++;
    queue = queue.then(async () => {
      try {
        if (closed) return;
        const allowed = options.stillAllowed ? await options.stillAllowed().catch(() => false) : true;
        if (!allowed) {
          // The page stops its EventSource on `end`; a reconnect would be refused anyway.
          send(sseEvent("end"));
          cleanup();
          return;
        }
        const chunk = await Promise.resolve()
          .then(make)
          .catch(() => null);
        if (chunk) send(chunk);
      } finally {
        waiting--;
      }
    });
  };
  stopKeepAlive = keepAliveTicker(options.keepAliveMs ?? KEEP_ALIVE_MS).add(() =>
    options.stillAllowed ? whenAllowed(() => KEEP_ALIVE) : send(KEEP_ALIVE),
  );
  signal.addEventListener("abort", cleanup, { once: true });

  // The browser reconnects after 3 s if the connection drops.
  send(RETRY);
  // When the process stops: a shorter hint, a `reconnect` event, then the end; the browser
  // reconnects, through the load balancer, to an instance that is still running.
  options.slot?.onStop((retryMs) => {
    send(`retry: ${retryMs}\n\n`);
    send(sseEvent("reconnect", { retryMs }));
    cleanup();
  });
  void (async () => {
    try {
      const off = await options.subscribe(whenAllowed);
      if (closed) off();
      else unsubscribe = off;
      // From here on nothing is missed: the page refreshes its numbers after a (re)connect.
      whenAllowed(options.ready ?? (() => sseEvent("ready")));
    } catch {
      cleanup(); // the browser's EventSource will try again
    }
    if (signal.aborted) cleanup();
  })();
  return output.stream;
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
