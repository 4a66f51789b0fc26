import { CalendarHeart, HandCoins, HeartHandshake, Users } from "lucide-react";
import { formatCentsShort } from "~/platform/money";
import type { ImpactFigures } from "~/domain/content/impact.server";

const number = (n: number) => n.toLocaleString("pt-BR");

/** The four public impact figures (home, histórias), all computed from the data. */
export function ImpactStats({ figures, className }: { figures: ImpactFigures; className?: string }) {
  const items = [
    { icon: HeartHandshake, value: number(figures.familiesHelped), label: "Famílias ajudadas" },
    { icon: HandCoins, value: formatCentsShort(figures.raisedCents), label: "Arrecadados" },
    { icon: CalendarHeart, value: number(figures.parties), label: "Festas criadas" },
    { icon: Users, value: number(figures.activeSubscribers), label: "Assinantes ativos" },
  ];
  return (
    <dl className={`grid grid-cols-2 gap-4 lg:grid-cols-4 ${className ?? ""}`}>
      {items.map(({ icon: Icon, value, label }) => (
        <div key={label} className="flex flex-col items-center rounded-2xl border border-coral-100 bg-white p-5 text-center shadow-soft">
          <Icon size={28} strokeWidth={2} aria-hidden="true" className="text-coral-600" />
          <dt className="order-last mt-1 text-sm font-semibold text-muted">{label}</dt>
          <dd className="mt-2 text-2xl font-extrabold text-indigo-800 md:text-3xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
