import { getConfig } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { EmailButton, EmailHeading, EmailLayout, EmailText, StandardFooter } from "~/platform/mail/layout";
import { firstName, renderEmail } from "~/platform/mail/render.server";

export type DigestGift = { amountCents: number; donorLabel: string; message: string | null };

/** To a party's creator who chose the digest: every gift since the last e-mail, in one (issue 31). */
export function creatorDigestEmail({ creatorName, partyName, gifts }: { creatorName: string; partyName: string; gifts: DigestGift[] }) {
  const { CONTACT_EMAIL, PUBLIC_URL } = getConfig();
  const total = formatCents(gifts.reduce((sum, g) => sum + g.amountCents, 0));
  const count = gifts.length === 1 ? "1 nova doação" : `${gifts.length} novas doações`;
  const subject = `${count} para ${partyName} (${total})`;
  const hello = `Olá, ${firstName(creatorName)}!`;
  const element = (
    <EmailLayout preview={`${count} somando ${total}.`} footer={<StandardFooter contactEmail={CONTACT_EMAIL} publicUrl={PUBLIC_URL} />}>
      <EmailHeading>{hello}</EmailHeading>
      <EmailText>
        Sua festa <strong>{partyName}</strong> recebeu {count}, somando <strong>{total}</strong>:
      </EmailText>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 16px" }}>
        <tbody>
          {gifts.map((g, i) => (
            <tr key={i}>
              <td style={{ padding: "6px 0", borderBottom: "1px solid #f1e7e4" }}>
                <strong>{formatCents(g.amountCents)}</strong> de {g.donorLabel}
                {g.message ? <div style={{ fontStyle: "italic", color: "#5b5b6b" }}>“{g.message}”</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <EmailButton href={`${PUBLIC_URL}/painel`}>Ver meu painel</EmailButton>
      <EmailText muted>Você recebe no máximo um resumo a cada 10 minutos. Para mudar, use o painel da festa.</EmailText>
    </EmailLayout>
  );
  const lines = gifts.map((g) => `- ${formatCents(g.amountCents)} de ${g.donorLabel}${g.message ? ` — "${g.message}"` : ""}`).join("\n");
  const text = `
${hello}

Sua festa "${partyName}" recebeu ${count}, somando ${total}:

${lines}

Veja no seu painel: ${PUBLIC_URL}/painel

Você recebe no máximo um resumo a cada 10 minutos. Para mudar, use o painel da festa.
`;
  return renderEmail("creator-digest", subject, element, text);
}
