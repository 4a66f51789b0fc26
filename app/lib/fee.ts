/**
 * Every text about fees derives from PLATFORM_FEE_PERCENT (decisions.md, Money): no page may
 * claim "100% para a causa" while a fee is charged.
 */
export function causeSharePercent(feePercent: number) {
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

function fmt(n: number) {
  return n.toLocaleString("pt-BR", { maximumFractionDigits: 2 });
}
