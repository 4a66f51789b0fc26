/**
 * Applies work in batches, one batch at a time: what arrives while a batch is being applied waits
 * and goes together in the next one. Under a burst many items share one statement and one commit;
 * alone, an item is a batch of one, applied at once (no timer, no added wait).
 *
 * A batch that fails is applied again item by item, so one bad item fails only its own caller. An
 * item the batch answers `AGAIN` (it must come after another item of the same batch) goes first
 * in the next batch.
 */
export const AGAIN = Symbol("again");

type Waiting<T, R> = { item: T; resolve: (result: R | Promise<R>) => void; reject: (error: unknown) => void };

export type BatchOptions<T, R> = {
  maxBatch: number;
  /** Whether `item` may join `batch` (e.g. the same settings, no item with the same key). */
  fits: (item: T, batch: readonly T[]) => boolean;
  /** Applies `batch`: one answer per item, in order — its result (or a promise of it), or AGAIN. */
  apply: (batch: readonly T[]) => Promise<Array<R | Promise<R> | typeof AGAIN>>;
};

export function createSerialBatcher<T, R>({ maxBatch, fits, apply }: BatchOptions<T, R>) {
  let waiting: Waiting<T, R>[] = [];
  // Set before drain() starts: a drain can end synchronously (its first choice throws), and its
  // `finally` must then find the flag already raised to lower it.
  let running = false;

  async function run(batch: Waiting<T, R>[]) {
    let answers: Array<R | Promise<R> | typeof AGAIN>;
    try {
      answers = await apply(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const one of batch) await run([one]);
      return;
    }
    const again: Waiting<T, R>[] = [];
    batch.forEach((w, i) => {
      const answer = answers[i];
      if (answer === AGAIN) again.push(w);
      else if (answer === undefined) w.reject(new Error("batch answered fewer items than it was given"));
      else w.resolve(answer);
    });
    waiting = [...again, ...waiting];
  }

  async function drain() {
    try {
      while (waiting.length > 0) {
        const batch: Waiting<T, R>[] = [];
        const items: T[] = [];
        const rest: Waiting<T, R>[] = [];
        for (const w of waiting) {
          if (batch.length < maxBatch && fits(w.item, items)) {
            batch.push(w);
            items.push(w.item);
          } else rest.push(w);
        }
        waiting = rest;
        await run(batch);
      }
    } catch (error) {
      // Not expected (run answers every item itself), but never leave callers waiting forever.
      for (const w of waiting.splice(0)) w.reject(error);
    } finally {
      running = false;
    }
  }

  return {
    /** Applies `item` with whatever else is waiting; resolves or rejects with its own answer. */
    submit(item: T): Promise<R> {
      const answer = new Promise<R>((resolve, reject) => waiting.push({ item, resolve, reject }));
      if (!running) {
        running = true;
        void drain();
      }
      return answer;
    },
  };
}
