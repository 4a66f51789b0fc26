import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextField } from "~/components/ui/field";
import type { GiftFilterValues } from "~/domain/ledger/gift-filters";
import { donorLabel, GIFT_SOURCE_LABELS, GIFT_SOURCES, giftFilterQuery, type GiftSource, movementLabel } from "~/domain/ledger/gift-list";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";

type Gift = {
  id: string;
  kind: string;
  occurredAt: Date | string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  partyName: string | null;
  donorName: string | null;
  source: GiftSource;
};
type Sums = { grossCents: number; feeCents: number; netCents: number };

/** The gifts received, filtered by period, origin and party (a GET form), with their sums and the CSV of the same filter. */
export function DashboardGifts({
  slug,
  filters,
  gifts,
  parties,
}: {
  slug: string;
  filters: GiftFilterValues;
  gifts: { rows: Gift[]; count: number; totals: Sums };
  parties: { id: string; name: string }[];
}) {
  const query = giftFilterQuery(filters);
  const filtered = query !== "";
  return (
    <section aria-labelledby="doacoes" className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="doacoes" className="text-xl">
          Doações recebidas
        </h2>
        <a href={`/ong/${slug}/painel/doacoes.csv${query}`} className={buttonVariants({ variant: "secondary", size: "sm" })} download>
          <Download size={16} aria-hidden="true" /> Baixar CSV
        </a>
      </div>
      <Form method="get" preventScrollReset className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.4fr_auto] lg:items-end">
        <TextField label="De" name="de" type="date" defaultValue={filters.de ?? ""} key={`de-${filters.de}`} />
        <TextField label="Até" name="ate" type="date" defaultValue={filters.ate ?? ""} key={`ate-${filters.ate}`} />
        <SelectField label="Origem" name="origem" defaultValue={filters.origem ?? ""} key={`o-${filters.origem}`}>
          <option value="">Todas</option>
          {GIFT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {GIFT_SOURCE_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Festa" name="festa" defaultValue={filters.festa ?? ""} key={`f-${filters.festa}`}>
          <option value="">Todas as festas</option>
          {parties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonVariants({ size: "md" })}>
          Filtrar
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm font-semibold text-muted">
        {gifts.count === 1 ? "1 lançamento" : `${gifts.count} lançamentos`} · bruto {formatCents(gifts.totals.grossCents)} · taxas{" "}
        {formatCents(gifts.totals.feeCents)} · líquido {formatCents(gifts.totals.netCents)}
        {filtered ? (
          <>
            {" · "}
            <Link to={`/ong/${slug}/painel`} preventScrollReset className="text-indigo-700 underline underline-offset-4">
              Limpar filtros
            </Link>
          </>
        ) : null}
      </p>
      {gifts.rows.length === 0 ? (
        <EmptyState
          className="mt-4"
          icon="💌"
          title={filtered ? "Nenhuma doação neste filtro" : "Nenhuma doação recebida ainda"}
          description={filtered ? "Mude o período, a origem ou a festa." : "Quando alguém doar para a instituição, a doação aparece aqui."}
        />
      ) : (
        <div
          role="region"
          aria-label="Tabela de doações"
          tabIndex={0}
          className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead>
              <tr className="border-b border-coral-100 text-muted">
                {["Data", "Movimento", "Doador", "Festa"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3 font-bold">
                    {h}
                  </th>
                ))}
                {["Bruto", "Taxa", "Líquido"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3 text-right font-bold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {gifts.rows.map((g) => (
                <tr key={g.id} className="border-b border-coral-50">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDate(g.occurredAt)}</td>
                  <td className="py-2 pr-3">
                    {movementLabel(g.kind)} <span className="text-muted">· {GIFT_SOURCE_LABELS[g.source]}</span>
                  </td>
                  <td className="py-2 pr-3">{donorLabel(g)}</td>
                  <td className="py-2 pr-3">{g.partyName ?? "—"}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatCents(g.grossCents)}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatCents(g.feeCents)}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatCents(g.netCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {gifts.count > gifts.rows.length ? (
            <p className="mt-2 text-sm text-muted">
              Mostrando os {gifts.rows.length} mais recentes. O CSV traz todos os {gifts.count} lançamentos do filtro.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
