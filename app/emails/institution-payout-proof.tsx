import { getConfig } from "~/platform/config.server";
import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { renderEmail } from "~/platform/mail/render.server";

export type InstitutionPayoutProofEmail = {
  organizationName: string;
  periodEnd: string;
  gifts: number;
  charges: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
  proofUrl: string;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

/**
 * Sent to the institution when the team transfers its direct gifts and Assine o Bem charges
 * (decision 152): the figures stored with the payout and the proof's signed link.
 */
export function institutionPayoutProofEmail(input: InstitutionPayoutProofEmail) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const subject = `Comprovante de repasse: ${input.organizationName}`;
  const hello = `Olá, equipe ${input.organizationName}!`;
  const what = [
    input.gifts ? plural(input.gifts, "doação direta", "doações diretas") : null,
    input.charges ? plural(input.charges, "mensalidade do Assine o Bem", "mensalidades do Assine o Bem") : null,
  ]
    .filter(Boolean)
    .join(" e ");
  const intro = `Transferimos o valor líquido do que foi liquidado até ${formatCalendarDate(input.periodEnd)}${what ? ` (${what})` : ""}: o total menos a taxa da plataforma.`;
  const lines = [
    `Total: ${formatCents(input.grossCents)}`,
    `Taxa da plataforma: ${formatCents(input.feeCents)}`,
    `Valor líquido transferido: ${formatCents(input.netCents)}`,
  ];
  const element = (
    <EmailLayout
      preview={`Repasse de ${formatCents(input.netCents)} concluído. O comprovante está no link.`}
      footer={
        <>
          Você recebeu este e-mail porque {input.organizationName} recebe doações pela Festa Solidária.
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
    </EmailLayout>
  );
  const text = `
${hello}

${intro}

${lines.join("\n")}

Comprovante: ${input.proofUrl}

Dúvidas? ${CONTACT_EMAIL}
`;
  return renderEmail("institution-payout-proof", subject, element, text);
}
