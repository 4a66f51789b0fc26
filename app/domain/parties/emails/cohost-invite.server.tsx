import { EmailButton, EmailHeading, EmailLayout, EmailText } from "~/platform/mail/layout";
import { renderEmail } from "~/platform/mail/render.server";
import { truncateText } from "~/platform/text";

export type CohostInviteEmail = { inviterName: string; partyName: string; url: string };

/** A party owner's invitation to co-host it (decision 217): a signed link, valid 7 days, for this address only. */
export function cohostInviteEmail(input: CohostInviteEmail) {
  const subject = truncateText(`${input.inviterName} convidou você para organizar a festa ${input.partyName}`, 150);
  const element = (
    <EmailLayout
      preview={`Convite para ser co-anfitrião de ${input.partyName}.`}
      footer={<>Se você não esperava este convite, ignore este e-mail: nada muda sem você aceitar.</>}
    >
      <EmailHeading>Convite para co-anfitrião</EmailHeading>
      <EmailText>
        {input.inviterName} convidou você para organizar junto a festa solidária <strong>{input.partyName}</strong>. Como co-anfitrião, você
        acompanha as doações, compartilha a festa e fala com os convidados.
      </EmailText>
      <EmailButton href={input.url}>Aceitar o convite</EmailButton>
      <EmailText>O link vale por 7 dias. Entre com a conta deste e-mail (ou crie uma e confirme o endereço) para aceitar.</EmailText>
    </EmailLayout>
  );
  const text = `
Convite para co-anfitrião

${input.inviterName} convidou você para organizar junto a festa solidária ${input.partyName}.

Aceitar o convite: ${input.url}

O link vale por 7 dias. Entre com a conta deste e-mail (ou crie uma e confirme o endereço) para aceitar.
`;
  return renderEmail("party-cohost-invite", subject, element, text);
}
