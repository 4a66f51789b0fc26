/**
 * Whole percentages that add up to exactly 100 (largest-remainder method): plain rounding of
 * e.g. three equal shares gives 33 + 33 + 33 = 99, which a transparency page cannot show.
 * Ties go to the larger amount, then to the earlier item, so the result is stable.
 */
export function largestRemainderPercentages(amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, f) => sum + f, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - floors[index]!, amount: amounts[index]! }))
    .sort((a, b) => b.remainder - a.remainder || b.amount - a.amount || a.index - b.index);
  for (const item of order) {
    if (missing <= 0) break;
    floors[item.index]! += 1;
    missing -= 1;
  }
  return floors;
}
