import { describe, expect, it } from "vitest";
import { mayRetryNow, maxRetries, nextRetryAt, recoveredShare, scheduleExhausted } from "./recovery-schedule";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const failed = new Date("2026-11-02T09:00:00Z");
const after = (ms: number) => new Date(failed.getTime() + ms);

describe("retry schedules (docs/recovery.md)", () => {
  it("card: days 1, 3, 5 and 7 after the first failure, then none", () => {
    expect([1, 2, 3, 4, 5].map((failures) => nextRetryAt("card", failed, failures))).toEqual([
      after(1 * DAY),
      after(3 * DAY),
      after(5 * DAY),
      after(7 * DAY),
      null,
    ]);
    expect(maxRetries("card")).toBe(4);
    expect(scheduleExhausted("card", 4)).toBe(false);
    expect(scheduleExhausted("card", 5)).toBe(true);
  });

  it("Pix Automático: the same evening, then days 2, 4 and 6 — all within the BCB's 7 days", () => {
    const times = [1, 2, 3, 4].map((failures) => nextRetryAt("pix_automatico", failed, failures)!);
    expect(times).toEqual([after(10 * HOUR), after(2 * DAY), after(4 * DAY), after(6 * DAY)]);
    expect(times.every((t) => t.getTime() - failed.getTime() <= 7 * DAY)).toBe(true);
    expect(nextRetryAt("pix_automatico", failed, 5)).toBeNull();
  });

  it("a retry asked early ('Tentar agora') is not followed by another within the hour", () => {
    expect(nextRetryAt("card", failed, 2, after(2 * DAY + 59 * 60 * 1000))).toEqual(after(3 * DAY));
    expect(nextRetryAt("card", failed, 2, after(3 * DAY - 10 * 60 * 1000))).toEqual(after(3 * DAY + 50 * 60 * 1000));
  });

  it("may retry now: ours, open, answered, retries left, and (Pix) inside the 7-day window", () => {
    const open = { status: "open", retriesBy: "ours", method: "card", failures: 1, retriesRequested: 0, firstFailedAt: failed } as const;
    expect(mayRetryNow(open, after(DAY))).toBe(true);
    expect(mayRetryNow({ ...open, retriesRequested: 1 }, after(DAY))).toBe(false);
    expect(mayRetryNow({ ...open, retriesBy: "provider" }, after(DAY))).toBe(false);
    expect(mayRetryNow({ ...open, status: "suspended" }, after(DAY))).toBe(false);
    expect(mayRetryNow({ ...open, failures: 5, retriesRequested: 4 }, after(DAY))).toBe(false);
    expect(mayRetryNow({ ...open, method: "pix_automatico" }, after(7 * DAY))).toBe(true);
    expect(mayRetryNow({ ...open, method: "pix_automatico" }, after(7 * DAY + 1))).toBe(false);
  });

  it("recovered share: recovered ÷ failed, none when nothing failed", () => {
    expect(recoveredShare(4, 3)).toBe(0.75);
    expect(recoveredShare(0, 0)).toBeNull();
  });
});
