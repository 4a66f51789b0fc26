import { getConfig } from "~/platform/config.server";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/** Sent to the NEW address from /conta: the change happens only when this link is opened. */
export function emailChangeEmail({ name, url }: { name: string; url: string }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = "Confirme seu novo e-mail na Festa Solidária";
  const hello = `Olá, ${firstName(name)}!`;
  const element = (
    <EmailLayout
      preview="Confirme o novo e-mail da sua conta. O link vale por 24 horas."
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>Você pediu para usar este endereço na sua conta da Festa Solidária. Toque no botão para confirmar:</EmailText>
      <EmailButton href={url}>Confirmar novo e-mail</EmailButton>
      <EmailText muted>
        O link vale por 24 horas. Se o botão não funcionar, copie este endereço no navegador: <EmailLink href={url} />
      </EmailText>
      <EmailText muted>Se não foi você, ignore este e-mail: nada muda na conta.</EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Você pediu para usar este endereço na sua conta da Festa Solidária.
Confirme por este link (vale por 24 horas):

${url}

Se não foi você, ignore este e-mail: nada muda na conta.

Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("email-change", subject, element, text);
}
