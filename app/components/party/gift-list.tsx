import { Heart } from "lucide-react";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import type { PublicGift } from "~/domain/donations/gifts.server";
import { cn } from "~/platform/ui/cn";

/** Paid gifts as the public may see them: name or 'Doador Anônimo', the homage if allowed, message, date, amount. */
export function GiftList({ gifts, className, compact }: { gifts: PublicGift[]; className?: string; compact?: boolean }) {
  return (
    <ul className={cn("divide-y divide-coral-100", className)}>
      {gifts.map((g) => (
        <li key={g.id} className={cn("flex gap-3", compact ? "py-2.5" : "py-4")}>
          <span
            aria-hidden="true"
            className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-coral-50 text-coral-600"
          >
            <Heart size={18} strokeWidth={2} />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-bold text-ink">{g.name ?? "Doador Anônimo"}</p>
              <p className="font-extrabold text-paid">{formatCents(g.amountCents)}</p>
            </div>
            {g.honoree ? <p className="text-sm font-semibold text-coral-700">em homenagem a {g.honoree}</p> : null}
            {g.message ? <p className="mt-0.5 whitespace-pre-line text-ink/90">{g.message}</p> : null}
            <p className="mt-0.5 text-sm text-muted">{formatDate(g.createdAt)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
