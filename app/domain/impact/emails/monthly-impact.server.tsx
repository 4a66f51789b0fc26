import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type MonthlyImpactProps = {
  name: string;
  monthLabel: string;
  totalCents: number;
  institutions: Array<{ name: string; totalCents: number; impactLine: string | null; updates: Array<{ title: string; body: string }> }>;
  unsubscribeUrl: string;
};

/** "Relatório mensal de impacto": what a subscriber's plan funded in a month, with the institutions' news. */
export function monthlyImpactEmail(props: MonthlyImpactProps) {
  const { PUBLIC_URL } = getConfig();
  const hello = `Olá, ${firstName(props.name)}!`;
  const subject = `Seu relatório de impacto de ${props.monthLabel}`;
  const element = (
    <EmailLayout
      preview={`Em ${props.monthLabel}, o seu Assine o Bem destinou ${formatCents(props.totalCents)}.`}
      footer={
        <>
          Você recebe este relatório porque é assinante do Assine o Bem.{" "}
          <EmailLink href={props.unsubscribeUrl}>Não quero mais receber o relatório mensal</EmailLink>
        </>
      }
    >
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        Em {props.monthLabel}, a sua assinatura destinou <strong>{formatCents(props.totalCents)}</strong> a quem precisa. Veja o que isso
        apoiou:
      </EmailText>
      {props.institutions.map((inst) => (
        <div key={inst.name}>
          <EmailText>
            <strong>{inst.name}</strong>: {formatCents(inst.totalCents)}
            {inst.impactLine ? ` — ${inst.impactLine}` : ""}
          </EmailText>
          {inst.updates.map((u) => (
            <EmailText key={u.title} muted>
              <strong>{u.title}.</strong> {u.body}
            </EmailText>
          ))}
        </div>
      ))}
      <EmailButton href={`${PUBLIC_URL}/conta#certificados`}>Ver meu certificado de assinante</EmailButton>
    </EmailLayout>
  );
  const lines = props.institutions
    .map(
      (inst) =>
        `- ${inst.name}: ${formatCents(inst.totalCents)}${inst.impactLine ? ` — ${inst.impactLine}` : ""}` +
        inst.updates.map((u) => `\n  ${u.title}. ${u.body}`).join(""),
    )
    .join("\n");
  const text = `
${hello}

Em ${props.monthLabel}, a sua assinatura destinou ${formatCents(props.totalCents)} a quem precisa:

${lines}

Seu certificado de assinante: ${PUBLIC_URL}/conta

--
Você recebe este relatório porque é assinante do Assine o Bem.
Para não receber mais: ${props.unsubscribeUrl}
`;
  return renderEmail("monthly-impact", subject, element, text);
}
