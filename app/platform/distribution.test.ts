import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestRemainderPercentages } from "./distribution";

describe("largestRemainderPercentages", () => {
  it("gives three equal shares 34/33/33, not 33/33/33", () => {
    expect(largestRemainderPercentages([100, 100, 100])).toEqual([34, 33, 33]);
  });

  it("keeps exact shares exact", () => {
    expect(largestRemainderPercentages([3500, 2800, 1800, 1000, 600, 300])).toEqual([35, 28, 18, 10, 6, 3]);
  });

  it("gives the leftover points to the largest remainders", () => {
    // 66.67 / 16.67 / 16.67 floor to 66 + 16 + 16 = 98; the two missing points go to the first two.
    expect(largestRemainderPercentages([4, 1, 1])).toEqual([67, 17, 16]);
  });

  it("returns zeros when nothing was raised", () => {
    expect(largestRemainderPercentages([0, 0])).toEqual([0, 0]);
    expect(largestRemainderPercentages([])).toEqual([]);
  });

  it("always adds up to 100 and never moves a share by a whole point or more", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 12 }), (amounts) => {
        const total = amounts.reduce((s, a) => s + a, 0);
        fc.pre(total > 0);
        const result = largestRemainderPercentages(amounts);
        expect(result.reduce((s, p) => s + p, 0)).toBe(100);
        result.forEach((p, i) => expect(Math.abs(p - (amounts[i]! * 100) / total)).toBeLessThan(1));
      }),
    );
  });
});
