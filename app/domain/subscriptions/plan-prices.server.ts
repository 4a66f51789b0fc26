/**
 * Plan ↔ provider price id. The browser only ever names a plan (or an amount, checked on the
 * server); the price id is looked up here, and an incoming event's price id is turned back into a
 * plan here (an unknown price is not ours). A chosen amount ("outro valor", decision 183) has the
 * same price id everywhere, `custom_<centavos>`; Stripe's adapter turns it into `price_data`.
 */
import type { Config } from "~/platform/config.server";
import { planPriceIdAt } from "~/domain/payments/index.server";
import { customAmountOfPriceId, customPlan, customPriceId, isCustomPlan, PLANS, type Plan, type PlanId } from "./plans";

/** The price id to charge for a plan at this provider (its registration says how it names one), or null when it has none. */
export function priceIdForPlan(planOrId: PlanId | Plan, provider: string, config: Config): string | null {
  const plan = typeof planOrId === "string" ? PLANS.find((p) => p.id === planOrId) : planOrId;
  if (!plan) return null;
  if (isCustomPlan(plan)) return customPriceId(plan.priceCents);
  return planPriceIdAt(provider, plan, config);
}

/** The plan a provider price id stands for, or undefined for a price that is not one of ours. */
export function planForPriceId(priceId: string | null | undefined, provider: string, config: Config): Plan | undefined {
  if (!priceId) return undefined;
  const custom = customAmountOfPriceId(priceId);
  if (custom !== null) return customPlan(custom);
  return PLANS.find((p) => priceIdForPlan(p.id, provider, config) === priceId);
}
