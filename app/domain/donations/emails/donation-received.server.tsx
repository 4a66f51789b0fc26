import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailQuote, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";
import { hasEmoji } from "~/platform/text";

export type DonationReceivedProps = {
  creatorName: string;
  partyName: string;
  amountCents: number;
  donorLabel: string;
  message: string | null;
};

/** To the party's creator, once per paid gift (product-spec §1: amount and the message, if any). */
export function donationReceivedEmail(props: DonationReceivedProps) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const amount = formatCents(props.amountCents);
  // A party named "Festa da Joana 🎉" must not become "…da Joana 🎉 🎉".
  const subject = `Nova doação de ${amount} para ${props.partyName}${hasEmoji(props.partyName) ? "" : " 🎉"}`;
  const hello = `Olá, ${firstName(props.creatorName)}!`;
  const element = (
    <EmailLayout
      preview={`${props.donorLabel} doou ${amount} para a sua festa.`}
      footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        Sua festa <strong>{props.partyName}</strong> acaba de receber uma nova contribuição de <strong>{amount}</strong>, de{" "}
        <strong>{props.donorLabel}</strong>.
      </EmailText>
      {props.message ? <EmailQuote>{props.message}</EmailQuote> : null}
      <EmailButton href={`${PUBLIC_URL}/painel`}>Ver meu painel</EmailButton>
      <EmailText muted>Obrigado por transformar a sua celebração em solidariedade.</EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

Sua festa "${props.partyName}" acaba de receber uma nova contribuição de ${amount}, de ${props.donorLabel}.
${props.message ? `\nMensagem: "${props.message}"\n` : ""}
Veja no seu painel: ${PUBLIC_URL}/painel

Obrigado por transformar a sua celebração em solidariedade.
`;
  return renderEmail("donation-received", subject, element, text);
}
