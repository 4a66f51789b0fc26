import { getConfig } from "~/platform/config.server";
import { formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { formatReceiptNumber } from "~/domain/receipts";
import { formatCnpj } from "~/domain/organizations";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type SubscriptionReceiptProps = {
  name: string;
  receiptNumber: number;
  /** The plan's name as the charge's ledger row recorded it; null for a row that names none. */
  planName: string | null;
  /** The ledger row's amounts and percent, fixed when the money moved (decision 130). */
  grossCents: number;
  feeCents: number;
  netCents: number;
  feePercent: number | null;
  paidAt: Date;
  method: "card" | "pix_automatico";
  /** The institution as it was named when the charge was paid (decision 166). */
  institution: { name: string; legalName: string | null; cnpj: string | null } | null;
  /** The receipt's public verification address (`/recibo/{code}`); its PDF is `…/pdf`. */
  receiptUrl: string;
  /** The signed-in yearly statement (`/conta/recibos/{ano}.pdf`). */
  statementUrl: string;
};

/** To the subscriber, for every monthly charge the provider confirmed: its receipt. */
export function subscriptionReceiptEmail(props: SubscriptionReceiptProps) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const number = formatReceiptNumber(props.receiptNumber, "subscription");
  const amount = formatCents(props.grossCents);
  const plan = props.planName ? `Plano ${props.planName}` : "Assine o Bem";
  const subject = `Recibo da sua contribuição mensal nº ${number} — ${amount}`;
  const hello = `Obrigado, ${firstName(props.name)}!`;
  const percent = props.feePercent === null ? "" : ` (${props.feePercent.toLocaleString("pt-BR")}%)`;
  const institution = props.institution;
  const rows: Array<[string, string]> = [
    ["Recibo nº", number],
    ["Assinatura", `Assine o Bem — ${plan}`],
    ["Valor", amount],
    ["Forma de pagamento", props.method === "pix_automatico" ? "Pix Automático" : "Cartão"],
    ["Data do pagamento", `${formatDateTime(props.paidAt)} (horário de Brasília)`],
    ...(institution ? ([["Instituição", institution.legalName ?? institution.name]] as Array<[string, string]>) : []),
    ...(institution?.cnpj ? ([["CNPJ da instituição", formatCnpj(institution.cnpj)]] as Array<[string, string]>) : []),
    [`Taxa da plataforma${percent}`, formatCents(props.feeCents)],
    ["Valor líquido para a instituição", formatCents(props.netCents)],
  ];
  const element = (
    <EmailLayout
      preview={`Recibo nº ${number}: ${amount} da sua assinatura confirmados.`}
      footer={
        <>
          Você recebeu este e-mail porque assina o Assine o Bem da Festa Solidária: um recibo por cobrança.
          <br />
          Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>
        </>
      }
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>A cobrança mensal da sua assinatura foi confirmada. Este é o recibo:</EmailText>
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
      <EmailText muted>
        Todos os recibos do ano num só PDF: <EmailLink href={props.statementUrl}>extrato anual</EmailLink> (entre na sua conta).
      </EmailText>
      <EmailText muted>
        Acompanhe o impacto em <EmailLink href={`${PUBLIC_URL}/transparencia`} />.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

A cobrança mensal da sua assinatura foi confirmada. Este é o recibo:

${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}

Baixar recibo (PDF): ${props.receiptUrl}/pdf
Confira que este recibo é verdadeiro: ${props.receiptUrl}
Extrato anual (entre na sua conta): ${props.statementUrl}

Acompanhe o impacto em ${PUBLIC_URL}/transparencia

Dúvidas? Escreva para ${CONTACT_EMAIL}
`;
  return renderEmail("subscription-receipt", subject, element, text);
}
