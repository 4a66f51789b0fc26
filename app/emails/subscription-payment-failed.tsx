import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import type { Plan } from "~/domain/subscriptions/plans";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "./layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/** A monthly charge failed: the subscriber should update the payment method in the portal. */
export function subscriptionPaymentFailedEmail({
  name,
  plan,
  amountCents,
  manageUrl,
}: {
  name: string;
  plan: Plan;
  amountCents: number;
  /** The signed plan-management link (manage-link.server.ts). */
  manageUrl: string;
}) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const amount = formatCents(amountCents > 0 ? amountCents : plan.priceCents);
  const subject = `Não conseguimos cobrar sua assinatura (Plano ${plan.name})`;
  const hello = `Olá, ${firstName(name)}!`;
  const element = (
    <EmailLayout
      preview={`A cobrança de ${amount} do Plano ${plan.name} não foi aprovada.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        A cobrança mensal de <strong>{amount}</strong> do seu Plano {plan.name} no Assine o Bem não foi aprovada pela operadora do cartão.
        Enquanto o pagamento estiver pendente, sua assinatura fica suspensa.
      </EmailText>
      <EmailText>
        Para continuar apoiando, atualize a forma de pagamento em Gerenciar Assinatura: a cobrança é feita de novo em seguida.
      </EmailText>
      <EmailButton href={manageUrl}>Gerenciar Assinatura</EmailButton>
      <EmailText muted>O link vale por 7 dias, só para esta assinatura, e não pede senha.</EmailText>
      <EmailText muted>
        Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

A cobrança mensal de ${amount} do seu Plano ${plan.name} no Assine o Bem não foi aprovada pela operadora do cartão.
Enquanto o pagamento estiver pendente, sua assinatura fica suspensa.

Para continuar apoiando, atualize a forma de pagamento em Gerenciar Assinatura (link válido por 7 dias, só para esta assinatura, sem senha):
${manageUrl}
A cobrança é feita de novo em seguida.

Dúvidas? Escreva para ${CONTACT_EMAIL}
`;
  return renderEmail("subscription-payment-failed", subject, element, text);
}
