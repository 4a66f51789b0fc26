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

/** "Cada real vale dois até R$ 1.000,00 — patrocínio de Padaria Pão Quente". */
export function matchHeadline(match: { ratioPercent: number; capCents: number; sponsorName: string }) {
  const worth = WORTH[match.ratioPercent] ?? formatCents(100 + match.ratioPercent);
  return `Cada real vale ${worth} até ${formatCents(match.capCents)} — patrocínio de ${match.sponsorName}`;
}

/** What is left, and what is promised — said apart from the money received. */
export function matchStatus(capCents: number, remainingCents: number) {
  const promised = capCents - remainingCents;
  const left = remainingCents > 0 ? `Restam ${formatCents(remainingCents)} de patrocínio.` : "O patrocínio já foi todo usado. Obrigado!";
  return promised > 0 ? `${left} ${formatCents(promised)} prometidos pelo patrocinador (entram na arrecadação quando ele pagar).` : left;
}
