import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import type { MoneyLine, MoneyStates } from "~/domain/payouts/institution-money";
import { MonthlyLedgerTable } from "./monthly-ledger-table";

type Totals = { grossCents: number; feeCents: number; netCents: number; paidOutCents: number; balanceCents: number };
type Month = { month: string; label: string; grossCents: number; feeCents: number; netCents: number; paidOutCents: number };

/** The institution's money by state (a receber, liberado para repasse, repassado), with dates, and its months. */
export function DashboardMoney({ money, totals, months }: { money: MoneyStates; totals: Totals; months: Month[] }) {
  return (
    <section aria-labelledby="dinheiro" className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6">
      <h2 id="dinheiro" className="text-xl">
        Dinheiro da instituição
      </h2>
      <p className="mt-1 text-sm text-muted">
        Tudo lido do livro-caixa: {formatCents(totals.grossCents)} recebidos, {formatCents(totals.feeCents)} de taxa da plataforma,{" "}
        {formatCents(totals.netCents)} líquidos.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <StateCard
          title="A receber"
          cents={money.receivable.netCents}
          lines={money.receivable.lines}
          datePrefix="libera em"
          hint="Ainda não liquidado pela operadora de pagamento. Pix: liberado após o prazo do MED."
        />
        <StateCard
          title="Liberado para repasse"
          cents={money.released.netCents}
          lines={money.released.lines}
          datePrefix="repasse até"
          hint="Liquidado: a equipe transfere em até 3 dias úteis."
        />
        <StateCard
          title="Repassado"
          cents={money.paidOutCents}
          lines={[]}
          datePrefix=""
          hint="Transferido para a conta da instituição, com comprovante."
        />
      </div>
      <DebtLines debt={money.debt} />
      <h3 className="mt-6 text-lg font-extrabold text-indigo-800">Mês a mês</h3>
      <MonthlyLedgerTable months={months} empty="Nenhuma doação recebida ainda." />
    </section>
  );
}

/** Money taken back after it was transferred (decision 208): shown until a transfer covers it. */
function DebtLines({ debt }: { debt: MoneyStates["debt"] }) {
  if (debt.medCents <= 0 && debt.otherCents <= 0) return null;
  return (
    <ul className="mt-4 space-y-1 rounded-2xl bg-coral-50 p-4 text-sm font-bold text-coral-700">
      {debt.medCents > 0 ? <li>Débito de MED: {formatCents(debt.medCents)} (descontado no próximo repasse)</li> : null}
      {debt.otherCents > 0 ? <li>Débito de estornos: {formatCents(debt.otherCents)} (descontado no próximo repasse)</li> : null}
    </ul>
  );
}

function StateCard({
  title,
  cents,
  lines,
  datePrefix,
  hint,
}: {
  title: string;
  cents: number;
  lines: MoneyLine[];
  datePrefix: string;
  hint: string;
}) {
  return (
    <div className="rounded-2xl bg-cream p-4">
      <h3 className="text-sm font-bold text-muted">{title}</h3>
      <p className="mt-1 text-2xl font-extrabold text-indigo-800">{formatCents(cents)}</p>
      <p className="mt-1 text-xs text-muted">{hint}</p>
      {lines.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {lines.map((line) => (
            <li key={`${line.label}-${line.date}`} className="flex justify-between gap-2">
              <span className="min-w-0 break-words">
                {line.label}{" "}
                <span className="text-muted">
                  · {datePrefix} {formatCalendarDate(line.date)}
                </span>
              </span>
              <span className="shrink-0 font-bold">{formatCents(line.netCents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
