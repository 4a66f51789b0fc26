/**
 * The Assine o Bem plan table (decisions.md, Plans): the one place every page, e-mail and the
 * admin read plan names, prices, bands and provider price ids from. The bands settle the spec's
 * ranking reading. Safe for the browser: Stripe price ids are named by their config key here and
 * resolved on the server (app/domain/subscriptions/plan-prices.server.ts).
 */
import { CUSTOM_PLAN_ID, type PLAN_IDS, type SUBSCRIPTION_PLAN_IDS } from "~/domain/subscriptions/plan-ids";
import { formatCents } from "~/platform/money";
import type { BenefitId } from "~/domain/subscriptions/benefits";

export type PlanId = (typeof PLAN_IDS)[number];
/** A subscription's plan: one of the four, or "personalizado" (an amount of one's own). */
export type SubscriptionPlanId = (typeof SUBSCRIPTION_PLAN_IDS)[number];

export type Plan = {
  id: SubscriptionPlanId;
  name: string;
  priceCents: number;
  /** Ranking band in reais per month, e.g. "R$ 30 a R$ 49". */
  band: string;
  /** Lower bound of the band in centavos (the upper bound is the next plan's lower bound). */
  bandFromCents: number;
  /** One line for the plan card: what a month of this plan does. */
  impact: string;
  /** What the subscriber gets (labels: benefits.ts); every plan has the ones before it. */
  benefits: readonly BenefitId[];
  /** The config variable holding this plan's Stripe price id. */
  stripePriceKey: "STRIPE_PRICE_BRONZE" | "STRIPE_PRICE_PRATA" | "STRIPE_PRICE_OURO" | "STRIPE_PRICE_DIAMANTE" | null;
  /** The built-in sandbox provider's price id. */
  sandboxPriceId: string;
};

export const PLANS: readonly (Plan & { id: PlanId; stripePriceKey: NonNullable<Plan["stripePriceKey"]> })[] = [
  {
    id: "bronze",
    name: "Bronze",
    priceCents: 3000,
    band: "R$ 30 a R$ 49",
    bandFromCents: 3000,
    impact: "Ajuda a garantir material de higiene para uma família por um mês.",
    benefits: ["relatorio", "certificado"],
    stripePriceKey: "STRIPE_PRICE_BRONZE",
    sandboxPriceId: "price_sbx_bronze",
  },
  {
    id: "prata",
    name: "Prata",
    priceCents: 5000,
    band: "R$ 50 a R$ 69",
    bandFromCents: 5000,
    impact: "Ajuda a custear o transporte de um paciente até o tratamento.",
    benefits: ["relatorio", "certificado", "whatsapp"],
    stripePriceKey: "STRIPE_PRICE_PRATA",
    sandboxPriceId: "price_sbx_prata",
  },
  {
    id: "ouro",
    name: "Ouro",
    priceCents: 7000,
    band: "R$ 70 a R$ 99",
    bandFromCents: 7000,
    impact: "Ajuda a custear uma sessão de terapia para uma criança com doença rara.",
    benefits: ["relatorio", "certificado", "whatsapp", "mural"],
    stripePriceKey: "STRIPE_PRICE_OURO",
    sandboxPriceId: "price_sbx_ouro",
  },
  {
    id: "diamante",
    name: "Diamante",
    priceCents: 10000,
    band: "R$ 100 ou mais",
    bandFromCents: 10000,
    impact: "Ajuda a manter o atendimento de uma família durante todo o mês.",
    benefits: ["relatorio", "certificado", "whatsapp", "mural", "visita"],
    stripePriceKey: "STRIPE_PRICE_DIAMANTE",
    sandboxPriceId: "price_sbx_diamante",
  },
];

/** The plan shown with 'Mais Popular' to someone without a plan. */
export const POPULAR_PLAN_ID: PlanId = "prata";

export function getPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

// ---------- "Outro valor": a monthly amount of one's own (issue 30, decision 183) ----------

/** From R$ 10 (the issue), up to R$ 5.000 a month (decision 183: above it, talk to us). */
export const CUSTOM_MIN_CENTS = 1000;
export const CUSTOM_MAX_CENTS = 500_000;

/**
 * The provider price id of a chosen amount, the same on every provider: the sandbox carries it as
 * is, Stripe gets `price_data` for it and its events are read back into it (stripe-subscriptions).
 */
export function customPriceId(amountCents: number): string {
  return `custom_${amountCents}`;
}

/** The amount a custom price id stands for, when it is one and within the limits. */
export function customAmountOfPriceId(priceId: string | null | undefined): number | null {
  const match = priceId ? /^custom_(\d{1,7})$/.exec(priceId) : null;
  if (!match) return null;
  const cents = Number(match[1]);
  return cents >= CUSTOM_MIN_CENTS && cents <= CUSTOM_MAX_CENTS ? cents : null;
}

/** The ranking band an amount falls in (Bronze 30–49, Prata 50–69, Ouro 70–99, Diamante 100+); none below R$ 30. */
export function bandPlanFor(amountCents: number): Plan | undefined {
  return [...PLANS].reverse().find((p) => amountCents >= p.bandFromCents);
}

/**
 * A chosen amount as a plan: the base benefits (report and certificate) whatever its band — the
 * group, the mural and the visit belong to the four plans (decision 183) — never a Stripe price key.
 */
export function customPlan(amountCents: number): Plan & { custom: true; bandName: string | null } {
  const band = bandPlanFor(amountCents);
  return {
    id: CUSTOM_PLAN_ID,
    custom: true,
    bandName: band?.name ?? null,
    name: "Personalizado",
    priceCents: amountCents,
    band: band ? `Faixa ${band.name} (${band.band})` : "Abaixo de R$ 30: sem faixa no ranking",
    bandFromCents: band?.bandFromCents ?? 0,
    impact: band?.impact ?? `${formatCents(amountCents)} por mês somam ao trabalho da instituição.`,
    benefits: ["relatorio", "certificado"],
    stripePriceKey: null,
    sandboxPriceId: customPriceId(amountCents),
  };
}

/** A plan's name for labels (receipts, e-mails): one of the four, or "Personalizado" for a chosen amount. */
export function planName(id: string): string | undefined {
  return id === CUSTOM_PLAN_ID ? "Personalizado" : getPlan(id)?.name;
}

/** A subscription row's plan: one of the four, or its chosen amount. */
export function planOf(row: { plan: SubscriptionPlanId | string; customAmountCents: number | null }): Plan | undefined {
  if (row.plan === CUSTOM_PLAN_ID) return row.customAmountCents ? customPlan(row.customAmountCents) : undefined;
  return getPlan(row.plan);
}

/** The columns a subscription row stores for a plan. */
export function planColumns(plan: Plan): { plan: SubscriptionPlanId; customAmountCents: number | null } {
  return isCustomPlan(plan) ? { plan: CUSTOM_PLAN_ID, customAmountCents: plan.priceCents } : { plan: plan.id, customAmountCents: null };
}

export function isCustomPlan(plan: Plan): boolean {
  return plan.id === CUSTOM_PLAN_ID;
}

/** The plan a checkout names: one of the four by id, or the amount its custom price id carries. */
export function planOfCheckout(checkout: { planId: SubscriptionPlanId | string; priceId: string | null }): Plan | undefined {
  if (checkout.planId !== CUSTOM_PLAN_ID) return getPlan(checkout.planId);
  const cents = customAmountOfPriceId(checkout.priceId);
  return cents === null ? undefined : customPlan(cents);
}
