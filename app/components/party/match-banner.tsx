import type { MatchBanner } from "~/domain/matching/match-banner";

/**
 * A matching sponsor's banner on the party page (decision 215), server-rendered with the loader's
 * pledge, then the live stream's newer one; its sentences come written by the server (the promised
 * money said apart from the money received). Only the party page imports it (/doar writes its
 * own line): shared, it would become a file of its own, and the party page's script budget is tight.
 */
export function MatchBannerBox({ match }: { match: MatchBanner | null }) {
  if (!match) return null;
  return (
    <aside className="mt-4 rounded-2xl bg-indigo-800 p-4 text-white" data-testid="patrocinio-dobro">
      <p className="flex items-center gap-3 font-extrabold">
        {match.sponsorLogoUrl ? (
          <img src={match.sponsorLogoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full bg-white" />
        ) : null}
        {match.headline}
      </p>
      <p className="mt-1 text-sm" aria-live="polite">
        {match.status}
      </p>
    </aside>
  );
}
