import { describe, expect, it } from "vitest";
import { formatCents, formatPercent, parseReaisToCents, progressPercent, splitFee } from "./money";

describe("money", () => {
  it("formats centavos as pt-BR reais", () => {
    expect(formatCents(123456)).toBe("R$ 1.234,56");
    expect(formatCents(5)).toBe("R$ 0,05");
  });
  it("parses what people type into centavos", () => {
    expect(parseReaisToCents("50")).toBe(5000);
    expect(parseReaisToCents("50,5")).toBe(5050);
    expect(parseReaisToCents("1.234,56")).toBe(123456);
    expect(parseReaisToCents("12.50")).toBe(1250);
    expect(parseReaisToCents("1.234")).toBe(123400);
    expect(parseReaisToCents("R$ 10,00")).toBe(1000);
  });
  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "-5", "1,234", "10,123", "1e3", "12.345.6"]) expect(parseReaisToCents(bad)).toBeNull();
  });
  it("caps progress at 100% and formats with the asked decimals", () => {
    expect(progressPercent(15000, 10000)).toBe(100);
    expect(formatPercent(progressPercent(1234, 10000), 1)).toBe("12,3%");
    expect(formatPercent(progressPercent(1250, 10000), 0)).toBe("13%");
  });
  it("splits the fee in whole centavos that add up", () => {
    const { feeCents, netCents } = splitFee(3333, 10);
    expect(feeCents).toBe(333);
    expect(feeCents + netCents).toBe(3333);
  });
});
