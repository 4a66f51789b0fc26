/**
 * One timer for the keep-alives of every live stream of the process, instead of one interval per
 * stream (10 000 streams, issue 19). Streams are dealt in turn into `periodMs / tickMs` groups and
 * each tick sends one group's keep-alives: every stream still hears once per period, and the writes
 * are spread over the period instead of landing in one burst that would delay a gift's event.
 */
type Beat = () => void;

const TICK_MS = 1_000;

export type KeepAliveTicker = {
  /** Calls `beat` once per period from now on; the returned function stops it. */
  add(beat: Beat): () => void;
  /** How many beats are registered (tests, metrics). */
  size(): number;
};

export function createKeepAliveTicker(periodMs: number, tickMs = Math.min(TICK_MS, periodMs)): KeepAliveTicker {
  const groups = Array.from({ length: Math.max(1, Math.round(periodMs / tickMs)) }, () => new Set<Beat>());
  let dealt = 0;
  let turn = 0;
  let count = 0;
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    const group = groups[turn]!;
    turn = (turn + 1) % groups.length;
    for (const beat of group) {
      try {
        beat();
      } catch {
        // One broken stream must not silence the others.
      }
    }
  };

  return {
    add(beat) {
      // Dealt in turn, so the groups stay even; the first beat comes within one period.
      const group = groups[(turn + dealt++) % groups.length]!;
      group.add(beat);
      count++;
      if (!timer) {
        timer = setInterval(tick, tickMs);
        timer.unref();
      }
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        group.delete(beat);
        if (--count === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    size: () => count,
  };
}

const tickers = new Map<number, KeepAliveTicker>();

/** The process's ticker for this period (streams use one period; tests pass short ones). */
export function keepAliveTicker(periodMs: number): KeepAliveTicker {
  let ticker = tickers.get(periodMs);
  if (!ticker) tickers.set(periodMs, (ticker = createKeepAliveTicker(periodMs)));
  return ticker;
}
