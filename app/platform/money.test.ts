import { describe, expect, it } from "vitest";
import { formatCents, formatPercent, parseReaisToCents, progressPercent, splitFee } from "./money";

describe("money", () => {
  it("writes whole centavos exactly as Intl's pt-BR currency format does", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    const samples = [0, 1, 99, 100, 999, 1_000, 99_999, 100_000, 123_456, 10_000_000, 123_456_789_012];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const cents of samples) {
      for (const value of cents === 0 ? [0] : [cents, -cents]) {
        expect(formatCents(value)).toBe(intl.format(value / 100).replace(/\u00a0/g, " "));
      }
    }
    expect(formatCents(12.5)).toBe("R$ 0,13");
  });

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
