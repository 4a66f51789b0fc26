import { describe, expect, it } from "vitest";
import { AGAIN, createSerialBatcher } from "./paid-event-batcher.server";

type Item = { key: string; value: number };

/** A batcher whose apply records each batch and answers value × 10, after a turn of the event loop. */
function recording(options: { maxBatch?: number; answer?: (item: Item, batch: readonly Item[]) => number | typeof AGAIN } = {}) {
  const batches: string[][] = [];
  const batcher = createSerialBatcher<Item, number>({
    maxBatch: options.maxBatch ?? 10,
    fits: (item, batch) => !batch.some((other) => other.key === item.key),
    apply: async (batch) => {
      batches.push(batch.map((item) => `${item.key}${item.value}`));
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (batch.some((item) => item.value < 0)) throw new Error("bad item");
      return batch.map((item) => (options.answer ? options.answer(item, batch) : item.value * 10));
    },
  });
  return { batches, batcher };
}

describe("createSerialBatcher", () => {
  it("applies the first item at once and what arrives meanwhile together, one batch at a time", async () => {
    const { batches, batcher } = recording();
    const answers = await Promise.all([1, 2, 3, 4].map((value) => batcher.submit({ key: `k${value}`, value })));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([["k11"], ["k22", "k33", "k44"]]);
  });

  it("keeps a batch under its size and leaves what does not fit for the next", async () => {
    const { batches, batcher } = recording({ maxBatch: 2 });
    await Promise.all([
      batcher.submit({ key: "a", value: 1 }),
      batcher.submit({ key: "b", value: 2 }),
      batcher.submit({ key: "b", value: 3 }),
      batcher.submit({ key: "c", value: 4 }),
      batcher.submit({ key: "d", value: 5 }),
    ]);
    expect(batches).toEqual([["a1"], ["b2", "c4"], ["b3", "d5"]]);
  });

  it("puts an item answered AGAIN first in the next batch, and gives it its own answer there", async () => {
    const { batches, batcher } = recording({
      answer: (item, batch) => (item.value === 3 && batch.some((other) => other.value === 2) ? AGAIN : item.value * 10),
    });
    const answers = await Promise.all([1, 2, 3, 4].map((value) => batcher.submit({ key: `k${value}`, value })));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([["k11"], ["k22", "k33", "k44"], ["k33"]]);
  });

  it("applies a failed batch again item by item: only the bad item's caller gets the error", async () => {
    const { batches, batcher } = recording();
    const answers = await Promise.allSettled([1, 2, -3, 4].map((value) => batcher.submit({ key: `k${value}`, value })));
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value : (a.reason as Error).message))).toEqual([10, 20, "bad item", 40]);
    expect(batches).toEqual([["k11"], ["k22", "k-3-3", "k44"], ["k22"], ["k-3-3"], ["k44"]]);
  });

  it("starts again after going idle", async () => {
    const { batches, batcher } = recording();
    expect(await batcher.submit({ key: "a", value: 1 })).toBe(10);
    expect(await batcher.submit({ key: "a", value: 2 })).toBe(20);
    expect(batches).toEqual([["a1"], ["a2"]]);
  });

  it("never leaves callers waiting: if choosing a batch throws, the waiting get the error and the next item starts afresh", async () => {
    let broken = true;
    const batcher = createSerialBatcher<Item, number>({
      maxBatch: 10,
      fits: (item) => {
        if (broken && item.value === 2) throw new Error("fits broke");
        return true;
      },
      apply: async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return batch.map((item) => item.value * 10);
      },
    });
    const answers = await Promise.allSettled([1, 2, 3].map((value) => batcher.submit({ key: `k${value}`, value })));
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value : (a.reason as Error).message))).toEqual([
      10,
      "fits broke",
      "fits broke",
    ]);
    broken = false;
    expect(await batcher.submit({ key: "k4", value: 4 })).toBe(40);
  });

  it("recovers even when the very first item breaks the choice of a batch (the drain ends before it was recorded as running)", async () => {
    let broken = true;
    const batcher = createSerialBatcher<Item, number>({
      maxBatch: 10,
      fits: () => {
        if (broken) throw new Error("fits broke");
        return true;
      },
      apply: async (batch) => batch.map((item) => item.value * 10),
    });
    await expect(batcher.submit({ key: "a", value: 1 })).rejects.toThrow("fits broke");
    broken = false;
    expect(await batcher.submit({ key: "b", value: 2 })).toBe(20);
  });
});
