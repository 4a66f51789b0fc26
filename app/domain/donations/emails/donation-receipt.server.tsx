import { getConfig } from "~/platform/config.server";
import { operatorLine } from "~/platform/operator";
import { formatDateTime } from "~/platform/dates";
import { giftShareSentence } from "../fee";
import { formatCents } from "~/platform/money";
import { FEE_COVERED_LABEL, formatReceiptNumber } from "~/domain/receipts";
import { formatCnpj } from "~/domain/organizations";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type DonationReceiptProps = {
  donorName: string | null;
  receiptNumber: number;
  amountCents: number;
  paidAt: Date;
  partyName: string | null;
  causeName: string | null;
  organizationName: string | null;
  /** 14 digits; shown formatted next to the institution. */
  organizationCnpj?: string | null;
  organizationCity?: string | null;
  organizationState?: string | null;
  organizationVerified?: boolean;
  /** The ledger row's fee and net (fixed when the money moved, decision 130) and its percent. */
  feeCents: number;
  netCents: number;
  feePercent: number;
  /** The fee the donor covered, from the same ledger row (decision 216); 0 or absent when not. */
  feeCoveredCents?: number;
  /** The receipt's public address (`/recibo/{code}`); its PDF is `…/pdf`. */
  receiptUrl: string;
};

const placeOf = (city: string, state: string | null | undefined) => (state ? `${city} - ${state}` : city);

/** To the donor who left an e-mail: the receipt (amount, destination, date, fee and net, number). */
export function donationReceiptEmail(props: DonationReceiptProps) {
  const { CONTACT_EMAIL, PUBLIC_URL, operator } = getConfig();
  const issuer = `Emitente: ${operatorLine(operator)}`;
  const number = formatReceiptNumber(props.receiptNumber);
  const amount = formatCents(props.amountCents);
  const { feeCents, netCents } = props;
  const feeCoveredCents = props.feeCoveredCents ?? 0;
  // Covered, the institution receives the gift whole (decision 216).
  const shareSentence =
    feeCoveredCents > 0 ? "Você cobriu a taxa: 100% da sua doação vai para a causa." : giftShareSentence(props.feePercent);
  const when = formatDateTime(props.paidAt);
  const subject = `Recibo da sua doação nº ${number} — ${amount}`;
  const hello = props.donorName ? `Obrigado, ${firstName(props.donorName)}!` : "Obrigado pela sua doação!";
  const rows: Array<[string, string]> = [
    ["Recibo nº", number],
    ["Valor doado", amount],
    ...(feeCoveredCents > 0
      ? ([
          [FEE_COVERED_LABEL, formatCents(feeCoveredCents)],
          ["Total pago", formatCents(props.amountCents + feeCoveredCents)],
        ] as Array<[string, string]>)
      : []),
    ...(props.partyName ? ([["Festa", props.partyName]] as Array<[string, string]>) : []),
    ...(props.causeName ? ([["Causa", props.causeName]] as Array<[string, string]>) : []),
    ...(props.organizationName
      ? ([["Instituição", `${props.organizationName}${props.organizationVerified ? " (verificada)" : ""}`]] as Array<[string, string]>)
      : []),
    ...(props.organizationName && props.organizationCnpj
      ? ([["CNPJ da instituição", formatCnpj(props.organizationCnpj)]] as Array<[string, string]>)
      : []),
    ...(props.organizationName && props.organizationCity
      ? ([["Cidade da instituição", placeOf(props.organizationCity, props.organizationState)]] as Array<[string, string]>)
      : []),
    ["Data do pagamento", `${when} (horário de Brasília)`],
    [`Taxa da plataforma (${props.feePercent.toLocaleString("pt-BR")}%)`, formatCents(feeCents)],
    ["Valor líquido para a instituição", formatCents(netCents)],
  ];
  const element = (
    <EmailLayout
      preview={`Recibo nº ${number}: ${amount} confirmados.`}
      footer={
        <>
          Você recebeu este e-mail porque fez uma doação pela Festa Solidária e informou este endereço para o recibo.
          <br />
          Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>
          <br />
          {issuer}
        </>
      }
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>Seu pagamento foi confirmado. Este é o recibo da sua doação:</EmailText>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 20px", borderCollapse: "collapse" }}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td style={{ padding: "8px 0", borderBottom: "1px solid #ffe0da", color: "#5d5670", fontSize: 14 }}>{label}</td>
              <td style={{ padding: "8px 0", borderBottom: "1px solid #ffe0da", textAlign: "right", fontWeight: 700 }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <EmailButton href={`${props.receiptUrl}/pdf`}>Baixar recibo (PDF)</EmailButton>
      <EmailText muted>
        Qualquer pessoa pode confirmar que este recibo é verdadeiro em <EmailLink href={props.receiptUrl} />.
      </EmailText>
      <EmailText muted>{shareSentence}</EmailText>
      <EmailText muted>
        Acompanhe o impacto em <EmailLink href={`${PUBLIC_URL}/transparencia`} />.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Seu pagamento foi confirmado. Este é o recibo da sua doação:

${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}

Baixar recibo (PDF): ${props.receiptUrl}/pdf
Confira que este recibo é verdadeiro: ${props.receiptUrl}

${shareSentence}
Acompanhe o impacto em ${PUBLIC_URL}/transparencia

Dúvidas? Escreva para ${CONTACT_EMAIL}
${issuer}
`;
  return renderEmail("donation-receipt", subject, element, text);
}
