import { PartyPopper } from "lucide-react";
import { Link } from "react-router";
import { InstitutionBox } from "~/components/causes/institution";
import { buttonVariants } from "~/components/ui/button";
import type { InstitutionSummary } from "~/domain/organizations/institution";
import type { PublicPayoutLines } from "~/domain/payouts/party-payouts.server";
import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";

type EndedParty = {
  name: string;
  eventType: string;
  eventDate: string;
  raisedCents: number;
  paidCount: number;
  causeName: string;
  institution: InstitutionSummary | null;
  /** "As doações feitas até DD/MM/AAAA foram para X.", when the team moved the party (decision 165). */
  earlierInstitutions: string[];
};

/**
 * Read-only page of a party past its 5 days online (decisions.md, Parties), or closed when its
 * creator deleted their account (with that message): totals and thanks, no donate button; who
 * received the money and the payout, with its proof once transferred (the lines come ready from
 * the loader: the party page's JavaScript budget has no room for more code).
 */
export function PartyEnded({
  party,
  payout,
  closedMessage,
  lateGift,
}: {
  party: EndedParty;
  payout: PublicPayoutLines | null;
  closedMessage?: string | null;
  /** The party's own institution, still taking gifts: where a late guest can give. */
  lateGift: { href: string; name: string } | null;
}) {
  const gifts = party.paidCount === 1 ? "1 contribuição" : `${party.paidCount.toLocaleString("pt-BR")} contribuições`;
  return (
    <section className="mx-auto max-w-2xl px-4 py-14 text-center md:py-20">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-coral-100 text-coral-700">
        <PartyPopper size={32} strokeWidth={2} aria-hidden="true" />
      </span>
      <p className="mt-4 text-sm font-bold tracking-wide text-coral-700 uppercase">Festa encerrada</p>
      <h1 className="mt-2 text-3xl md:text-4xl">{party.name}</h1>
      <p className="mt-2 text-muted">
        {party.eventType} · {formatCalendarDate(party.eventDate)}
      </p>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-soft">
        {party.raisedCents > 0 ? (
          <>
            <p className="text-sm font-semibold text-muted">
              {party.earlierInstitutions.length > 0
                ? "Juntos, os convidados arrecadaram"
                : `Juntos, os convidados arrecadaram para ${party.causeName}`}
            </p>
            <p className="mt-1 text-4xl font-extrabold text-indigo-800">{formatCents(party.raisedCents)}</p>
            <p className="mt-1 font-semibold text-muted">em {gifts}</p>
          </>
        ) : (
          <p className="text-lg font-bold text-indigo-800">Esta festa solidária foi em prol de {party.causeName}.</p>
        )}
        <p className="mt-4 text-lg">
          {closedMessage ??
            "Esta festa solidária já foi encerrada e não recebe mais doações. Muito obrigado a todos que transformaram presentes em solidariedade! 💛"}
        </p>
      </div>
      {party.institution ? <InstitutionBox institution={party.institution} label="Instituição que recebe" className="mt-6" /> : null}
      {party.earlierInstitutions.map((line) => (
        <p key={line} className="mt-2 text-sm text-muted" data-testid="instituicao-anterior">
          {line}
        </p>
      ))}
      {payout ? (
        <div className="mt-4 rounded-2xl bg-white p-6 text-left shadow-soft" data-testid="repasse">
          <p className="text-lg font-extrabold text-indigo-800">{payout.headline}</p>
          <p className="mt-1 text-muted">{payout.detail}</p>
          {payout.proofHref ? (
            <a
              href={payout.proofHref}
              rel="noreferrer"
              className="mt-3 inline-block font-bold text-indigo-700 underline underline-offset-2"
            >
              Ver comprovante do repasse
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {lateGift ? (
          <Link to={lateGift.href} className={buttonVariants()}>
            Doar para {lateGift.name}
          </Link>
        ) : null}
        <Link to="/eventos" className={buttonVariants({ variant: lateGift ? "secondary" : "primary" })}>
          Ver outras festas
        </Link>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          Voltar ao Início
        </Link>
      </div>
    </section>
  );
}
