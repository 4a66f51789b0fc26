/**
 * "Que tal todo mês?" (issue 29, item 4; decision 213): after a paid one-off gift, the result page
 * offers the Assine o Bem plan nearest to the gift. The rule is here, plain, so the page and its
 * tests read the same one:
 *
 * - the plan whose monthly price is closest to the gift's amount;
 * - a tie goes to the cheaper plan (we never round a donor up);
 * - below the cheapest plan, the cheapest; above the dearest, the dearest.
 */
import { type Plan, PLANS, type PlanId } from "./plans";

type FixedPlan = Plan & { id: PlanId };

export function nearestPlan(amountCents: number): FixedPlan {
  // PLANS is in ascending price: a strict "<" keeps the cheaper of two equally near plans.
  let best: FixedPlan = PLANS[0]!;
  for (const plan of PLANS) {
    if (Math.abs(plan.priceCents - amountCents) < Math.abs(best.priceCents - amountCents)) best = plan;
  }
  return best;
}

/** The query parameter (and form field) that carries the nudge's signed reference to /assine-o-bem. */
export const NUDGE_PARAM = "convite";
