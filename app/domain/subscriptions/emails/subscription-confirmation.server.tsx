import { getConfig } from "~/platform/config.server";
import { formatDate } from "~/platform/dates";
import { monthlyShareSentence } from "~/domain/donations/index.server";
import { formatCents } from "~/platform/money";
import type { Plan } from "~/domain/subscriptions/plans";
import { planIncludes } from "~/domain/subscriptions/benefits";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type SubscriptionConfirmationProps = {
  name: string;
  plan: Plan;
  /** The next charge; null when the provider has not told us yet. */
  nextChargeAt: Date | null;
  feePercent: number;
  /** The signed plan-management link (manage-link.server.ts): cancel, change plan, payment method. */
  manageUrl: string;
  /** Whether the operator set the subscribers' WhatsApp group link (SUBSCRIBERS_WHATSAPP_GROUP_URL). */
  whatsappGroup: boolean;
  /** Who receives the monthly gifts (the main institution when the plan started); null if none is set. */
  institutionName: string | null;
};

/** What comes next, only the benefits this plan has and the site offers today. */
function benefitsParagraph(plan: Plan, whatsappGroup: boolean): string {
  const inAccount = [
    planIncludes(plan.id, "whatsapp") && whatsappGroup ? "o convite para o grupo exclusivo de assinantes no WhatsApp" : null,
    planIncludes(plan.id, "mural") ? "a opção de aparecer no mural de apoiadores" : null,
    planIncludes(plan.id, "visita") ? "o pedido da visita guiada à instituição apoiada" : null,
  ].filter((x): x is string => x !== null);
  const account =
    inAccount.length === 0
      ? ""
      : ` Em Minha conta, no site, você encontra ${inAccount.length === 1 ? inAccount[0] : `${inAccount.slice(0, -1).join(", ")} e ${inAccount.at(-1)}`}.`;
  return `Todo mês, você recebe um relatório de impacto. Seu certificado digital de Assinante do Bem chega junto com o primeiro relatório.${account}`;
}

/** Sent once per subscription, from the success page, when the plan is active. */
export function subscriptionConfirmationEmail({
  name,
  plan,
  nextChargeAt,
  feePercent,
  manageUrl,
  whatsappGroup,
  institutionName,
}: SubscriptionConfirmationProps) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const value = `${formatCents(plan.priceCents)}/mês`;
  const next = nextChargeAt ? formatDate(nextChargeAt) : null;
  const subject = `Assinatura confirmada: Plano ${plan.name} — ${value}`;
  const hello = `Obrigado, ${firstName(name)}!`;
  const nextSteps = benefitsParagraph(plan, whatsappGroup);
  const rows: Array<[string, string]> = [
    ["Plano", plan.name],
    ["Valor", value],
    ...(institutionName ? ([["Quem recebe", institutionName]] as Array<[string, string]>) : []),
    ...(next ? ([["Próxima cobrança", next]] as Array<[string, string]>) : []),
  ];
  const element = (
    <EmailLayout
      preview={`Plano ${plan.name} confirmado. Bem-vindo ao Assine o Bem!`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        Sua assinatura do Assine o Bem está confirmada. A partir de agora, você apoia causas que transformam vidas todos os meses.
      </EmailText>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 20px", borderCollapse: "collapse" }}>
        <tbody>
          {rows.map(([label, val]) => (
            <tr key={label}>
              <td style={{ padding: "8px 0", borderBottom: "1px solid #ffe0da", color: "#5d5670", fontSize: 14 }}>{label}</td>
              <td style={{ padding: "8px 0", borderBottom: "1px solid #ffe0da", textAlign: "right", fontWeight: 700 }}>{val}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <EmailText>{nextSteps}</EmailText>
      <EmailText muted>{monthlyShareSentence(feePercent)}</EmailText>
      <EmailButton href={manageUrl}>Gerenciar Assinatura</EmailButton>
      <EmailText muted>
        Para mudar de plano, atualizar o cartão ou cancelar, use o botão acima, sem precisar de senha (o link vale por 7 dias e só para esta
        assinatura). Depois disso, entre em <EmailLink href={`${PUBLIC_URL}/assine-o-bem`} /> e clique em Gerenciar Assinatura.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Sua assinatura do Assine o Bem está confirmada. A partir de agora, você apoia causas que transformam vidas todos os meses.

${rows.map(([label, val]) => `${label}: ${val}`).join("\n")}

${nextSteps}

${monthlyShareSentence(feePercent)}

Para mudar de plano, atualizar o cartão ou cancelar, sem precisar de senha (link válido por 7 dias, só para esta assinatura):
${manageUrl}
Depois disso, entre em ${PUBLIC_URL}/assine-o-bem e clique em Gerenciar Assinatura.
Dúvidas? Escreva para ${CONTACT_EMAIL}
`;
  return renderEmail("subscription-confirmation", subject, element, text);
}
