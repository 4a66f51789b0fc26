import { getConfig } from "~/platform/config.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import type { Plan } from "~/domain/subscriptions/plans";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/** `bank-cancel`: the subscriber revoked the Pix Automático authorisation in their bank app. */
export type SubscriptionChangeKind = "cancel" | "resume" | "change-plan" | "bank-cancel";

/** Confirms a change made from the plan-management link, with the link again (to undo it). */
export function subscriptionChangedEmail({
  name,
  kind,
  plan,
  previousPlan,
  periodEnd,
  manageUrl,
}: {
  name: string;
  kind: SubscriptionChangeKind;
  plan: Plan;
  previousPlan?: Plan;
  periodEnd: Date | null;
  manageUrl: string;
}) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const hello = `Olá, ${firstName(name)}!`;
  const until = periodEnd ? formatDate(periodEnd) : null;
  const price = `${formatCents(plan.priceCents)}/mês`;
  const { subject, sentence } =
    kind === "bank-cancel"
      ? {
          subject: `Assinatura cancelada: Plano ${plan.name}`,
          sentence: `Você cancelou a autorização do Pix Automático no app do seu banco, então sua assinatura do Plano ${plan.name} foi cancelada aqui também. Não haverá novas cobranças. Obrigado por todo o apoio até aqui!`,
        }
      : kind === "cancel"
        ? {
            subject: `Assinatura cancelada: Plano ${plan.name}`,
            sentence: until
              ? `Sua assinatura do Plano ${plan.name} foi cancelada. Não haverá novas cobranças; ela vale até ${until}.`
              : `Sua assinatura do Plano ${plan.name} foi cancelada. Não haverá novas cobranças.`,
          }
        : kind === "resume"
          ? {
              subject: `Assinatura mantida: Plano ${plan.name}`,
              sentence: `O cancelamento foi desfeito: seu Plano ${plan.name} (${price}) continua.`,
            }
          : {
              subject: `Plano alterado para ${plan.name}`,
              sentence: `Seu plano mudou de ${previousPlan?.name ?? "—"} para ${plan.name} (${price}). O novo valor vale a partir da próxima cobrança.`,
            };
  const element = (
    <EmailLayout preview={sentence} footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}>
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>{sentence}</EmailText>
      <EmailText>Foi você mesmo? Se mudar de ideia, use o mesmo link de gerenciamento (vale por 7 dias, sem senha):</EmailText>
      <EmailButton href={manageUrl}>Gerenciar Assinatura</EmailButton>
      <EmailText muted>
        Não reconhece esta mudança? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

${sentence}

Se mudar de ideia, use o link de gerenciamento (vale por 7 dias, sem senha):
${manageUrl}

Não reconhece esta mudança? Escreva para ${CONTACT_EMAIL}.
`;
  return renderEmail(`subscription-${kind}`, subject, element, text);
}
