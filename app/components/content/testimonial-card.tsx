import { Quote } from "lucide-react";
import { Badge } from "~/components/ui/badge";

export type Testimonial = { id: string; name: string; type: string; quote: string; event: string; impact: string };

const TONE: Record<string, "brand" | "info" | "paid"> = {
  "Festeiro Solidário": "brand",
  Beneficiado: "paid",
  "Assinante do Bem": "info",
};

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-coral-100 bg-white p-6 shadow-soft">
      <div className="flex items-center justify-between gap-2">
        <Badge tone={TONE[t.type] ?? "brand"}>{t.type}</Badge>
        <Quote size={22} strokeWidth={2} aria-hidden="true" className="text-coral-200" />
      </div>
      <blockquote className="mt-4 flex-1 text-ink">“{t.quote}”</blockquote>
      <figcaption className="mt-5 border-t border-coral-100 pt-4">
        <span className="block font-extrabold text-indigo-800">{t.name}</span>
        <span className="block text-sm text-muted">{t.event}</span>
        <span className="mt-1 block text-sm font-bold text-paid">{t.impact}</span>
      </figcaption>
    </figure>
  );
}
