import { describe, expect, it } from "vitest";
import { nearestPlan } from "./monthly-nudge";
import { PLANS } from "./plans";

const nearest = (cents: number) => nearestPlan(cents).id;

describe("nearestPlan: the Assine o Bem plan offered after a one-off gift", () => {
  it("an amount equal to a plan's price gets that plan", () => {
    for (const plan of PLANS) expect(nearest(plan.priceCents)).toBe(plan.id);
  });

  it("picks the plan whose price is closest", () => {
    expect(nearest(3900)).toBe("bronze");
    expect(nearest(4100)).toBe("prata");
    expect(nearest(6100)).toBe("ouro");
    expect(nearest(8400)).toBe("ouro");
    expect(nearest(8600)).toBe("diamante");
  });

  it("a tie goes to the cheaper plan, never rounding the donor up", () => {
    expect(nearest(4000)).toBe("bronze"); // R$ 40: 10 from Bronze and from Prata
    expect(nearest(6000)).toBe("prata"); // R$ 60: 10 from Prata and from Ouro
    expect(nearest(8500)).toBe("ouro"); // R$ 85: 15 from Ouro and from Diamante
  });

  it("below the cheapest plan offers the cheapest, above the dearest the dearest", () => {
    expect(nearest(500)).toBe("bronze");
    expect(nearest(2999)).toBe("bronze");
    expect(nearest(10_001)).toBe("diamante");
    expect(nearest(5_000_000)).toBe("diamante");
  });
});
