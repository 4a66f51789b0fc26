import { describe, expect, it } from "vitest";
import { feeFaqAnswer, feeHeadline, feeSentence, giftShareSentence, monthlyShareSentence } from "./fee";

describe("fee texts", () => {
  it("state the fee and the cause's share while a fee exists, never 100%", () => {
    for (const text of [feeSentence(10), feeHeadline(10), feeFaqAnswer(10), giftShareSentence(10), monthlyShareSentence(10)]) {
      expect(text).toContain("90%");
      expect(text).not.toMatch(/100%/);
    }
    expect(feeFaqAnswer(10)).toContain("10% sobre o total arrecadado");
    expect(giftShareSentence(10)).toBe("90% da sua doação vai para a causa; 10% cobre a operadora de cartão e a administração.");
  });

  it("say 100% and no fees only when the fee is zero", () => {
    expect(feeFaqAnswer(0)).toContain("100%");
    expect(giftShareSentence(0)).toBe("100% da sua doação vai para a causa, sem taxas.");
    expect(monthlyShareSentence(0)).toBe("100% de cada mensalidade vai para a causa, sem taxas.");
  });

  it("write fractional percentages the Brazilian way", () => {
    expect(giftShareSentence(7.5)).toMatch(/^92,5% da sua doação.*7,5% cobre/);
  });
});
