import { describe, expect, it } from "vitest";
import { splitFee } from "~/platform/money";
import { chargedCents, coveredFeeCents, coverFeeLabel } from "./cover-fee";

describe("the fee a donor may cover", () => {
  it("is the platform fee the gift's ledger row keeps, rounded as splitFee rounds", () => {
    expect(coveredFeeCents(5_000, 10)).toBe(500);
    expect(coveredFeeCents(2_505, 10)).toBe(251); // 250.5 → 251
    expect(coveredFeeCents(1_234, 7.5)).toBe(93); // 92.55 → 93
    for (const cents of [500, 777, 2_505, 99_999, 5_000_000]) {
      const fee = coveredFeeCents(cents, 10);
      // Gross = gift + fee covered, fee on the gift: the institution's net is the gift.
      expect(chargedCents(cents, fee) - splitFee(cents, 10).feeCents).toBe(cents);
    }
  });

  it("is nothing without a fee or without a valid amount", () => {
    expect(coveredFeeCents(5_000, 0)).toBe(0);
    expect(coveredFeeCents(0, 10)).toBe(0);
    expect(coveredFeeCents(-100, 10)).toBe(0);
    expect(coveredFeeCents(Number.NaN, 10)).toBe(0);
  });

  it("charges the gift alone when not covered, and names the fee in reais", () => {
    expect(chargedCents(5_000, 0)).toBe(5_000);
    expect(chargedCents(5_000, 500)).toBe(5_500);
    expect(coverFeeLabel(251).replace(/\s/g, " ")).toBe("Quero cobrir a taxa de R$ 2,51 para a ONG receber o valor integral");
    expect(coverFeeLabel(null)).toBe("Quero cobrir a taxa para a ONG receber o valor integral");
  });
});
