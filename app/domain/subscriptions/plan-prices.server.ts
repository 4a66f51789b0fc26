/**
 * Plan ↔ provider price id. The browser only ever names a plan; the price id is looked up here,
 * and an incoming event's price id is turned back into a plan here (an unknown price is not ours).
 */
import type { Config } from "~/platform/config.server";
import type { ProviderName } from "~/domain/payments";
import { PLANS, type Plan, type PlanId } from "./plans";

/** The price id to charge for a plan, or null when Stripe has no price configured for it. */
export function priceIdForPlan(planId: PlanId, provider: ProviderName, config: Config): string | null {
  const plan = PLANS.find((p) => p.id === planId);
  if (!plan) return null;
  if (provider === "sandbox") return plan.sandboxPriceId;
  // A PSP's Pix Automático names the plan in the recurrence's contract (pix-automatico-api.server.ts).
  if (provider === "pix") return `pix_automatico_${plan.id}`;
  return config[plan.stripePriceKey] ?? null;
}

/** The plan a provider price id stands for, or undefined for a price that is not one of ours. */
export function planForPriceId(priceId: string | null | undefined, provider: ProviderName, config: Config): Plan | undefined {
  if (!priceId) return undefined;
  return PLANS.find((p) => priceIdForPlan(p.id, provider, config) === priceId);
}
