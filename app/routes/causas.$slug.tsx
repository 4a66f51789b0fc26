import { data, Link } from "react-router";
import type { Route } from "./+types/causas.$slug";
import { DonateLink } from "~/components/causes/organization";
import { VerifiedMark } from "~/components/causes/institution";
import { MonthlyLedgerTable } from "~/components/institutions/monthly-ledger-table";
import { monthKeyLabel } from "~/domain/content/report-month";
import { Badge } from "~/components/ui/badge";
import { PageHeader } from "~/components/ui/page-header";
import { listPublishedUpdates } from "~/domain/impact/institution-updates.server";
import { institutionMonths, institutionPayoutRows, institutionTotals } from "~/domain/ledger/institution-ledger.server";
import { formatCnpj } from "~/domain/organizations/cnpj-format";
import { findPublicOrganization } from "~/domain/organizations/organizations.server";
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { publicPageHeaders } from "~/platform/http/cache-headers";
import { formatCents } from "~/platform/money";
import { seoMeta } from "~/platform/ui/seo";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? seoMeta(args, {
        title: `${args.data.org.name}: prestação de contas`,
        description: `O que ${args.data.org.name} recebeu pela Festa Solidária, mês a mês, as taxas, os repasses e as notícias do trabalho.`,
      })
    : [{ title: "Instituição não encontrada — Festa Solidária" }];

/** An institution's public profile and its books (decision 190): every figure from the ledger, no donor data. */
export async function loader({ params }: Route.LoaderArgs) {
  const org = await findPublicOrganization(params.slug);
  if (!org) throw data({ error: "Instituição não encontrada" }, { status: 404 });
  const [totals, months, payouts, updates] = await Promise.all([
    institutionTotals(org.id),
    institutionMonths(org.id, 12),
    institutionPayoutRows(org.id),
    listPublishedUpdates(org.id),
  ]);
  return {
    org,
    totals,
    months: months.map((m) => ({ ...m, label: monthKeyLabel(m.month) })),
    // Date and amounts only: a proof shows bank details, so it stays with the team (decision 190).
    payouts: payouts.slice(0, 24).map((p) => ({
      id: p.payoutId,
      transferredAt: p.transferredAt,
      netCents: p.netCents,
      subject: p.partyName
        ? `Festa ${p.partyName}`
        : `Doações diretas e mensalidades${p.periodEnd ? ` até ${formatCalendarDate(p.periodEnd)}` : ""}`,
      hasProof: p.hasProof,
    })),
    updates: updates.map((u) => ({ ...u, monthLabel: monthKeyLabel(u.month) })),
  };
}

const figure = "rounded-2xl bg-cream p-4";

export default function InstitutionPublicPage({ loaderData }: Route.ComponentProps) {
  const { org, totals, months, payouts, updates } = loaderData;
  return (
    <>
      <PageHeader eyebrow={org.causeName ?? "Instituição"} title={org.name} description={org.description} />
      <div className="mx-auto max-w-5xl space-y-8 px-4 pb-16">
        <section aria-label="Sobre a instituição" className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6">
          <div className="flex flex-wrap gap-2">
            {org.isMain ? <Badge tone="info">Instituição apoiada</Badge> : null}
            {org.verifiedAt ? <VerifiedMark /> : null}
          </div>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {org.legalName ? (
              <>
                <dt className="font-bold text-indigo-800">Razão social</dt>
                <dd>{org.legalName}</dd>
              </>
            ) : null}
            <dt className="font-bold text-indigo-800">CNPJ</dt>
            <dd>{org.cnpj ? formatCnpj(org.cnpj) : "não informado"}</dd>
            <dt className="font-bold text-indigo-800">Verificada desde</dt>
            <dd>{org.verifiedAt ? formatDate(org.verifiedAt) : "em verificação"}</dd>
            <dt className="font-bold text-indigo-800">Cidade</dt>
            <dd>
              {org.city} - {org.state}
            </dd>
          </dl>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <DonateLink org={org} />
            <Link to="/causas" className="font-bold text-indigo-700 underline underline-offset-4">
              Ver todas as causas
            </Link>
          </div>
        </section>

        <section aria-labelledby="prestacao" className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6">
          <h2 id="prestacao" className="text-2xl">
            Prestação de contas
          </h2>
          <p className="mt-1 text-sm text-muted">
            Números do livro-caixa da Festa Solidária, atualizados a cada pagamento: o que a instituição recebeu, a taxa da plataforma e o
            que já foi transferido. Reembolsos entram no mês em que aconteceram.
          </p>
          <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className={figure}>
              <p className="text-sm font-bold text-muted">Recebido</p>
              <p className="text-xl font-extrabold text-indigo-800">{formatCents(totals.grossCents)}</p>
            </div>
            <div className={figure}>
              <p className="text-sm font-bold text-muted">Taxas da plataforma</p>
              <p className="text-xl font-extrabold text-indigo-800">{formatCents(totals.feeCents)}</p>
            </div>
            <div className={figure}>
              <p className="text-sm font-bold text-muted">Repassado</p>
              <p className="text-xl font-extrabold text-indigo-800">{formatCents(totals.paidOutCents)}</p>
            </div>
            <div className={figure}>
              <p className="text-sm font-bold text-muted">A repassar</p>
              <p className="text-xl font-extrabold text-indigo-800">{formatCents(totals.balanceCents)}</p>
            </div>
          </div>
          <h3 className="mt-6 text-lg font-extrabold text-indigo-800">Mês a mês (últimos 12 meses com movimento)</h3>
          <MonthlyLedgerTable months={months} empty="Nenhuma doação recebida ainda." />

          <h3 className="mt-6 text-lg font-extrabold text-indigo-800">Repasses</h3>
          {payouts.length === 0 ? (
            <p className="mt-2 text-sm text-muted">Nenhum repasse ainda.</p>
          ) : (
            <ul className="mt-2 divide-y divide-coral-100">
              {payouts.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <span>
                    <strong className="text-indigo-800">{formatDate(p.transferredAt)}</strong> · {p.subject}
                    {p.hasProof ? <span className="text-muted"> · comprovante conferido</span> : null}
                  </span>
                  <span className="font-bold">{formatCents(p.netCents)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-muted">
            Os comprovantes bancários mostram dados de conta, por isso ficam com a equipe da instituição; aqui mostramos a data e o valor de
            cada transferência.
          </p>
        </section>

        <section aria-labelledby="noticias" className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6">
          <h2 id="noticias" className="text-2xl">
            Notícias do trabalho
          </h2>
          {updates.length === 0 ? (
            <p className="mt-2 text-sm text-muted">A instituição ainda não publicou atualizações.</p>
          ) : (
            <ul className="mt-3 space-y-4">
              {updates.map((u) => (
                <li key={u.id}>
                  <p className="text-xs font-bold text-coral-700 uppercase">{u.monthLabel}</p>
                  <h3 className="text-lg font-extrabold text-indigo-800">{u.title}</h3>
                  <p className="mt-1 whitespace-pre-line">{u.body}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
