import { getConfig } from "~/platform/config.server";
import { formatDateTime } from "~/platform/dates";
import { EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";
import { truncateText } from "~/platform/text";

export type VisitRequestEmail = {
  /** Who receives it: the institution, or the team when the institution has no e-mail on file. */
  recipient: "institution" | "team";
  institutionName: string;
  subscriberName: string;
  subscriberEmail: string;
  preferredDates: string;
  people: number;
  message: string | null;
  requestedAt: Date;
};

/**
 * A Diamante subscriber asks for the guided visit (plans.ts, "Visita guiada à instituição apoiada").
 * Institutions have no dashboard yet, so the request reaches them by e-mail; they answer the
 * subscriber directly (Reply-To), and the team sees every request in the admin panel.
 */
export function visitRequestEmail(input: VisitRequestEmail) {
  const { CONTACT_EMAIL } = getConfig();
  const people = input.people === 1 ? "1 pessoa" : `${input.people} pessoas`;
  const subject = truncateText(`Pedido de visita guiada: ${input.subscriberName} (Assine o Bem, Plano Diamante)`, 150);
  const intro =
    input.recipient === "institution"
      ? `${input.subscriberName}, Assinante do Bem no Plano Diamante, gostaria de conhecer ${input.institutionName} em uma visita guiada. Para combinar a data, é só responder a este e-mail: a resposta vai direto para o assinante.`
      : `${input.subscriberName}, Assinante do Bem no Plano Diamante, pediu uma visita guiada para conhecer ${input.institutionName}. A instituição não tem e-mail cadastrado: combine a visita com ela e responda ao assinante.`;
  const message = input.message?.trim() || "(sem mensagem)";
  const element = (
    <EmailLayout
      preview={`${input.subscriberName} quer conhecer ${input.institutionName} em uma visita guiada.`}
      footer={
        <>
          Pedido feito em {formatDateTime(input.requestedAt)} pela área Minha conta do site. Dúvidas: {CONTACT_EMAIL}.
        </>
      }
    >
      <EmailHeading>Pedido de visita guiada</EmailHeading>
      <EmailText>{intro}</EmailText>
      <EmailText>
        <strong>Assinante:</strong> {input.subscriberName}
        <br />
        <strong>E-mail:</strong> <EmailLink href={`mailto:${input.subscriberEmail}`}>{input.subscriberEmail}</EmailLink>
        <br />
        <strong>Datas de preferência:</strong> {input.preferredDates}
        <br />
        <strong>Quantas pessoas:</strong> {people}
      </EmailText>
      <EmailText>
        <span style={{ whiteSpace: "pre-wrap" }}>{message}</span>
      </EmailText>
    </EmailLayout>
  );
  const text = `
Pedido de visita guiada

${intro}

Assinante: ${input.subscriberName}
E-mail: ${input.subscriberEmail}
Datas de preferência: ${input.preferredDates}
Quantas pessoas: ${people}

${message}

Pedido feito em ${formatDateTime(input.requestedAt)}. Dúvidas: ${CONTACT_EMAIL}
`;
  return renderEmail("visit-request", subject, element, text);
}
