import { getConfig } from "~/platform/config.server";
import { formatDateTime } from "~/platform/dates";
import { EmailHeading, EmailLayout, EmailLink, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

/**
 * Sent to the OLD address once an e-mail change is confirmed (issue 31): an owner whose account was
 * taken over learns it at the address they still read, and whom to write to (the recovery link
 * now goes to the new address).
 */
export function emailChangedEmail({ name, newEmail, changedAt }: { name: string; newEmail: string; changedAt: Date }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = "O e-mail da sua conta foi trocado";
  const hello = `Olá, ${firstName(name)}!`;
  const when = formatDateTime(changedAt);
  const element = (
    <EmailLayout
      preview={`Sua conta passou a usar outro e-mail em ${when}.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        Em <strong>{when}</strong> (horário de Brasília) a sua conta na Festa Solidária passou a usar o e-mail <strong>{newEmail}</strong>.
        Este endereço não recebe mais as mensagens da conta, e encerramos as outras sessões abertas.
      </EmailText>
      <EmailText muted>
        Não foi você? Escreva agora para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink> respondendo a este e-mail:
        vamos devolver a conta a você.
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Em ${when} (horário de Brasília) a sua conta na Festa Solidária passou a usar o e-mail ${newEmail}.
Este endereço não recebe mais as mensagens da conta, e encerramos as outras sessões abertas.

Não foi você? Escreva agora para ${CONTACT_EMAIL} respondendo a este e-mail: vamos devolver a conta a você.
`;
  return renderEmail("email-changed", subject, element, text);
}
