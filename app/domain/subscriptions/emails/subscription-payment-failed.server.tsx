import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { formatDate } from "~/platform/dates";
import type { Plan } from "~/domain/subscriptions/plans";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

type Props = {
  name: string;
  plan: Plan;
  amountCents: number;
  method: "card" | "pix_automatico";
  /** The next try (ours or the provider's); null when none is left. */
  nextAttemptAt: Date | null;
  /** The signed recovery link (recovery-link.server.ts): new card or this month's Pix, once. */
  payUrl: string;
  /** The last retry failed too: the plan is suspended until the month is paid. */
  suspended?: boolean;
};

/**
 * A monthly charge failed (issue 30, docs/recovery.md): what failed, when we try again, and the
 * one-tap way out — this month by a one-off Pix, or (card) a new card in the provider's portal.
 * After the last retry the same e-mail says the plan is suspended and how to come back.
 */
export function subscriptionPaymentFailedEmail({ name, plan, amountCents, method, nextAttemptAt, payUrl, suspended = false }: Props) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const amount = formatCents(amountCents > 0 ? amountCents : plan.priceCents);
  const what = method === "pix_automatico" ? "O débito do Pix Automático" : "A cobrança no cartão";
  const subject = suspended
    ? `Sua assinatura do Plano ${plan.name} foi suspensa`
    : `Não conseguimos cobrar sua assinatura (Plano ${plan.name})`;
  const hello = `Olá, ${firstName(name)}!`;
  const status = suspended
    ? `Tentamos de novo nos dias seguintes, sem sucesso, e por isso sua assinatura está suspensa. Para voltar, basta pagar este mês: um toque no botão abaixo, e o Pix de ${amount} reativa o plano na hora.`
    : nextAttemptAt
      ? `Vamos tentar de novo em ${formatDate(nextAttemptAt)}. Se preferir, resolva agora pelo botão abaixo.`
      : `Resolva pelo botão abaixo para manter seu apoio em dia.`;
  const choices =
    method === "card"
      ? "No link você paga este mês por Pix ou atualiza o cartão."
      : "No link você paga este mês por Pix, sem esperar a próxima tentativa.";
  const element = (
    <EmailLayout
      preview={`${what} de ${amount} do Plano ${plan.name} não foi aprovado.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        {what} de <strong>{amount}</strong> do seu Plano {plan.name} no Assine o Bem não foi aprovado.
      </EmailText>
      <EmailText>{status}</EmailText>
      <EmailText>{choices}</EmailText>
      <EmailButton href={payUrl}>{suspended ? "Reativar minha assinatura" : "Regularizar pagamento"}</EmailButton>
      <EmailText muted>O link vale por 10 dias, só para este mês desta assinatura, e serve para um único pagamento.</EmailText>
      <EmailText muted>
        Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

${what} de ${amount} do seu Plano ${plan.name} no Assine o Bem não foi aprovado.

${status}
${choices}

${suspended ? "Reativar minha assinatura" : "Regularizar pagamento"} (link válido por 10 dias, para um único pagamento):
${payUrl}

Dúvidas? Escreva para ${CONTACT_EMAIL}
`;
  return renderEmail(suspended ? "subscription-suspended" : "subscription-payment-failed", subject, element, text);
}
