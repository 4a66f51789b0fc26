import { EmailButton, EmailHeading, EmailLayout, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";
import { formatCents } from "~/platform/money";
import { truncateText } from "~/platform/text";

export type PledgePaymentEmail = { sponsorName: string; partyName: string; institutionName: string | null; dueCents: number; url: string };

/** The match ended (decision 220): what the sponsor promised and owes, and the signed link to pay it. */
export function pledgePaymentEmail(input: PledgePaymentEmail) {
  const due = formatCents(input.dueCents);
  const to = input.institutionName ? ` para ${input.institutionName}` : "";
  const subject = truncateText(`Patrocínio em dobro da festa ${input.partyName}: ${due} a pagar`, 150);
  const element = (
    <EmailLayout
      preview={`O patrocínio terminou: ${due} prometidos${to}.`}
      footer={<>Este link é só seu: não o encaminhe. Dúvidas? Responda a este e-mail.</>}
    >
      <EmailHeading>Obrigado por dobrar as doações!</EmailHeading>
      <EmailText>
        {input.sponsorName}, o patrocínio em dobro da festa solidária <strong>{input.partyName}</strong> terminou. As doações pagas somaram{" "}
        <strong>{due}</strong> prometidos pelo patrocinador{to}.
      </EmailText>
      <EmailText>Esse valor só entra na arrecadação da festa quando for pago. Você pode pagar por Pix ou cartão:</EmailText>
      <EmailButton href={input.url}>Pagar {due}</EmailButton>
      <EmailText>O link vale por 30 dias. O valor a pagar é calculado na hora, pelo que as doações prometeram.</EmailText>
    </EmailLayout>
  );
  const text = `
Obrigado por dobrar as doações!

${input.sponsorName}, o patrocínio em dobro da festa solidária ${input.partyName} terminou. As doações pagas somaram ${due} prometidos pelo patrocinador${to}.

Esse valor só entra na arrecadação da festa quando for pago. Pague por Pix ou cartão: ${input.url}

O link vale por 30 dias. O valor a pagar é calculado na hora, pelo que as doações prometeram.
`;
  return renderEmail("pledge-payment", subject, element, text);
}
