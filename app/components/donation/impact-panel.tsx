import { Heart } from "lucide-react";
import { type ImpactLines, PRESET_REAIS } from "~/domain/donations/donation-form";
import { cn } from "~/platform/ui/cn";

/** What each preset helps to pay for at the chosen cause (generic lines otherwise); the chosen one is highlighted. */
export function ImpactPanel({ selected, lines, className }: { selected: string; lines: ImpactLines; className?: string }) {
  return (
    <section aria-labelledby="impacto-titulo" className={cn("rounded-2xl border border-coral-100 bg-white p-6 shadow-soft", className)}>
      <h2 id="impacto-titulo" className="flex items-center gap-2 text-lg">
        <Heart size={22} strokeWidth={2} className="text-coral-600" aria-hidden="true" />O impacto da sua doação
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
              <span className="text-sm text-ink">{lines[reais]}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
