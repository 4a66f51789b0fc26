import { describe, expect, it } from "vitest";
import { bandPlanFor, customAmountOfPriceId, customPlan, customPriceId, planOf, planOfCheckout } from "./plans";

describe("'outro valor' plans (issue 30, decision 183)", () => {
  it("puts a chosen amount in the spec's bands: Bronze 30–49, Prata 50–69, Ouro 70–99, Diamante 100+; none below 30", () => {
    const band = (cents: number) => bandPlanFor(cents)?.name ?? null;
    expect([1000, 2999, 3000, 4999, 5000, 6999, 7000, 9999, 10000, 500000].map(band)).toEqual([
      null,
      null,
      "Bronze",
      "Bronze",
      "Prata",
      "Prata",
      "Ouro",
      "Ouro",
      "Diamante",
      "Diamante",
    ]);
    expect(customPlan(4550)).toMatchObject({ id: "personalizado", name: "Personalizado", priceCents: 4550, bandName: "Bronze" });
    expect(customPlan(4550).band).toBe("Faixa Bronze (R$ 30 a R$ 49)");
    expect(customPlan(1500)).toMatchObject({ bandName: null, band: "Abaixo de R$ 30: sem faixa no ranking" });
    // The base benefits only, whatever the band (decision 183): the group, mural and visit belong to the plans.
    expect(customPlan(12000).benefits).toEqual(["relatorio", "certificado"]);
  });

  it("reads back only well-formed custom price ids within R$ 10 – R$ 5.000", () => {
    expect(customAmountOfPriceId(customPriceId(4550))).toBe(4550);
    for (const bad of ["custom_999", "custom_500001", "custom_-100", "custom_45.5", "price_sbx_prata", "custom_", null, undefined])
      expect(customAmountOfPriceId(bad)).toBeNull();
  });

  it("a row or a checkout names its plan: the four by id, 'outro valor' by its amount", () => {
    expect(planOf({ plan: "ouro", customAmountCents: null })?.priceCents).toBe(7000);
    expect(planOf({ plan: "personalizado", customAmountCents: 2500 })?.priceCents).toBe(2500);
    expect(planOf({ plan: "personalizado", customAmountCents: null })).toBeUndefined();
    expect(planOfCheckout({ planId: "personalizado", priceId: "custom_6000" })?.priceCents).toBe(6000);
    expect(planOfCheckout({ planId: "personalizado", priceId: "price_sbx_prata" })).toBeUndefined();
    expect(planOfCheckout({ planId: "prata", priceId: "price_sbx_prata" })?.name).toBe("Prata");
  });
});
