import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailQuote, EmailText } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type HonoreeCardProps = {
  honoreeName: string;
  /** The donor's name, or null for an anonymous gift ("Alguém"). Never their e-mail. */
  donorName: string | null;
  /** Stated only when the donor ticked "Mostrar o valor no cartão". */
  amountCents: number | null;
  message: string | null;
  partyName: string | null;
  organizationName: string | null;
  causeName: string | null;
  /** Absolute: the party's preview image (a PNG every mail client shows), or the site's. */
  imageUrl: string;
  /** Absolute: the party's page, or the institution's. */
  link: string;
  linkLabel: string;
};

/**
 * The e-card (issue 29, item 3; decision 214): once, to the honoree, when the gift in their name
 * is paid. Who gave (or "Alguém"), to which institution and cause, the donor's message, the
 * amount only if the donor chose, and a link to the party.
 */
export function honoreeCardEmail(props: HonoreeCardProps) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const giver = props.donorName?.trim() || "Alguém";
  const subject = `${giver} fez uma doação em sua homenagem`;
  const hello = `Olá, ${firstName(props.honoreeName)}!`;
  const amount = props.amountCents !== null ? ` de ${formatCents(props.amountCents)}` : "";
  const where = props.organizationName
    ? ` para ${props.organizationName}${props.causeName ? ` (${props.causeName})` : ""}`
    : props.causeName
      ? ` para a causa ${props.causeName}`
      : "";
  const party = props.partyName ? `, na festa “${props.partyName}”` : "";
  const sentence = `${giver} fez uma doação${amount} em sua homenagem${where}${party}.`;
  const element = (
    <EmailLayout
      preview={sentence}
      footer={
        <>
          Você recebeu este cartão porque {giver === "Alguém" ? "alguém" : giver} informou o seu e-mail ao doar em sua homenagem. Usamos o
          endereço só para enviar este cartão: ele não aparece em nenhuma página e não serve para mais nada.
          <br />
          Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink>
        </>
      }
    >
      <img
        src={props.imageUrl}
        alt={props.partyName ? `Festa Solidária: ${props.partyName}` : "Festa Solidária"}
        width={504}
        style={{ display: "block", width: "100%", maxWidth: 504, height: "auto", borderRadius: 12, margin: "0 0 24px", border: 0 }}
      />
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        <strong>{giver}</strong> fez uma doação{amount ? <strong>{amount}</strong> : null} em sua homenagem
        {props.organizationName ? (
          <>
            {" "}
            para <strong>{props.organizationName}</strong>
            {props.causeName ? ` (${props.causeName})` : null}
          </>
        ) : props.causeName ? (
          ` para a causa ${props.causeName}`
        ) : null}
        {props.partyName ? (
          <>
            , na festa <strong>{props.partyName}</strong>
          </>
        ) : null}
        .
      </EmailText>
      {props.message ? <EmailQuote>{props.message}</EmailQuote> : null}
      <EmailText>Um gesto de carinho que vira cuidado para quem precisa. Que tal conhecer a causa?</EmailText>
      <EmailButton href={props.link}>{props.linkLabel}</EmailButton>
      <EmailText muted>
        Com carinho, equipe <EmailLink href={PUBLIC_URL}>Festa Solidária</EmailLink>
      </EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

${sentence}
${props.message ? `\nMensagem: "${props.message}"\n` : ""}
Um gesto de carinho que vira cuidado para quem precisa. ${props.linkLabel}: ${props.link}

Com carinho, equipe Festa Solidária

Você recebeu este cartão porque ${giver === "Alguém" ? "alguém" : giver} informou o seu e-mail ao doar em sua homenagem. Usamos o endereço só para enviar este cartão: ele não aparece em nenhuma página e não serve para mais nada.
`;
  return renderEmail("donation-honoree", subject, element, text);
}
