import { formatCents } from "~/platform/money";

type Month = { month: string; label: string; grossCents: number; feeCents: number; netCents: number; paidOutCents: number };

/**
 * Received, fees, net and transferred per month, from the ledger: the dashboard and the public page
 * show the same table. Month names come from the loader: the shared client chunk stays without them.
 */
export function MonthlyLedgerTable({ months, empty }: { months: Month[]; empty: string }) {
  if (months.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return (
    <div
      role="region"
      aria-label="Tabela mês a mês"
      tabIndex={0}
      className="mt-2 overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
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
                {m.label}
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
