import { getConfig } from "~/platform/config.server";
import { formatDateTime } from "~/platform/dates";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/** Sent after a password reset, so an owner who did not ask for it notices at once. */
export function passwordChangedEmail({ name, changedAt }: { name: string; changedAt: Date }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = "Sua senha foi alterada";
  const hello = `Olá, ${firstName(name)}!`;
  const when = formatDateTime(changedAt);
  const recoverUrl = `${PUBLIC_URL}/auth?tab=recuperar`;
  const element = (
    <EmailLayout
      preview={`A senha da sua conta foi alterada em ${when}.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        A senha da sua conta na Festa Solidária foi alterada em <strong>{when}</strong> (horário de Brasília). Por segurança, encerramos
        todas as sessões abertas: entre de novo com a nova senha.
      </EmailText>
      <EmailButton href={`${PUBLIC_URL}/auth`}>Entrar na minha conta</EmailButton>
      <EmailText muted>
        Não foi você? Redefina a senha agora em <EmailLink href={recoverUrl} /> e escreva para{" "}
        <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

A senha da sua conta na Festa Solidária foi alterada em ${when} (horário de Brasília).
Por segurança, encerramos todas as sessões abertas: entre de novo com a nova senha em ${PUBLIC_URL}/auth

Não foi você? Redefina a senha agora em ${recoverUrl} e escreva para ${CONTACT_EMAIL}.
`;
  return renderEmail("password-changed", subject, element, text);
}
