import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/**
 * The single-use link for a change that costs more, asked from the plan-management page (issue 31):
 * nothing changes until the subscriber opens it and confirms.
 */
export function planChangeConfirmationEmail({ name, what, price, url }: { name: string; what: string; price: number; url: string }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = "Confirme a mudança na sua assinatura";
  const hello = `Olá, ${firstName(name)}!`;
  const amount = `${formatCents(price)}/mês`;
  const element = (
    <EmailLayout
      preview={`Confirme para ${what} (${amount}). O link vale por 1 hora.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        Recebemos um pedido para {what} ({amount}) na sua assinatura Assine o Bem. Nada muda até você confirmar:
      </EmailText>
      <EmailButton href={url}>Confirmar mudança</EmailButton>
      <EmailText muted>
        O link vale por 1 hora e uma única vez. Se o botão não funcionar, copie este endereço no navegador: <EmailLink href={url} />
      </EmailText>
      <EmailText muted>
        Não foi você? Ignore este e-mail: nada muda. Dúvidas? <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Recebemos um pedido para ${what} (${amount}) na sua assinatura Assine o Bem.
Nada muda até você confirmar por este link (vale por 1 hora e uma única vez):

${url}

Não foi você? Ignore este e-mail: nada muda. Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("plan-change-confirmation", subject, element, text);
}
