import { describe, expect, it } from "vitest";
import { campaignSlug, rankCampaignParties } from "./leaderboard";

const party = (name: string, raisedCents: number, shareCode = name.slice(0, 5).toLowerCase()) => ({
  name,
  shareCode,
  raisedCents,
  paidCount: 1,
});

describe("rankCampaignParties", () => {
  it("sums the totals and ranks by total, equal totals by name (accents and case ignored)", () => {
    const { totalCents, ranked } = rankCampaignParties([
      party("Zeca", 5_000),
      party("Érica", 10_000),
      party("bruno", 10_000),
      party("Ana", 20_000),
      party("Caio", 0),
    ]);
    expect(totalCents).toBe(45_000);
    expect(ranked.map((p) => [p.position, p.name])).toEqual([
      [1, "Ana"],
      [2, "bruno"],
      [3, "Érica"],
      [4, "Zeca"],
      [5, "Caio"],
    ]);
  });

  it("an empty campaign totals zero", () => {
    expect(rankCampaignParties([])).toEqual({ totalCents: 0, ranked: [] });
  });
});

describe("campaignSlug", () => {
  it("keeps the name's letters without accents, then the tail", () => {
    expect(campaignSlug("  Natal Solidário — Escola São João! ", "k3f9")).toBe("natal-solidario-escola-sao-joao-k3f9");
    expect(campaignSlug("🎉🎉", "ab12")).toBe("campanha-ab12");
  });
});
