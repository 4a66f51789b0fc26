import { getConfig } from "~/platform/config.server";
import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type PayoutProofEmail = {
  recipient: "creator" | "organization";
  name: string;
  partyName: string;
  eventDate: string;
  organizationName: string | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
  feePercent: number;
  proofUrl: string;
};

/**
 * Sent to the party's creator and to the institution when the team transfers a party's gifts
 * (FAQ: "envia o comprovante ao criador do evento e à instituição").
 */
export function payoutProofEmail(input: PayoutProofEmail) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const institution = input.organizationName ?? "a instituição";
  const subject = `Comprovante de repasse: ${input.partyName}`;
  const hello = input.recipient === "creator" ? `Olá, ${firstName(input.name)}!` : `Olá, equipe ${input.name}!`;
  // The net amount is what moves: the total raised minus the platform fee (figures as stored for this payout).
  const intro =
    input.recipient === "creator"
      ? `O valor líquido arrecadado na sua festa solidária "${input.partyName}" (${formatCalendarDate(input.eventDate)}) foi transferido para ${institution}: o total menos a taxa da plataforma.`
      : `Transferimos o valor líquido arrecadado na festa solidária "${input.partyName}" (${formatCalendarDate(input.eventDate)}): o total menos a taxa da plataforma.`;
  const lines = [
    `Total arrecadado: ${formatCents(input.grossCents)}`,
    `Taxa da plataforma (${input.feePercent.toLocaleString("pt-BR")}%): ${formatCents(input.feeCents)}`,
    `Valor líquido transferido: ${formatCents(input.netCents)}`,
  ];
  const element = (
    <EmailLayout
      preview={`Repasse de ${formatCents(input.netCents)} concluído. O comprovante está no link.`}
      footer={
        <>
          Você recebeu este e-mail porque participa da festa solidária &quot;{input.partyName}&quot;.
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
      <EmailButton href={input.proofUrl}>Ver comprovante</EmailButton>
      <EmailText muted>
        Se o botão não funcionar, copie este endereço no navegador: <EmailLink href={input.proofUrl} />
      </EmailText>
      <EmailText muted>Obrigado por transformar uma celebração em cuidado. 💛</EmailText>
    </EmailLayout>
  );
  const text = `
${hello}

${intro}

${lines.join("\n")}

Comprovante: ${input.proofUrl}

Obrigado por transformar uma celebração em cuidado.

Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("payout-proof", subject, element, text);
}
