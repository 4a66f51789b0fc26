/**
 * The coalescer's spacing, on a fake clock: what the live streams promise (issue 32 item 5) is
 * checked here exactly, where timer jitter on a loaded machine cannot blur it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coalescer } from "./coalesce";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("coalescer", () => {
  it("runs at once after a quiet interval, then at most once per interval however often poked", async () => {
    const starts: number[] = [];
    const c = coalescer(
      250,
      () => void starts.push(Date.now()),
      () => Date.now(),
    );
    const t0 = Date.now();
    // 100 pokes a second for three seconds.
    for (let i = 0; i < 300; i++) {
      c.poke();
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts[0]).toBe(t0); // the first gift is shown without delay
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(250);
    expect(starts.length).toBeLessThanOrEqual(Math.ceil(3_000 / 250) + 1);
    expect(starts.length).toBeGreaterThanOrEqual(Math.floor(3_000 / 250));
    // The last run starts after the last poke: what it reads is current.
    expect(starts.at(-1)!).toBeGreaterThanOrEqual(t0 + 299 * 10);
  });

  it("counts the interval from the end of a slow run, and a poke during a run earns one more run", async () => {
    const starts: number[] = [];
    const c = coalescer(
      250,
      async () => {
        starts.push(Date.now());
        await new Promise((r) => setTimeout(r, 100));
      },
      () => Date.now(),
    );
    const t0 = Date.now();
    c.poke();
    await vi.advanceTimersByTimeAsync(50);
    c.poke(); // during the first run
    c.poke();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(starts).toEqual([t0, t0 + 100 + 250]);
  });

  it("runs nothing after cancel", async () => {
    const flush = vi.fn();
    const c = coalescer(250, flush, () => Date.now());
    c.poke();
    c.poke();
    c.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it("tries again on the next poke after a failed run", async () => {
    let calls = 0;
    const c = coalescer(
      250,
      () => {
        calls++;
        if (calls === 1) throw new Error("banco fora do ar");
      },
      () => Date.now(),
    );
    c.poke();
    await vi.advanceTimersByTimeAsync(300);
    c.poke();
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toBe(2);
  });
});
