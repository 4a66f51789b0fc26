import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type CertificateReadyProps = {
  creatorName: string;
  partyName: string;
  raisedCents: number;
  donors: number;
  organizationName: string | null;
  verificationUrl: string;
};

/** To a party's creator, once, when the party has ended: its impact certificate is on /painel. */
export function certificateReadyEmail(props: CertificateReadyProps) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const amount = formatCents(props.raisedCents);
  const guests = props.donors === 1 ? "1 convidado" : `${props.donors} convidados`;
  const to = props.organizationName ? ` para ${props.organizationName}` : "";
  const hello = `Olá, ${firstName(props.creatorName)}!`;
  const subject = `O certificado de impacto de ${props.partyName} está pronto`;
  const element = (
    <EmailLayout
      preview={`Sua festa arrecadou ${amount}. Baixe o certificado e compartilhe.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        A festa <strong>{props.partyName}</strong> terminou e arrecadou <strong>{amount}</strong>, com {guests} que doaram{to}.
      </EmailText>
      <EmailText>
        O certificado de impacto já está no seu painel, em PDF e em imagem quadrada para compartilhar no WhatsApp e no Instagram.
      </EmailText>
      <EmailButton href={`${PUBLIC_URL}/painel#festas-encerradas`}>Baixar meu certificado</EmailButton>
      <EmailText muted>Qualquer pessoa pode conferir a autenticidade em {props.verificationUrl}</EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

A festa "${props.partyName}" terminou e arrecadou ${amount}, com ${guests} que doaram${to}.

O certificado de impacto já está no seu painel, em PDF e em imagem para compartilhar: ${PUBLIC_URL}/painel

Qualquer pessoa pode conferir a autenticidade em ${props.verificationUrl}
`;
  return renderEmail("certificate-ready", subject, element, text);
}
