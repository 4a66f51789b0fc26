/**
 * An institution's impact units ("1 consulta = R$ 80"), kept by admins per institution: what an
 * amount means in the institution's own words, on /doar's impact panel and on impact certificates.
 * Plain rules (the browser may import them); the wording avoids articles, so it reads right for
 * any noun ("1 consulta", "2 cestas", "1 livro").
 */
import { formatCents } from "~/platform/money";

export type ImpactUnit = { singular: string; plural: string; costCents: number };

/** "1 consulta", "20 consultas" (the count in pt-BR digits). */
function countUnits(count: number, unit: ImpactUnit): string {
  return `${count.toLocaleString("pt-BR")} ${count === 1 ? unit.singular : unit.plural}`;
}

/**
 * The unit an amount says most about: the dearest one the amount pays in full at least once;
 * when it pays none in full, the cheapest (the amount then pays a share of it).
 */
export function bestUnitFor(amountCents: number, units: readonly ImpactUnit[]): ImpactUnit | null {
  const usable = units.filter((u) => u.costCents > 0);
  if (usable.length === 0) return null;
  const byCost = [...usable].sort((a, b) => a.costCents - b.costCents);
  return byCost.filter((u) => u.costCents <= amountCents).at(-1) ?? byCost[0]!;
}

/**
 * What the institution's share buys: "Os R$ 72,00 que chegam à instituição equivalem a 7 livros
 * (R$ 10,00 cada)." Impact is counted from the net (the ledger rows' net, after the platform fee),
 * never the gross: the fee buys no books. Null without units or money.
 */
export function describeNetShareInUnits(netCents: number, units: readonly ImpactUnit[]): string | null {
  const unit = bestUnitFor(netCents, units);
  if (!unit || netCents <= 0) return null;
  const share = `Os ${formatCents(netCents)} que chegam à instituição`;
  const whole = Math.floor(netCents / unit.costCents);
  if (whole >= 1) return `${share} equivalem a ${countUnits(whole, unit)} (${formatCents(unit.costCents)} cada).`;
  const percent = Math.max(1, Math.round((netCents / unit.costCents) * 100));
  return `${share} cobrem ${percent}% do custo de 1 ${unit.singular} (${formatCents(unit.costCents)}).`;
}

/**
 * /doar's panel line for a preset amount in reais, in the institution's units (null without units).
 * The page names the institution above the form, so the line does not repeat it.
 */
export function impactLineForPreset(reais: number, units: readonly ImpactUnit[]): string | null {
  const cents = reais * 100;
  const unit = bestUnitFor(cents, units);
  if (!unit) return null;
  const whole = Math.floor(cents / unit.costCents);
  if (whole >= 1) return `Paga ${countUnits(whole, unit)} (${formatCents(unit.costCents)} cada).`;
  const percent = Math.max(1, Math.round((cents / unit.costCents) * 100));
  return `Cobre ${percent}% de 1 ${unit.singular} (${formatCents(unit.costCents)}).`;
}
