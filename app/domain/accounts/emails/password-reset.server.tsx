import { getConfig } from "~/platform/config.server";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/** Sent by the Recuperar tab: a single-use link to /redefinir-senha, valid for one hour. */
export function passwordResetEmail({ name, url }: { name: string; url: string }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = "Redefina sua senha da Festa Solidária";
  const hello = `Olá, ${firstName(name)}!`;
  const element = (
    <EmailLayout
      preview="Use o link para criar uma nova senha. Ele vale por 1 hora."
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>Recebemos um pedido para redefinir a senha da sua conta. Toque no botão para criar uma nova senha:</EmailText>
      <EmailButton href={url}>Criar nova senha</EmailButton>
      <EmailText muted>
        O link vale por 1 hora e só pode ser usado uma vez. Se o botão não funcionar, copie este endereço no navegador:{" "}
        <EmailLink href={url} />
      </EmailText>
      <EmailText muted>Se você não pediu a troca, pode ignorar este e-mail: sua senha continua a mesma.</EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Recebemos um pedido para redefinir a senha da sua conta na Festa Solidária.
Crie uma nova senha por este link (vale por 1 hora e só pode ser usado uma vez):

${url}

Se você não pediu a troca, pode ignorar este e-mail: sua senha continua a mesma.

Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("password-reset", subject, element, text);
}
