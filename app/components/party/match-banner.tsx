import { type MatchBanner, matchHeadline } from "~/domain/matching/match-banner";
import { formatCents } from "~/platform/money";
import { cn } from "~/platform/ui/cn";

/**
 * A matching sponsor's banner (decision 215), server-rendered with the loader's pledge; the party
 * page passes the live stream's newer one. The matched money is the sponsor's promise, said so: it
 * is not in the total raised until the sponsor pays.
 */
export function MatchBannerBox({ match, className }: { match: MatchBanner | null | undefined; className?: string }) {
  if (!match) return null;
  const promised = match.capCents - match.remainingCents;
  return (
    <aside
      aria-label={`Patrocínio de ${match.sponsorName}`}
      className={cn("rounded-2xl bg-indigo-800 p-4 text-white", className)}
      data-testid="patrocinio-dobro"
    >
      <p className="flex items-center gap-3 font-extrabold">
        {match.sponsorLogoUrl ? (
          <img
            src={match.sponsorLogoUrl}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 shrink-0 rounded-full bg-white object-contain"
          />
        ) : null}
        <span>{matchHeadline(match)}</span>
      </p>
      <p className="mt-1 text-sm" aria-live="polite">
        {match.remainingCents > 0 ? (
          <>
            Restam <strong data-testid="patrocinio-restante">{formatCents(match.remainingCents)}</strong> de patrocínio.
          </>
        ) : (
          "O patrocínio já foi todo usado. Obrigado!"
        )}{" "}
        {promised > 0 ? `${formatCents(promised)} prometidos pelo patrocinador (entram na arrecadação quando ele pagar).` : null}
      </p>
    </aside>
  );
}
