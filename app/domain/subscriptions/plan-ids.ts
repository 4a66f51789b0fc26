/** The Assine o Bem plans, cheapest first (their names and prices: plans.ts). */
export const PLAN_IDS = ["bronze", "prata", "ouro", "diamante"] as const;

/**
 * A subscription's state as the payment provider reports it. `incomplete_expired`: it ended before
 * it ever started (a Pix Automático authorisation refused or left to expire), like Stripe's.
 */
export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "canceled", "incomplete_expired"] as const;
