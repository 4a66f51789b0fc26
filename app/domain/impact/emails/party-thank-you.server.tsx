import { getConfig } from "~/platform/config.server";
import { EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";

export type PartyThankYouProps = {
  creatorName: string;
  partyName: string;
  message: string;
  unsubscribeUrl: string;
  /** After the party: a thank-you; while it is on: news of it (decision 212). */
  ended?: boolean;
};

/** The party creator's news or thank-you, to each donor who ticked "Quero receber notícias desta festa". */
export function partyThankYouEmail(props: PartyThankYouProps) {
  const { PUBLIC_URL } = getConfig();
  const subject = `Um recado de ${props.creatorName}: ${props.partyName}`;
  const heading = props.ended === false ? `Notícias de ${props.partyName}` : `Obrigado por doar para ${props.partyName}!`;
  const paragraphs = props.message
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const element = (
    <EmailLayout
      preview={`${props.creatorName} deixou um recado para quem doou para ${props.partyName}.`}
      footer={
        <>
          Você recebeu este e-mail porque pediu notícias desta festa ao doar.{" "}
          <EmailLink href={props.unsubscribeUrl}>Não quero mais receber notícias de festas</EmailLink> ·{" "}
          <EmailLink href={PUBLIC_URL}>{PUBLIC_URL.replace(/^https?:\/\//, "")}</EmailLink>
        </>
      }
    >
      <EmailHeading>{heading}</EmailHeading>
      <EmailText muted>{props.creatorName} deixou este recado para quem presenteou a causa:</EmailText>
      {paragraphs.map((p, i) => (
        <EmailText key={i}>{p}</EmailText>
      ))}
    </EmailLayout>
  );
  const text = `
${heading}

${props.creatorName} deixou este recado para quem presenteou a causa:

${props.message}

--
Você recebeu este e-mail porque pediu notícias desta festa ao doar.
Para não receber mais notícias de festas: ${props.unsubscribeUrl}
`;
  return renderEmail("party-thank-you", subject, element, text);
}
