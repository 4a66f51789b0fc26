import { HeartHandshake } from "lucide-react";
import { PRESET_IMPACT, PRESET_REAIS } from "~/lib/donation-form";
import { cn } from "~/lib/utils";

/** What each preset helps to pay for; the chosen one is highlighted. */
export function ImpactPanel({ selected, className }: { selected: string; className?: string }) {
  return (
    <section aria-labelledby="impacto-titulo" className={cn("rounded-2xl border border-coral-100 bg-white p-6 shadow-soft", className)}>
      <h2 id="impacto-titulo" className="flex items-center gap-2 text-lg">
        <HeartHandshake size={22} strokeWidth={2} className="text-coral-600" aria-hidden="true" />
        O impacto da sua doação
      </h2>
      <ul className="mt-4 space-y-2">
        {PRESET_REAIS.map((reais) => {
          const active = selected === String(reais);
          return (
            <li
              key={reais}
              aria-current={active ? "true" : undefined}
              className={cn("flex gap-3 rounded-xl p-3 transition-colors", active ? "bg-coral-50 ring-2 ring-coral-200" : "")}
            >
              <span className={cn("w-16 shrink-0 font-extrabold", active ? "text-coral-700" : "text-indigo-800")}>R$ {reais}</span>
              <span className="text-sm text-ink">{PRESET_IMPACT[reais]}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
