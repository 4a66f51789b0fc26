/**
 * Plan ↔ provider price id. The browser only ever names a plan (or an amount, checked on the
 * server); the price id is looked up here, and an incoming event's price id is turned back into a
 * plan here (an unknown price is not ours). A chosen amount ("outro valor", decision 183) has the
 * same price id everywhere, `custom_<centavos>`; Stripe's adapter turns it into `price_data`.
 */
import type { Config } from "~/platform/config.server";
import type { ProviderName } from "~/domain/payments";
import { customAmountOfPriceId, customPlan, customPriceId, isCustomPlan, PLANS, type Plan, type PlanId } from "./plans";

/** The price id to charge for a plan, or null when Stripe has no price configured for it. */
export function priceIdForPlan(planOrId: PlanId | Plan, provider: ProviderName, config: Config): string | null {
  const plan = typeof planOrId === "string" ? PLANS.find((p) => p.id === planOrId) : planOrId;
  if (!plan) return null;
  if (isCustomPlan(plan)) return customPriceId(plan.priceCents);
  if (provider === "sandbox") return plan.sandboxPriceId;
  // A PSP's Pix Automático names the plan in the recurrence's contract (pix-automatico-api.server.ts).
  if (provider === "pix") return `pix_automatico_${plan.id}`;
  return plan.stripePriceKey ? (config[plan.stripePriceKey] ?? null) : null;
}

/** The plan a provider price id stands for, or undefined for a price that is not one of ours. */
export function planForPriceId(priceId: string | null | undefined, provider: ProviderName, config: Config): Plan | undefined {
  if (!priceId) return undefined;
  const custom = customAmountOfPriceId(priceId);
  if (custom !== null) return customPlan(custom);
  return PLANS.find((p) => priceIdForPlan(p.id, provider, config) === priceId);
}
