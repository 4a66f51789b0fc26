/**
 * Every text about fees derives from PLATFORM_FEE_PERCENT (decisions.md, Money): no page may
 * claim "100% para a causa" while a fee is charged.
 */
import { formatDecimal } from "~/platform/money";

function causeSharePercent(feePercent: number) {
  return 100 - feePercent;
}

export function feeSentence(feePercent: number): string {
  if (feePercent === 0) return "100% de cada doação vai para a causa, sem taxas.";
  return `${fmt(causeSharePercent(feePercent))}% de cada doação vai para a causa; ${fmt(feePercent)}% cobre a operadora de cartão e a administração.`;
}

/** A short headline claim, e.g. for hero badges. */
export function feeHeadline(feePercent: number): string {
  if (feePercent === 0) return "100% para a causa, sem taxas";
  return `${fmt(causeSharePercent(feePercent))}% para a causa`;
}

/** The FAQ answer about fees (product-spec §1: the fee covers the card operator and administration). */
export function feeFaqAnswer(feePercent: number): string {
  if (feePercent === 0) return "Não cobramos taxas: 100% de cada doação vai para a causa.";
  return `Sim. Há uma taxa de ${fmt(feePercent)}% sobre o total arrecadado, que cobre o custo da operadora de cartão e a administração da plataforma. Os outros ${fmt(causeSharePercent(feePercent))}% vão para a causa.`;
}

/** Said to a donor right after giving: what of their gift reaches the cause. */
export function giftShareSentence(feePercent: number): string {
  if (feePercent === 0) return "100% da sua doação vai para a causa, sem taxas.";
  return `${fmt(causeSharePercent(feePercent))}% da sua doação vai para a causa; ${fmt(feePercent)}% cobre a operadora de cartão e a administração.`;
}

/** Assine o Bem: what of each monthly payment reaches the cause. */
export function monthlyShareSentence(feePercent: number): string {
  if (feePercent === 0) return "100% de cada mensalidade vai para a causa, sem taxas.";
  return `${fmt(causeSharePercent(feePercent))}% de cada mensalidade vai para a causa; ${fmt(feePercent)}% cobre a operadora de cartão e a administração.`;
}

const fmt = formatDecimal;
