import { formatCalendarDate } from "~/platform/dates";
import { formatCents, formatFeePercents } from "~/platform/money";
import { firstName } from "~/platform/mail/render.server";
import { renderTransferProof } from "./transfer-proof.server";

export type PayoutProofEmail = {
  recipient: "creator" | "organization";
  name: string;
  partyName: string;
  eventDate: string;
  organizationName: string | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
  /** The percents the paid-out gifts' ledger rows were charged at (usually one). */
  feePercents: number[];
  proofUrl: string;
};

/**
 * Sent to the party's creator and to the institution when the team transfers a party's gifts
 * (FAQ: "envia o comprovante ao criador do evento e à instituição").
 */
export function payoutProofEmail(input: PayoutProofEmail) {
  const institution = input.organizationName ?? "a instituição";
  const subject = `Comprovante de repasse: ${input.partyName}`;
  const hello = input.recipient === "creator" ? `Olá, ${firstName(input.name)}!` : `Olá, equipe ${input.name}!`;
  // The net amount is what moves: the total raised minus the platform fee (figures as stored for this payout).
  const intro =
    input.recipient === "creator"
      ? `O valor líquido arrecadado na sua festa solidária "${input.partyName}" (${formatCalendarDate(input.eventDate)}) foi transferido para ${institution}: o total menos a taxa da plataforma.`
      : `Transferimos o valor líquido arrecadado na festa solidária "${input.partyName}" (${formatCalendarDate(input.eventDate)}): o total menos a taxa da plataforma.`;
  const lines = [
    `Total arrecadado: ${formatCents(input.grossCents)}`,
    `Taxa da plataforma${input.feePercents.length ? ` (${formatFeePercents(input.feePercents)})` : ""}: ${formatCents(input.feeCents)}`,
    `Valor líquido transferido: ${formatCents(input.netCents)}`,
  ];
  return renderTransferProof({
    template: "payout-proof",
    subject,
    hello,
    intro,
    lines,
    netCents: input.netCents,
    proofUrl: input.proofUrl,
    reason: <>Você recebeu este e-mail porque participa da festa solidária &quot;{input.partyName}&quot;.</>,
    closing: {
      html: "Obrigado por transformar uma celebração em cuidado. 💛",
      text: "Obrigado por transformar uma celebração em cuidado.",
    },
  });
}
