/**
 * "Quero cobrir a taxa" (issue 29, item 5; docs/decisions/216-donor-covers-the-fee.md): the donor
 * may add to the gift the fee that would otherwise come out of it, so the institution receives the
 * gift whole. Plain rules, the same numbers in the browser (the live label) and on the server (what
 * is charged and recorded; the browser's figure is never read).
 *
 * What comes out of a gift is the platform fee (PLATFORM_FEE_PERCENT on the gift, rounded as
 * splitFee rounds); the PSP's own fee is paid out of the platform's (decision 206), so it does not
 * reach the institution and is the same to cover for Pix and card.
 */
import { formatCents, splitFee } from "~/platform/money";

/** The fee the donor may cover on a gift of `amountCents`: what the gift's ledger row will keep as fee. */
export function coveredFeeCents(amountCents: number, feePercent: number): number {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 0;
  return splitFee(amountCents, feePercent).feeCents;
}

/** What the provider charges: the gift, plus the fee when the donor chose to cover it. */
export function chargedCents(amountCents: number, feeCoveredCents: number): number {
  return amountCents + feeCoveredCents;
}

/** The checkbox's label (never pre-ticked); without a valid amount yet, the fee is not named. */
export function coverFeeLabel(feeCents: number | null): string {
  const fee = feeCents === null ? "" : ` de ${formatCents(feeCents)}`;
  return `Quero cobrir a taxa${fee} para a ONG receber o valor integral`;
}
