/** The words of an impact certificate, shared by its PDF, its square image and its verification page. */
import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";

type PartyFacts = {
  kind: "festa";
  partyName: string;
  eventDate: string;
  causeName: string | null;
  organizationName: string | null;
  raisedCents: number;
  donors: number;
  impactLine: string | null;
};
type SubscriberFacts = {
  kind: "assinante";
  year: number;
  holderName: string;
  totalCents: number;
  charges: number;
  organizations: string[];
  impactLine: string | null;
};

export type CertificateTexts = {
  title: string;
  lead: string;
  name: string;
  body: string;
  impact: string | null;
  thanks: string;
  total: string;
};

function guests(n: number) {
  return n === 1 ? "1 convidado que doou" : `${n.toLocaleString("pt-BR")} convidados que doaram`;
}

function listNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? "as instituições apoiadas pela Festa Solidária";
  return `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

export function certificateTexts(c: PartyFacts | SubscriberFacts): CertificateTexts {
  if (c.kind === "festa") {
    const to = c.organizationName ?? "a instituição escolhida";
    const cause = c.causeName ? ` (causa: ${c.causeName})` : "";
    return {
      title: "Certificado de Impacto",
      lead: `Certificamos que a festa solidária celebrada em ${formatCalendarDate(c.eventDate)}`,
      name: c.partyName,
      body: `arrecadou ${formatCents(c.raisedCents)}, com ${guests(c.donors)}, para ${to}${cause}.`,
      impact: c.impactLine,
      thanks: "Obrigado por transformar uma celebração em solidariedade!",
      total: formatCents(c.raisedCents),
    };
  }
  const months = c.charges === 1 ? "1 mensalidade" : `${c.charges} mensalidades`;
  return {
    title: "Certificado digital de Assinante do Bem",
    lead: `Certificamos que, em ${c.year}, a assinatura Assine o Bem de`,
    name: c.holderName,
    body: `contribuiu com ${formatCents(c.totalCents)} (${months}) para ${listNames(c.organizations)}.`,
    impact: c.impactLine,
    thanks: "Obrigado por fazer o bem todos os meses!",
    total: formatCents(c.totalCents),
  };
}
