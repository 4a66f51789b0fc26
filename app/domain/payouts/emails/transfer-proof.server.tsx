import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";

export type TransferProofMessage = {
  template: string;
  subject: string;
  hello: string;
  intro: string;
  /** The stored figures of the payout, one per line ("Total: R$ …"). */
  lines: string[];
  netCents: number;
  proofUrl: string;
  /** Why the recipient gets this e-mail; the footer's first line. */
  reason: React.ReactNode;
  /** An optional last line (thanks), in the HTML and the text. */
  closing?: { html: string; text: string };
};

/**
 * The one body of every "comprovante de repasse" e-mail (a party's payout, an institution's
 * transfer of direct gifts and charges): greeting, what moved, the stored figures and the proof's link.
 */
export function renderTransferProof(message: TransferProofMessage) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const { hello, intro, lines, proofUrl, closing } = message;
  const element = (
    <EmailLayout
      preview={`Repasse de ${formatCents(message.netCents)} concluído. O comprovante está no link.`}
      footer={
        <>
          {message.reason}
          <br />
          Dúvidas? Escreva para <EmailLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</EmailLink> ·{" "}
          <EmailLink href={PUBLIC_URL}>{PUBLIC_URL.replace(/^https?:\/\//, "")}</EmailLink>
        </>
      }
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>{intro}</EmailText>
      <EmailText>
        {lines.map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </EmailText>
      <EmailButton href={proofUrl}>Ver comprovante</EmailButton>
      <EmailText muted>
        Se o botão não funcionar, copie este endereço no navegador: <EmailLink href={proofUrl} />
      </EmailText>
      {closing ? <EmailText muted>{closing.html}</EmailText> : null}
    </EmailLayout>
  );
  const text = `
${hello}

${intro}

${lines.join("\n")}

Comprovante: ${proofUrl}
${closing ? `\n${closing.text}\n` : ""}
Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail(message.template, message.subject, element, text);
}
