/**
 * The Assine o Bem plan table (decisions.md, Plans): the one place every page, e-mail and the
 * admin read plan names, prices, bands and provider price ids from. The bands settle the spec's
 * ranking reading. Safe for the browser: Stripe price ids are named by their config key here and
 * resolved on the server (app/domain/subscriptions/plan-prices.server.ts).
 */
import type { PLAN_IDS } from "~/domain/subscriptions/plan-ids";
import type { BenefitId } from "~/domain/subscriptions/benefits";

export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
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
  stripePriceKey: "STRIPE_PRICE_BRONZE" | "STRIPE_PRICE_PRATA" | "STRIPE_PRICE_OURO" | "STRIPE_PRICE_DIAMANTE";
  /** The built-in sandbox provider's price id. */
  sandboxPriceId: string;
};

export const PLANS: readonly Plan[] = [
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
