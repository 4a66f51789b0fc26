/**
 * What pages and e-mails say about the transfer to the institution (issue 14, item 6): the NET
 * amount is transferred — what was raised minus the platform fee — worded from the fee percent
 * (PLATFORM_FEE_PERCENT) for the rule, and from a payout's stored figures for a transfer that
 * happened. Browser-safe. Not in the shell chunk (docs/decisions/090-client-javascript.md): only
 * the pages that say it carry it; the party page gets these lines from its loader.
 */
import { formatCalendarDate, formatDate, todayInSaoPaulo } from "~/platform/dates";
import { formatCents, formatDecimal } from "~/platform/money";
import { CARD_SETTLEMENT_DAYS, TRANSFER_BUSINESS_DAYS } from "./business-days";

const percent = (n: number) => `${formatDecimal(n)}%`;

/** "o valor líquido (o total arrecadado menos a taxa de 10% da plataforma)". */
export function netAmountPhrase(feePercent: number): string {
  if (feePercent === 0) return "o valor total arrecadado (não há taxa da plataforma)";
  return `o valor líquido (o total arrecadado menos a taxa de ${percent(feePercent)} da plataforma)`;
}

/**
 * The FAQ's "Quando o valor arrecadado chega à instituição?", as the payouts work today: a party's
 * gifts settle 33 days after the event (payoutDates); direct gifts and Assine o Bem charges settle
 * by payment method, Pix after the MED hold (PIX_MED_HOLD_DAYS, decision 208: the text names no number,
 * the setting may change) and card 33 days after the payment (institution-settlement.ts, decision 152); then the team has 3 business days, and the proof goes by e-mail.
 */
export function payoutFaqAnswer(feePercent: number): string {
  return `Nas festas, contamos ${CARD_SETTLEMENT_DAYS} dias corridos a partir da data do evento, o prazo que a operadora do cartão tem para liberar os valores; depois disso, transferimos ${netAmountPhrase(feePercent)} para a instituição em até ${TRANSFER_BUSINESS_DAYS} dias úteis e enviamos o comprovante para quem criou a festa e para a instituição. Doações feitas direto para uma instituição e as mensalidades do Assine o Bem entram no repasse dela quando o dinheiro está disponível (Pix depois do prazo de contestação do MED, cartão ${CARD_SETTLEMENT_DAYS} dias depois do pagamento) e também são transferidas em até ${TRANSFER_BUSINESS_DAYS} dias úteis, com comprovante.`;
}

export type TransferredFigures = { grossCents: number; feeCents: number; netCents: number };

/** "R$ 360,00 transferidos: o total de R$ 400,00 menos R$ 40,00 da taxa da plataforma", from the payout's row. */
export function transferredAmountLine({ grossCents, feeCents, netCents }: TransferredFigures): string {
  if (feeCents === 0) return `${formatCents(netCents)} transferidos: o total arrecadado, sem taxa da plataforma.`;
  return `${formatCents(netCents)} transferidos: o total de ${formatCents(grossCents)} menos ${formatCents(feeCents)} da taxa da plataforma.`;
}

/** "Repasse realizado em 12/03/2026" (São Paulo calendar day of the transfer). */
export function transferDoneLine(transferredAt: Date | string): string {
  return `Repasse realizado em ${formatDate(transferredAt)}`;
}

/**
 * A party's gifts not transferred yet: when the transfer is due. Once that day has passed without
 * a recorded transfer, the page says the transfer is under way and keeps the date it was due by,
 * never a "previsto até" in the past.
 */
export function transferDueLine(transferDeadline: string, today: string = todayInSaoPaulo()): string {
  const date = formatCalendarDate(transferDeadline);
  return transferDeadline < today ? `Repasse à instituição em andamento (prazo: ${date})` : `Repasse à instituição previsto até ${date}`;
}

/** Where a party's payout stands: the one rule the admin's Repasses tab and the creator's /painel both show. */
type PayoutStage = "aguardando_operadora" | "pronto" | "atrasado" | "transferido";
export type PayoutStatus = { stage: PayoutStage; label: string };

const STAGE_LABELS: Record<PayoutStage, string> = {
  aguardando_operadora: "Aguardando a operadora",
  pronto: "Pronto para repassar",
  atrasado: "Atrasado",
  transferido: "Transferido",
};

/**
 * A party's payout status on `today` (São Paulo calendar): transferred once recorded; before the
 * card operator settles, waiting for it; then ready until the transfer deadline (3 business days,
 * the deadline day included); after it, late (decision 168).
 */
export function partyPayoutStage(
  payout: { transferred: boolean; settlementDate: string; transferDeadline: string },
  today: string,
): PayoutStatus {
  const stage: PayoutStage = payout.transferred
    ? "transferido"
    : today < payout.settlementDate
      ? "aguardando_operadora"
      : today > payout.transferDeadline
        ? "atrasado"
        : "pronto";
  return { stage, label: STAGE_LABELS[stage] };
}
