/**
 * Sponsor ads: the ad for a page is chosen on the server (no flicker after hydration), at random
 * among the active ads an admin assigned to that placement. Pages call `getSponsorAd` from their
 * loader and render `<SponsorBanner ad={…} />` (app/components/content/sponsor-banner.tsx).
 */
import { and, arrayContains, asc, eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import type { AD_PLACEMENTS } from "~/domain/content/content-kinds";
import { safeRedirectPath } from "~/platform/http/safe-redirect";
import { cachedContent } from "~/platform/content-cache.server";

export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export type SponsorAd = {
  id: string;
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  sponsor: string;
  imageUrl: string | null;
};

const { sponsorAds } = schema;

export async function listActiveAdsForPlacement(placement: AdPlacement): Promise<SponsorAd[]> {
  return db
    .select({
      id: sponsorAds.id,
      title: sponsorAds.title,
      description: sponsorAds.description,
      ctaText: sponsorAds.ctaText,
      ctaUrl: sponsorAds.ctaUrl,
      sponsor: sponsorAds.sponsor,
      imageUrl: sponsorAds.imageUrl,
    })
    .from(sponsorAds)
    .where(and(eq(sponsorAds.active, true), arrayContains(sponsorAds.placements, [placement])))
    .orderBy(asc(sponsorAds.sortOrder), asc(sponsorAds.createdAt));
}

/** Links an ad may carry: http(s) or a same-site path; anything else (javascript:, data:…) is dropped. */
export function isSafeAdUrl(url: string): boolean {
  // A site path only when it stays a site path: "/\\evil.example" is "//evil.example" to a browser.
  if (url.startsWith("/")) return safeRedirectPath(url, "") !== "";
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

/** Picks one ad from the candidates; `random` returns [0, 1) and is injectable for tests. */
export function pickAd(candidates: readonly SponsorAd[], random: () => number = Math.random): SponsorAd | null {
  const usable = candidates
    .filter((ad) => isSafeAdUrl(ad.ctaUrl))
    .map((ad) => (ad.imageUrl && !isSafeAdUrl(ad.imageUrl) ? { ...ad, imageUrl: null } : ad));
  if (usable.length === 0) return null;
  const index = Math.min(usable.length - 1, Math.floor(random() * usable.length));
  return usable[index]!;
}

/** The ad to show on a page, or null when no active ad targets it. Call from a loader. */
export async function getSponsorAd(placement: AdPlacement, random: () => number = Math.random): Promise<SponsorAd | null> {
  // The placement's ads are kept in memory a few seconds (admin changes drop them); drawn per call.
  return pickAd(await cachedContent(`ads:${placement}`, () => listActiveAdsForPlacement(placement)), random);
}
