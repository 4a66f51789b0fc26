import { getConfig } from "~/platform/config.server";
import { formatDateTime } from "~/platform/dates";
import type { NewEmail } from "~/platform/mail/outbox.server";
import { firstName, renderEmail } from "~/platform/mail/render.server";
import { EmailButton, EmailHeading, EmailLayout, EmailText, StandardFooter } from "~/platform/mail/layout";

type Institution = { id: string; name: string; email: string | null };

export type PartyMovedInput = {
  party: { id: string; name: string; shareCode: string };
  from: Institution | null;
  to: Institution;
  host: { name: string; email: string } | null;
  reason: string;
  movedAt: Date;
  publicUrl: string;
};

type Recipient = "host" | "from" | "to";

function body(input: PartyMovedInput, recipient: Recipient) {
  const when = formatDateTime(input.movedAt);
  const party = `"${input.party.name}"`;
  const before = input.from ? input.from.name : "nenhuma instituição";
  const paid = input.from
    ? `As doações pagas até ${when} continuam com ${input.from.name}; as próximas vão para ${input.to.name}.`
    : `As próximas doações vão para ${input.to.name}.`;
  if (recipient === "host") {
    return {
      hello: `Olá, ${firstName(input.host!.name)}!`,
      lines: [
        `Nossa equipe mudou a instituição que recebe as doações da sua festa solidária ${party}: de ${before} para ${input.to.name}.`,
        paid,
      ],
    };
  }
  if (recipient === "from") {
    return {
      hello: `Olá, equipe ${input.from!.name}!`,
      lines: [
        `A festa solidária ${party} deixou de arrecadar para vocês em ${when}: as próximas doações vão para ${input.to.name}.`,
        "As doações que vocês já receberam por ela continuam com vocês e entram no repasse como de costume.",
      ],
    };
  }
  return {
    hello: `Olá, equipe ${input.to.name}!`,
    lines: [
      `A festa solidária ${party} passou a arrecadar para vocês em ${when}.`,
      input.from ? `As doações pagas antes disso ficam com ${input.from.name}, que as recebeu.` : "Todas as doações dela vão para vocês.",
    ],
  };
}

function render(input: PartyMovedInput, recipient: Recipient) {
  const { CONTACT_EMAIL } = getConfig();
  const { hello, lines } = body(input, recipient);
  const url = `${input.publicUrl}/festa/${input.party.shareCode}`;
  const subject = `Festa "${input.party.name}": a instituição que recebe as doações mudou`;
  const element = (
    <EmailLayout preview={lines[0]!} footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={input.publicUrl} />}>
      <EmailHeading>{hello}</EmailHeading>
      {lines.map((line) => (
        <EmailText key={line}>{line}</EmailText>
      ))}
      <EmailText>Motivo: {input.reason}</EmailText>
      <EmailButton href={url}>Ver a festa</EmailButton>
      <EmailText muted>Dúvidas? Responda para {CONTACT_EMAIL}.</EmailText>
    </EmailLayout>
  );
  const text = `${hello}\n\n${lines.join("\n\n")}\n\nMotivo: ${input.reason}\n\nVer a festa: ${url}\n\nDúvidas? ${CONTACT_EMAIL}\n`;
  return renderEmail("party-moved", subject, element, text);
}

/** The host and both institutions (their contact e-mails, when they have one), told in the move's transaction. */
export function partyMovedEmails(input: PartyMovedInput): NewEmail[] {
  const out: NewEmail[] = [];
  const key = (who: string) => `party-moved:${input.party.id}:${input.movedAt.toISOString()}:${who}`;
  if (input.host?.email) out.push({ to: input.host.email, dedupeKey: key("host"), ...render(input, "host") });
  if (input.from?.email) out.push({ to: input.from.email, dedupeKey: key("from"), ...render(input, "from") });
  if (input.to.email) out.push({ to: input.to.email, dedupeKey: key("to"), ...render(input, "to") });
  return out;
}
