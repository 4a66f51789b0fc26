/**
 * What an Assine o Bem plan gives beyond the monthly gift, each one a feature that exists
 * (docs/claims.md). Plain rules, browser-safe: the plan cards, /conta, the success page and the
 * confirmation e-mail read them, and the server checks them before acting on one.
 */
import type { Plan, SubscriptionPlanId } from "./plans";
import { PLANS } from "./plans";

export type BenefitId = "relatorio" | "certificado" | "whatsapp" | "mural" | "visita";

export const BENEFIT_LABELS: Record<BenefitId, string> = {
  relatorio: "Relatório mensal de impacto",
  certificado: "Certificado digital de Assinante do Bem",
  whatsapp: "Grupo exclusivo de assinantes no WhatsApp",
  mural: "Nome no mural de apoiadores",
  visita: "Visita guiada à instituição apoiada",
};

/** What the site can offer right now: the WhatsApp group exists only once the operator set its link. */
export type BenefitAvailability = { whatsappGroup: boolean };

/** A chosen amount ("personalizado") has the base benefits only (plans.ts, customPlan). */
export function planIncludes(plan: SubscriptionPlanId | null | undefined, benefit: BenefitId): boolean {
  if (plan === "personalizado") return benefit === "relatorio" || benefit === "certificado";
  return Boolean(plan && PLANS.find((p) => p.id === plan)?.benefits.includes(benefit));
}

/** The benefits of a plan that exist today, in the plan's order. */
export function offeredBenefits(plan: Pick<Plan, "benefits">, availability: BenefitAvailability): BenefitId[] {
  return plan.benefits.filter((b) => b !== "whatsapp" || availability.whatsappGroup);
}

/** "Ouro e Diamante": the plans that include a benefit, for "a partir do Plano …" lines. */
export function plansWith(benefit: BenefitId): Plan[] {
  return PLANS.filter((p) => p.benefits.includes(benefit));
}

/**
 * The mural's default name: first name and the initial of the last one ("Mariana C."), never the
 * e-mail. A chosen name replaces it.
 */
export function muralDefaultName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Assinante do Bem";
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : "";
  return last ? `${first} ${last[0]!.toLocaleUpperCase("pt-BR")}.` : first;
}
