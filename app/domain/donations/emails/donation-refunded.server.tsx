import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type DonationRefundedProps = {
  donorName: string | null;
  receiptNumber: number;
  /** What this refund gave back. */
  refundedCents: number;
  /** The gift's amount, and what is left of it after this refund (0 when it was refunded in full). */
  amountCents: number;
  remainingCents: number;
  partyName: string | null;
  /** The party was cancelled: every gift to it is being refunded. */
  partyCancelled: boolean;
};

/** To the donor who left an e-mail: their gift (or part of it) was refunded. */
export function donationRefundedEmail(props: DonationRefundedProps) {
  const { CONTACT_EMAIL } = getConfig();
  const number = String(props.receiptNumber).padStart(6, "0");
  const refunded = formatCents(props.refundedCents);
  const full = props.remainingCents === 0;
  const subject = `Reembolso da sua doação nº ${number} — ${refunded}`;
  const hello = props.donorName ? `Olá, ${firstName(props.donorName)}!` : "Olá!";
  const where = props.partyName ? ` para a festa "${props.partyName}"` : "";
  const why = props.partyCancelled ? ` A festa foi cancelada, e por isso todas as doações a ela estão sendo devolvidas.` : "";
  const lines = [
    `Devolvemos ${refunded} da sua doação nº ${number}${where} (${formatCents(props.amountCents)}).${why}`,
    full
      ? "A doação foi reembolsada por inteiro."
      : `Continuam doados ${formatCents(props.remainingCents)}. Obrigado por seguir com a gente!`,
    "O valor volta pelo mesmo meio de pagamento; no cartão, pode levar até duas faturas para aparecer.",
  ];
  const element = (
    <EmailLayout
      preview={`Reembolso de ${refunded} da doação nº ${number}.`}
      footer={
        <>
          Você recebeu este e-mail porque fez uma doação pela Festa Solidária e informou este endereço para o recibo.
          <br />
          Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>
        </>
      }
    >
      <EmailHeading>{hello}</EmailHeading>
      {lines.map((line) => (
        <EmailText key={line}>{line}</EmailText>
      ))}
    </EmailLayout>
  );
  const text = `${hello}

${lines.join("\n\n")}

Dúvidas? Escreva para ${CONTACT_EMAIL}
`;
  return renderEmail("donation-refunded", subject, element, text);
}
