import { PLANS, type PlanId } from "~/domain/subscriptions/plans";
import { cn } from "~/platform/ui/cn";
import { BAND_COLORS, BAND_ICONS, subscribersLabel } from "./plan-sections";

export type MuralBand = { plan: PlanId; name: string; band: string; subscribers: number; names: string[] };

/** The ranking with the mural: one block per band, highest first, with who chose to appear. */
export function SupportersMural({ bands, muralPlans }: { bands: MuralBand[]; muralPlans: string }) {
  return (
    <ol className="grid gap-6">
      {bands.map((band) => {
        const Icon = BAND_ICONS[band.plan];
        const hasMural = PLANS.find((p) => p.id === band.plan)?.benefits.includes("mural");
        return (
          <li
            key={band.plan}
            className="rounded-2xl border border-coral-100 bg-white p-5 shadow-soft md:p-6"
            aria-labelledby={`faixa-${band.plan}`}
          >
            <div className="flex flex-wrap items-center gap-4">
              <span className={cn("flex h-12 w-12 shrink-0 items-center justify-center rounded-full", BAND_COLORS[band.plan])}>
                <Icon size={24} strokeWidth={2} aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <h2 id={`faixa-${band.plan}`} className="text-xl md:text-2xl">
                  {band.name}
                </h2>
                <p className="text-sm text-muted">{band.band} por mês</p>
              </div>
              <p className="text-lg font-extrabold text-indigo-800">{subscribersLabel(band.subscribers)}</p>
            </div>
            {hasMural ? (
              band.names.length > 0 ? (
                <ul className="mt-4 flex flex-wrap gap-2" aria-label={`Apoiadores do Plano ${band.name}`}>
                  {band.names.map((name, i) => (
                    <li
                      key={`${name}-${i}`}
                      className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold break-words text-indigo-800"
                    >
                      {name}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-4 text-sm text-muted">Ninguém desta faixa escolheu aparecer no mural ainda.</p>
              )
            ) : (
              <p className="mt-4 text-sm text-muted">O nome no mural faz parte dos planos {muralPlans}.</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
