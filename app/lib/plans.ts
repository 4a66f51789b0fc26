/**
 * The Assine o Bem plan table (decisions.md, Plans): the one place every page, e-mail and the
 * admin read plan names and prices from. The bands settle the spec's ranking reading.
 */
import type { PLAN_IDS } from "~/db/schema";

export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  priceCents: number;
  /** Ranking band in reais per month, e.g. "R$ 30 a R$ 49". */
  band: string;
};

export const PLANS: readonly Plan[] = [
  { id: "bronze", name: "Bronze", priceCents: 3000, band: "R$ 30 a R$ 49" },
  { id: "prata", name: "Prata", priceCents: 5000, band: "R$ 50 a R$ 69" },
  { id: "ouro", name: "Ouro", priceCents: 7000, band: "R$ 70 a R$ 99" },
  { id: "diamante", name: "Diamante", priceCents: 10000, band: "R$ 100 ou mais" },
];

export function getPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}
