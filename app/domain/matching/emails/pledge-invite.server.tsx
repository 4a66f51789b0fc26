import { EmailButton, EmailHeading, EmailLayout, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";
import { truncateText } from "~/platform/text";

export type PledgeInviteEmail = {
  hostFirstName: string;
  partyName: string;
  institution: string;
  headline: string;
  deadline: string;
  url: string;
};

/**
 * A host asks a sponsor to match their party's gifts (decision 219): a signed link to confirm or
 * decline, valid 7 days (or until the match's last day, whichever comes first). Sealed in the
 * outbox: the link confirms a promise without a password.
 */
export function pledgeInviteEmail(input: PledgeInviteEmail) {
  const subject = truncateText(`${input.hostFirstName} convida você a patrocinar a festa ${input.partyName}`, 150);
  const paying = `Quando o patrocínio terminar, você paga o valor prometido (o que as doações somaram, até o teto) por Pix ou cartão, e o dinheiro vai para ${input.institution}.`;
  const element = (
    <EmailLayout
      preview={`${input.headline}.`}
      footer={<>Se você não esperava este pedido, ignore este e-mail: nada acontece sem a sua confirmação.</>}
    >
      <EmailHeading>Pedido de patrocínio</EmailHeading>
      <EmailText>
        {input.hostFirstName} organiza a festa solidária <strong>{input.partyName}</strong>, em prol de {input.institution}, e pediu o seu
        patrocínio: <strong>{input.headline}</strong>, para as doações pagas até {input.deadline}.
      </EmailText>
      <EmailText>{paying}</EmailText>
      <EmailButton href={input.url}>Ver e responder o pedido</EmailButton>
      <EmailText>O link vale por 7 dias (ou até a data final, se vier antes).</EmailText>
    </EmailLayout>
  );
  const text = `
Pedido de patrocínio

${input.hostFirstName} organiza a festa solidária ${input.partyName}, em prol de ${input.institution}, e pediu o seu patrocínio: ${input.headline}, para as doações pagas até ${input.deadline}.

${paying}

Ver e responder o pedido: ${input.url}

O link vale por 7 dias (ou até a data final, se vier antes).
`;
  return renderEmail("match-pledge-invite", subject, element, text);
}

export type PledgeAnsweredEmail = {
  hostFirstName: string;
  sponsorName: string;
  partyName: string;
  confirmed: boolean;
  dashboardUrl: string;
};

/** The host hears the sponsor's answer (decision 219). */
export function pledgeAnsweredEmail(input: PledgeAnsweredEmail) {
  const subject = input.confirmed
    ? truncateText(`${input.sponsorName} confirmou o patrocínio da festa ${input.partyName}`, 150)
    : truncateText(`${input.sponsorName} recusou o patrocínio da festa ${input.partyName}`, 150);
  const body = input.confirmed
    ? `${input.sponsorName} confirmou o patrocínio. A partir de agora cada doação paga soma o valor do patrocinador, até o teto — conte aos convidados!`
    : `${input.sponsorName} recusou o patrocínio. Você pode convidar outro patrocinador no painel da festa.`;
  const element = (
    <EmailLayout preview={subject} footer={<>Você recebe este e-mail porque convidou um patrocinador para a sua festa.</>}>
      <EmailHeading>{input.confirmed ? "Patrocínio confirmado!" : "Patrocínio recusado"}</EmailHeading>
      <EmailText>Olá, {input.hostFirstName}!</EmailText>
      <EmailText>{body}</EmailText>
      <EmailButton href={input.dashboardUrl}>Abrir o painel da festa</EmailButton>
    </EmailLayout>
  );
  const text = `
${input.confirmed ? "Patrocínio confirmado!" : "Patrocínio recusado"}

Olá, ${input.hostFirstName}!

${body}

Abrir o painel da festa: ${input.dashboardUrl}
`;
  return renderEmail("match-pledge-answered", subject, element, text);
}
