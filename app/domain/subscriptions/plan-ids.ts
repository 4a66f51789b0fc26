/** The Assine o Bem plans, cheapest first (their names and prices: plans.ts). */
export const PLAN_IDS = ["bronze", "prata", "ouro", "diamante"] as const;
/** "Outro valor": a monthly amount the subscriber chooses (issue 30, decision 183); the row keeps the amount. */
export const CUSTOM_PLAN_ID = "personalizado" as const;
/** What a subscription row's `plan` may hold: one of the four plans, or a chosen amount. */
export const SUBSCRIPTION_PLAN_IDS = [...PLAN_IDS, CUSTOM_PLAN_ID] as const;

/**
 * A subscription's state as the payment provider reports it. `incomplete_expired`: it ended before
 * it ever started (a Pix Automático authorisation refused or left to expire), like Stripe's.
 */
export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "canceled", "incomplete_expired"] as const;
