import type { loadDonationsPanel } from "~/domain/donations/index.server";
import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { DonationStatusBadge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField } from "~/components/ui/field";
import { adminHref } from "./tabs";
import { formatCalendarDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { Pagination, ResultNotice, ScrollTable, tdClass, thClass, useSavedKey } from "./common";
import { RefundCell } from "./refunds";
import { FlaggedPixPayments, UnmatchedEvents } from "./unmatched-events";

export function DonationsTab({ data }: { data: Awaited<ReturnType<typeof loadDonationsPanel>> }) {
  const { filter, rows, parties, statuses, page, pageSize, total } = data;
  const filterParams = { status: filter.status, festa: filter.partyId };
  const csvSearch = new URLSearchParams(Object.entries(filterParams).filter((e): e is [string, string] => Boolean(e[1])));
  const csvHref = `/admin/doacoes.csv${csvSearch.size ? `?${csvSearch}` : ""}`;
  // After a refund is asked, every row's form starts closed and empty again.
  const refundKey = useSavedKey("refundDonation");
  return (
    <div className="space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-4 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft">
        <SelectField label="Status" name="status" defaultValue={filter.status ?? ""} className="w-full sm:w-48">
          <option value="">Todos</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label="Festa" name="festa" defaultValue={filter.partyId ?? ""} className="w-full sm:w-80">
          <option value="">Todas as festas</option>
          {parties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({formatCalendarDate(p.eventDate)})
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary">
            Filtrar
          </Button>
          <a href={csvHref} download className={buttonVariants({ variant: "ghost" })}>
            <Download size={18} strokeWidth={2} aria-hidden="true" />
            Exportar CSV
          </a>
        </div>
      </Form>

      <ResultNotice intents={["refundDonation"]} />
      {rows.length === 0 ? (
        <EmptyState title="Nenhuma doação encontrada." description={filter.status || filter.partyId ? "Tente outros filtros." : undefined}>
          {filter.status || filter.partyId ? (
            <Link to={adminHref("doacoes")} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Limpar filtros
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ScrollTable label="Histórico de doações" minWidth={1200}>
          <thead>
            <tr>
              <th className={thClass}>Doador</th>
              <th className={thClass}>E-mail</th>
              <th className={thClass}>Mensagem</th>
              <th className={thClass}>Festa</th>
              <th className={thClass}>Data e hora</th>
              <th className={`${thClass} text-right`}>Valor bruto</th>
              <th className={`${thClass} text-right`}>Taxa coberta pelo doador</th>
              <th className={`${thClass} text-right`}>Taxa do provedor</th>
              <th className={`${thClass} text-right`}>Taxa da plataforma</th>
              <th className={`${thClass} text-right`}>Líquido</th>
              <th className={thClass}>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td className={`${tdClass} font-bold`}>{d.anonymous || !d.donorName ? "Doação Anônima" : d.donorName}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{d.donorEmail ?? <span className="text-muted">—</span>}</td>
                <td className={`${tdClass} max-w-xs break-words whitespace-pre-line`}>
                  {d.message ?? <span className="text-muted">—</span>}
                </td>
                <td className={tdClass}>{d.partyName ?? <span className="text-muted">Doação direta</span>}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(d.createdAt)}</td>
                {/* Paid: the row's gross (the gift, plus the fee its donor covered, decision 216). */}
                <td className={`${tdClass} text-right font-bold whitespace-nowrap`}>{formatCents(d.grossCents ?? d.amountCents)}</td>
                <LedgerCell cents={d.feeCoveredCents} paid={d.netCents !== null} />
                <LedgerCell cents={d.providerFeeCents} paid={d.netCents !== null} unknown="não informada" />
                <LedgerCell cents={d.platformFeeCents} paid={d.netCents !== null} />
                <LedgerCell cents={d.netCents} paid={d.netCents !== null} />
                {/* The badge and "Reembolsar" never break mid-word; the refund form inside wraps. */}
                <td className={`${tdClass} whitespace-nowrap`}>
                  <DonationStatusBadge status={d.status} />
                  <RefundCell key={`${refundKey}-${d.id}`} row={d} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} href={(p) => adminHref("doacoes", { ...filterParams, pagina: p })} />
      <FlaggedPixPayments rows={data.flaggedPix} />
      <UnmatchedEvents rows={data.unmatched} />
    </div>
  );
}

/**
 * A figure of the gift's paid ledger row (decision 206): "—" before the gift was paid; a paid
 * gift whose provider did not report its fee says so. The net is what the institution receives
 * (the gross less the platform's fee); the provider's fee comes out of the platform's.
 */
function LedgerCell({ cents, paid, unknown }: { cents: number | null; paid: boolean; unknown?: string }) {
  return (
    <td className={`${tdClass} text-right whitespace-nowrap`}>
      {cents !== null ? formatCents(cents) : <span className="text-muted">{paid && unknown ? unknown : "—"}</span>}
    </td>
  );
}
