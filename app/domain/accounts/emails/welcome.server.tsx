import { getConfig } from "~/platform/config.server";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/**
 * Sent at sign-up (welcome) and again from /conta/confirmar-endereco (a new link): the link
 * proves the address is the account holder's (email-verification.server.ts).
 */
export function welcomeEmail({ name, url, resend = false }: { name: string; url: string; resend?: boolean }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = resend ? "Confirme seu e-mail na Festa Solidária" : "Boas-vindas à Festa Solidária! Confirme seu e-mail";
  const hello = `Olá, ${firstName(name)}!`;
  const intro = resend
    ? "Aqui está um novo link para confirmar o e-mail da sua conta na Festa Solidária."
    : "Que bom ter você com a gente! Sua conta na Festa Solidária está criada. Falta só confirmar que este e-mail é seu:";
  const element = (
    <EmailLayout
      preview="Confirme seu e-mail para ver todas as suas doações na sua conta. O link vale por 7 dias."
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>{intro}</EmailText>
      <EmailButton href={url}>Confirmar meu e-mail</EmailButton>
      <EmailText>
        Ao confirmar, as doações que você fez sem entrar na conta usando este endereço passam a aparecer em Minha conta, com os recibos e o
        informe anual.
      </EmailText>
      <EmailText muted>
        O link vale por 7 dias e pede que você esteja na sua conta. Se o botão não funcionar, copie este endereço no navegador:{" "}
        <EmailLink href={url} />
      </EmailText>
      <EmailText muted>Se não foi você quem criou esta conta, ignore este e-mail e não abra o link.</EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

${intro}

${url}

Ao confirmar, as doações que você fez sem entrar na conta usando este endereço passam a aparecer em Minha conta, com os recibos e o informe anual.
O link vale por 7 dias e pede que você esteja na sua conta.

Se não foi você quem criou esta conta, ignore este e-mail e não abra o link.

Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("welcome", subject, element, text);
}
