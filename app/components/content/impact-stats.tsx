import { CalendarHeart, HandCoins, HeartHandshake, Users } from "lucide-react";
import { formatCalendarDate } from "~/platform/dates";
import { formatCentsShort } from "~/platform/money";
import type { FamiliesReport, ImpactFigures } from "~/domain/content/impact.server";

const number = (n: number) => n.toLocaleString("pt-BR");

/** "Segundo Relatório anual da AADORA, 31/10/2026": whose figure it is, and of when. */
export function familiesReportLine(report: FamiliesReport): string {
  const date = formatCalendarDate(report.reportedOn);
  return report.source ? `Segundo ${report.source}, ${date}` : `Informado pelas instituições em ${date}`;
}

const LIVE_FIGURES_NOTE = "Arrecadados, festas e assinantes: calculados agora a partir dos pagamentos confirmados.";

/**
 * The public impact figures (home, histórias). Three are computed live from the ledger and the
 * data; "famílias ajudadas" is the institutions' own report, so it carries its source and date, and
 * without a report it is not shown at all.
 */
export function ImpactStats({ figures, className }: { figures: ImpactFigures; className?: string }) {
  const items = [
    ...(figures.familiesReport && figures.familiesHelped > 0
      ? [
          {
            icon: HeartHandshake,
            value: number(figures.familiesHelped),
            label: "Famílias ajudadas",
            note: familiesReportLine(figures.familiesReport),
          },
        ]
      : []),
    { icon: HandCoins, value: formatCentsShort(figures.raisedCents), label: "Arrecadados", note: null },
    { icon: CalendarHeart, value: number(figures.parties), label: "Festas criadas", note: null },
    { icon: Users, value: number(figures.activeSubscribers), label: "Assinantes ativos", note: null },
  ];
  return (
    <div className={className}>
      <dl className={`grid grid-cols-2 gap-4 ${items.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
        {items.map(({ icon: Icon, value, label, note }) => (
          <div key={label} className="flex flex-col items-center rounded-2xl border border-coral-100 bg-white p-5 text-center shadow-soft">
            <Icon size={28} strokeWidth={2} aria-hidden="true" className="text-coral-600" />
            <dt className="order-last mt-1 text-sm font-semibold text-muted">{label}</dt>
            <dd className="mt-2 text-2xl font-extrabold text-indigo-800 md:text-3xl">{value}</dd>
            {/* Whose figure it is, under its label. */}
            {note ? <dd className="order-last mt-1 text-xs text-muted">{note}</dd> : null}
          </div>
        ))}
      </dl>
      <p className="mt-3 text-center text-xs text-muted">{LIVE_FIGURES_NOTE}</p>
    </div>
  );
}
