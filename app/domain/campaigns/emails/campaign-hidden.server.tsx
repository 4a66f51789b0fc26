import { getConfig } from "~/platform/config.server";
import type { NewEmail } from "~/platform/mail/outbox.server";
import { firstName, renderEmail } from "~/platform/mail/render.server";
import { EmailButton, EmailHeading, EmailLayout, EmailText, StandardFooter } from "~/platform/mail/layout";

export type CampaignHiddenInput = {
  campaign: { id: string; slug: string; name: string };
  creator: { name: string; email: string };
  reason: string;
  hiddenAt: Date;
  publicUrl: string;
};

/** The creator of a campaign an admin hid (decision 222): what happened, why, and that the parties go on. */
export function campaignHiddenEmail(input: CampaignHiddenInput): NewEmail {
  const { CONTACT_EMAIL } = getConfig();
  const hello = `Olá, ${firstName(input.creator.name)}!`;
  const lines = [
    `Nossa equipe ocultou a página da campanha "${input.campaign.name}": ela não aparece mais para o público.`,
    "As festas da campanha continuam no ar e recebendo doações normalmente.",
  ];
  const url = `${input.publicUrl}/campanha/${input.campaign.slug}/editar`;
  const subject = `Campanha "${input.campaign.name}" ocultada pela equipe`;
  const element = (
    <EmailLayout preview={lines[0]!} footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={input.publicUrl} />}>
      <EmailHeading>{hello}</EmailHeading>
      {lines.map((line) => (
        <EmailText key={line}>{line}</EmailText>
      ))}
      <EmailText>Motivo: {input.reason}</EmailText>
      <EmailButton href={url}>Ver a campanha</EmailButton>
      <EmailText muted>Quer conversar sobre isso? Responda para {CONTACT_EMAIL}.</EmailText>
    </EmailLayout>
  );
  const text = `${hello}\n\n${lines.join("\n\n")}\n\nMotivo: ${input.reason}\n\nVer a campanha: ${url}\n\nQuer conversar sobre isso? ${CONTACT_EMAIL}\n`;
  return {
    to: input.creator.email,
    dedupeKey: `campaign-hidden:${input.campaign.id}:${input.hiddenAt.toISOString()}`,
    ...renderEmail("campaign-hidden", subject, element, text),
  };
}
