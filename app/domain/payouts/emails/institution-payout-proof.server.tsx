import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { renderTransferProof } from "./transfer-proof.server";

export type InstitutionPayoutProofEmail = {
  organizationName: string;
  periodEnd: string;
  gifts: number;
  charges: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
  proofUrl: string;
  /** What the batch took back for gifts already transferred (decision 208), positive centavos. */
  debt?: { medCents: number; otherCents: number };
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

/**
 * Sent to the institution when the team transfers its direct gifts and Assine o Bem charges
 * (decision 152): the figures stored with the payout and the proof's signed link.
 */
export function institutionPayoutProofEmail(input: InstitutionPayoutProofEmail) {
  const subject = `Comprovante de repasse: ${input.organizationName}`;
  const hello = `Olá, equipe ${input.organizationName}!`;
  const what = [
    input.gifts ? plural(input.gifts, "doação direta", "doações diretas") : null,
    input.charges ? plural(input.charges, "mensalidade do Assine o Bem", "mensalidades do Assine o Bem") : null,
  ]
    .filter(Boolean)
    .join(" e ");
  const intro = `Transferimos o valor líquido do que foi liquidado até ${formatCalendarDate(input.periodEnd)}${what ? ` (${what})` : ""}: o total menos a taxa da plataforma.`;
  const lines = [
    `Total: ${formatCents(input.grossCents)}`,
    `Taxa da plataforma: ${formatCents(input.feeCents)}`,
    `Valor líquido transferido: ${formatCents(input.netCents)}`,
    // Already in the figures above: said apart, so the institution knows why this transfer is smaller.
    input.debt?.medCents ? `Já descontado: ${formatCents(input.debt.medCents)} de devoluções do Pix (MED) de doações já repassadas` : null,
    input.debt?.otherCents ? `Já descontado: ${formatCents(input.debt.otherCents)} de estornos de doações já repassadas` : null,
  ].filter((line): line is string => line !== null);
  return renderTransferProof({
    template: "institution-payout-proof",
    subject,
    hello,
    intro,
    lines,
    netCents: input.netCents,
    proofUrl: input.proofUrl,
    reason: <>Você recebeu este e-mail porque {input.organizationName} recebe doações pela Festa Solidária.</>,
  });
}
