import { getConfig } from "~/platform/config.server";
import { EmailButton, EmailHeading, EmailLayout, EmailText } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";
import { truncateText } from "~/platform/text";

type Kind = "received" | "changes_requested" | "rejected" | "approved";

export type InstitutionApplicationEmail = { kind: Kind; applicantName: string; institutionName: string; reason?: string | null };

const COPY: Record<Kind, { subject: string; heading: string; lead: string; reasonLabel: string }> = {
  received: {
    subject: "Recebemos o pedido de cadastro",
    heading: "Pedido recebido",
    lead: "Recebemos o pedido de cadastro e os documentos. A equipe confere tudo e responde por e-mail, em geral em até 5 dias úteis.",
    reasonLabel: "",
  },
  changes_requested: {
    subject: "Precisamos de ajustes no pedido de cadastro",
    heading: "Faltam alguns ajustes",
    lead: "Conferimos o pedido de cadastro e precisamos que você ajuste o que está abaixo antes de aprovarmos:",
    reasonLabel: "O que ajustar",
  },
  rejected: {
    subject: "O pedido de cadastro não foi aprovado",
    heading: "Pedido não aprovado",
    lead: "Conferimos o pedido de cadastro e, desta vez, não pudemos aprovar. O motivo:",
    reasonLabel: "Motivo",
  },
  approved: {
    subject: "Cadastro aprovado: a instituição já pode receber doações",
    heading: "Cadastro aprovado!",
    lead: "A instituição está verificada na Festa Solidária: já pode ser escolhida em festas e receber doações. Você é o responsável por ela e pode convidar a sua equipe.",
    reasonLabel: "",
  },
};

/** The applicant's e-mail at each step of an institution application. */
export function institutionApplicationEmail(input: InstitutionApplicationEmail) {
  const { PUBLIC_URL } = getConfig();
  const url = `${PUBLIC_URL}/ongs/cadastrar`;
  const copy = COPY[input.kind];
  const subject = truncateText(`${copy.subject}: ${input.institutionName}`, 150);
  const reason = input.reason?.trim() || null;
  const element = (
    <EmailLayout preview={copy.lead} footer={<>Você recebe este e-mail porque pediu o cadastro de uma instituição na Festa Solidária.</>}>
      <EmailHeading>{copy.heading}</EmailHeading>
      <EmailText>Olá, {firstName(input.applicantName)}!</EmailText>
      <EmailText>
        <strong>{input.institutionName}</strong>: {copy.lead}
      </EmailText>
      {reason ? (
        <EmailText>
          <strong>{copy.reasonLabel}:</strong>
          <br />
          <span style={{ whiteSpace: "pre-wrap" }}>{reason}</span>
        </EmailText>
      ) : null}
      <EmailButton href={url}>Ver o pedido</EmailButton>
    </EmailLayout>
  );
  const text = `
${copy.heading}

Olá, ${firstName(input.applicantName)}!

${input.institutionName}: ${copy.lead}
${reason ? `\n${copy.reasonLabel}:\n${reason}\n` : ""}
Ver o pedido: ${url}
`;
  return renderEmail(`institution-application-${input.kind.replace("_", "-")}`, subject, element, text);
}
