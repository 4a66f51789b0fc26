/**
 * At most one run of `flush` per `intervalMs`, however often it is poked (issue 32 item 5: a hot
 * party at 100 gifts/s must not send 100 messages/s to each of its streams). A poke after a quiet
 * interval runs at once (the first gift is shown without delay); pokes within the interval after
 * a run are answered by one more run when it ends. A poke during a run schedules one more run, so
 * the last run always starts after the last poke: whatever it reads is current.
 */
export function coalescer(intervalMs: number, flush: () => Promise<unknown> | unknown, now: () => number = () => performance.now()) {
  let lastEnd = -Infinity;
  let running = false;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;

  const run = async () => {
    timer = undefined;
    if (cancelled) return;
    pending = false;
    running = true;
    try {
      await flush();
    } catch {
      // the next poke tries again
    } finally {
      running = false;
      lastEnd = now();
      if (pending) schedule();
    }
  };
  const schedule = () => {
    if (timer || cancelled) return;
    const wait = lastEnd + intervalMs - now();
    if (wait <= 0) void run();
    else timer = setTimeout(() => void run(), wait);
  };

  return {
    poke() {
      pending = true;
      if (!running) schedule();
    },
    /** No run after this one (the last stream left). */
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** How often at most a live stream gets a message per party (issue 32 item 5). */
export const LIVE_MESSAGE_INTERVAL_MS = 250;
