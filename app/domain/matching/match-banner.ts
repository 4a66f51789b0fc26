/** What the party page and /doar show of a matching pledge (decision 215). Browser-safe. */
import { formatCents } from "~/platform/money";

export type MatchBanner = {
  sponsorName: string;
  sponsorLogoUrl: string | null;
  ratioPercent: number;
  capCents: number;
  /** What paid gifts have not yet claimed: shrinks live as gifts arrive. */
  remainingCents: number;
  deadline: string;
};

const WORTH: Record<number, string> = { 100: "dois", 200: "três" };

/** "Cada real vale dois até R$ 1.000,00 — patrocínio de Padaria Pão Quente". */
export function matchHeadline(match: Pick<MatchBanner, "ratioPercent" | "capCents" | "sponsorName">) {
  const worth = WORTH[match.ratioPercent] ?? formatCents(100 + match.ratioPercent);
  return `Cada real vale ${worth} até ${formatCents(match.capCents)} — patrocínio de ${match.sponsorName}`;
}
