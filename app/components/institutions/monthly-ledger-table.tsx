import { monthName } from "~/platform/dates";
import { formatCents } from "~/platform/money";

type Month = { month: string; grossCents: number; feeCents: number; netCents: number; paidOutCents: number };

/** "2026-03" → "março de 2026". */
export function monthKeyLabel(key: string) {
  const [year, month] = key.split("-").map(Number) as [number, number];
  return `${monthName(month)} de ${year}`;
}

/** Received, fees, net and transferred per month, from the ledger: the dashboard and the public page show the same table. */
export function MonthlyLedgerTable({ months, empty }: { months: Month[]; empty: string }) {
  if (months.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full min-w-[520px] text-left text-sm">
        <thead>
          <tr className="border-b border-coral-100 text-muted">
            <th scope="col" className="py-2 pr-3 font-bold">
              Mês
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-bold">
              Recebido
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-bold">
              Taxas
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-bold">
              Líquido
            </th>
            <th scope="col" className="py-2 text-right font-bold">
              Repassado
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b border-coral-50">
              <th scope="row" className="py-2 pr-3 font-bold text-indigo-800 first-letter:uppercase">
                {monthKeyLabel(m.month)}
              </th>
              <td className="py-2 pr-3 text-right">{formatCents(m.grossCents)}</td>
              <td className="py-2 pr-3 text-right">{formatCents(m.feeCents)}</td>
              <td className="py-2 pr-3 text-right">{formatCents(m.netCents)}</td>
              <td className="py-2 text-right">{formatCents(m.paidOutCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
