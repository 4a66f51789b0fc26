import { getConfig } from "~/platform/config.server";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";

/** Sent by /privacidade/solicitar: proves the address, then opens its data (export, erasure). */
export function privacyRequestEmail({ url }: { url: string }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = "Seus dados na Festa Solidária";
  const element = (
    <EmailLayout
      preview="Acesse, baixe ou apague os dados ligados a este e-mail. O link vale por 24 horas."
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>Olá!</EmailHeading>
      <EmailText>
        Recebemos um pedido para ver os dados ligados a este e-mail na Festa Solidária (Lei Geral de Proteção de Dados, art. 18). Pelo link
        abaixo você pode baixar uma cópia dos dados ou pedir que sejam apagados:
      </EmailText>
      <EmailButton href={url}>Ver meus dados</EmailButton>
      <EmailText muted>
        O link vale por 24 horas e só serve para este e-mail. Se o botão não funcionar, copie este endereço no navegador:{" "}
        <EmailLink href={url} />
      </EmailText>
      <EmailText muted>Se você não fez o pedido, ignore este e-mail: nada é mostrado nem apagado sem o link.</EmailText>
    </EmailLayout>
  );
  const text = `
Olá!

Recebemos um pedido para ver os dados ligados a este e-mail na Festa Solidária (LGPD, art. 18).
Pelo link abaixo você pode baixar uma cópia dos dados ou pedir que sejam apagados (vale por 24 horas):

${url}

Se você não fez o pedido, ignore este e-mail: nada é mostrado nem apagado sem o link.

Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("privacy-request", subject, element, text);
}
