import { EmailButton, EmailHeading, EmailLayout, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";
import { truncateText } from "~/platform/text";

export type InstitutionInviteEmail = { inviterName: string; institutionName: string; url: string };

/** An owner's invitation to join an institution's team: a signed link, valid 7 days, used once. */
export function institutionInviteEmail(input: InstitutionInviteEmail) {
  const subject = truncateText(`Convite para a equipe de ${input.institutionName} na Festa Solidária`, 150);
  const element = (
    <EmailLayout
      preview={`${input.inviterName} convidou você para a equipe de ${input.institutionName}.`}
      footer={<>Se você não esperava este convite, ignore este e-mail: nada muda sem você aceitar.</>}
    >
      <EmailHeading>Convite para a equipe</EmailHeading>
      <EmailText>
        {input.inviterName} convidou você para a equipe de <strong>{input.institutionName}</strong> na Festa Solidária. Com o convite
        aceito, você acompanha as doações e os repasses da instituição.
      </EmailText>
      <EmailButton href={input.url}>Aceitar o convite</EmailButton>
      <EmailText>O link vale por 7 dias e pode ser usado uma vez. Entre com a conta deste e-mail (ou crie uma) para aceitar.</EmailText>
    </EmailLayout>
  );
  const text = `
Convite para a equipe

${input.inviterName} convidou você para a equipe de ${input.institutionName} na Festa Solidária.

Aceitar o convite: ${input.url}

O link vale por 7 dias e pode ser usado uma vez. Entre com a conta deste e-mail (ou crie uma) para aceitar.
`;
  return renderEmail("institution-invite", subject, element, text);
}
