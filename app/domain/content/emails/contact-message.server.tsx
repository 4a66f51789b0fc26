import { getConfig } from "~/platform/config.server";
import { formatDateTime } from "~/platform/dates";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";
import { truncateText } from "~/platform/text";

export type ContactMessageEmail = { name: string; email: string; phone: string; message: string | null; receivedAt: Date };

/** Tells the team (CONTACT_EMAIL) that someone wrote through /contato. */
export function contactMessageEmail(input: ContactMessageEmail) {
  const { PUBLIC_URL } = getConfig();
  const adminUrl = `${PUBLIC_URL}/admin/mensagens`;
  const subject = truncateText(`Nova mensagem de contato: ${input.name}`, 150);
  const message = input.message?.trim() || "(sem mensagem)";
  const element = (
    <EmailLayout
      preview={`${input.name} escreveu pelo formulário de contato.`}
      footer={<>Mensagem recebida pelo formulário de contato do site em {formatDateTime(input.receivedAt)}.</>}
    >
      <EmailHeading>Nova mensagem de contato</EmailHeading>
      <EmailText>
        <strong>Nome:</strong> {input.name}
        <br />
        <strong>E-mail:</strong> <EmailLink href={`mailto:${input.email}`}>{input.email}</EmailLink>
        <br />
        <strong>Telefone:</strong> {input.phone}
      </EmailText>
      <EmailText>
        <span style={{ whiteSpace: "pre-wrap" }}>{message}</span>
      </EmailText>
      <EmailButton href={adminUrl}>Abrir no painel</EmailButton>
    </EmailLayout>
  );
  const text = `
Nova mensagem de contato

Nome: ${input.name}
E-mail: ${input.email}
Telefone: ${input.phone}
Recebida em: ${formatDateTime(input.receivedAt)}

${message}

Abrir no painel: ${adminUrl}
`;
  return renderEmail("contact-message", subject, element, text);
}
