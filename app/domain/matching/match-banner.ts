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
  /** matchHeadline's and matchStatus's sentences, written by the server (the page's script stays small). */
  headline: string;
  status: string;
};

const WORTH: Record<number, string> = { 100: "dois", 200: "três" };

/** "Cada real vale dois até R$ 1.000,00 — patrocínio de Padaria Pão Quente" ("valeu", once it ended). */
export function matchHeadline(match: { ratioPercent: number; capCents: number; sponsorName: string }, ended = false) {
  const worth = WORTH[match.ratioPercent] ?? formatCents(100 + match.ratioPercent);
  return `Cada real ${ended ? "valeu" : "vale"} ${worth} até ${formatCents(match.capCents)} — patrocínio de ${match.sponsorName}`;
}

/** What is left, and what is promised — said apart from the money received. */
export function matchStatus(capCents: number, remainingCents: number) {
  const promised = capCents - remainingCents;
  const left = remainingCents > 0 ? `Restam ${formatCents(remainingCents)} de patrocínio.` : "O patrocínio já foi todo usado. Obrigado!";
  return promised > 0 ? `${left} ${formatCents(promised)} prometidos pelo patrocinador (entram na arrecadação quando ele pagar).` : left;
}

/**
 * An ended match (decision 220): what the sponsor promised is said apart from what it has paid —
 * only the paid part is in the party's total, and only it is called money received.
 */
export function endedMatchStatus(matchedCents: number, paidCents: number) {
  const due = Math.max(0, matchedCents - paidCents);
  if (due === 0) return `Patrocínio encerrado: os ${formatCents(paidCents)} do patrocinador já entraram na arrecadação. Obrigado!`;
  const promised = `${formatCents(due)} prometidos pelo patrocinador (entram na arrecadação quando ele pagar).`;
  return paidCents > 0
    ? `Patrocínio encerrado: ${formatCents(paidCents)} já pagos pelo patrocinador e na arrecadação; ${promised}`
    : `Patrocínio encerrado: ${promised}`;
}

/**
 * The receipt's line for a matched gift (issue 29): what the sponsor adds to it, said apart from
 * the gift — the sponsor pays that money itself, so it is never part of this receipt's amounts.
 */
export function matchedGiftSentence(match: { sponsorName: string; amountCents: number; ratioPercent: number }) {
  const worth = WORTH[match.ratioPercent] ?? formatCents(100 + match.ratioPercent);
  return `Cada real vale ${worth}: ${match.sponsorName} soma ${formatCents(match.amountCents)} a esta doação. O valor do patrocinador é pago por ele e não faz parte deste recibo.`;
}
