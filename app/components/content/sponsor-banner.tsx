import { ExternalLink } from "lucide-react";
import { cn } from "~/platform/ui/cn";
import type { SponsorAd } from "~/domain/content/ads.server";

/**
 * A sponsor's ad, picked by the page's loader with `getSponsorAd(placement)`. Renders nothing
 * when the loader found none, so pages can always include it.
 */
export function SponsorBanner({ ad, className }: { ad: SponsorAd | null | undefined; className?: string }) {
  if (!ad) return null;
  const external = !ad.ctaUrl.startsWith("/");
  return (
    <aside
      aria-label={`Patrocínio: ${ad.sponsor}`}
      className={cn(
        "flex flex-col items-center gap-4 overflow-hidden rounded-2xl border border-coral-100 bg-white p-4 shadow-soft sm:flex-row sm:p-5",
        className,
      )}
    >
      {ad.imageUrl ? (
        <img
          src={ad.imageUrl}
          alt=""
          width={160}
          height={120}
          loading="lazy"
          decoding="async"
          className="h-30 w-40 shrink-0 rounded-xl object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <p className="text-xs font-bold tracking-wide text-muted uppercase">Patrocinado · {ad.sponsor}</p>
        <p className="mt-1 text-lg font-extrabold text-indigo-800">{ad.title}</p>
        <p className="mt-1 text-sm text-muted">{ad.description}</p>
      </div>
      <a
        href={ad.ctaUrl}
        {...(external ? { target: "_blank", rel: "sponsored noopener noreferrer" } : {})}
        className="inline-flex h-11 shrink-0 items-center gap-2 rounded-full border-2 border-indigo-700 bg-white px-5 font-bold text-indigo-700 hover:bg-indigo-50"
      >
        {ad.ctaText}
        {external ? <ExternalLink size={16} strokeWidth={2} aria-hidden="true" /> : null}
        {external ? <span className="sr-only">(abre em nova aba)</span> : null}
      </a>
    </aside>
  );
}
