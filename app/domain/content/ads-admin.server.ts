/** Sponsor ads as admins manage them (the public pick per placement lives in ads.server.ts). */
import { asc, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { AD_PLACEMENTS } from "~/domain/content/content-kinds";

const { sponsorAds } = schema;

export type AdInput = {
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  sponsor: string;
  imageUrl: string | null;
  placements: Array<(typeof AD_PLACEMENTS)[number]>;
  sortOrder: number;
};

export async function listAllAds() {
  return db
    .select({
      id: sponsorAds.id,
      title: sponsorAds.title,
      description: sponsorAds.description,
      ctaText: sponsorAds.ctaText,
      ctaUrl: sponsorAds.ctaUrl,
      sponsor: sponsorAds.sponsor,
      imageUrl: sponsorAds.imageUrl,
      placements: sponsorAds.placements,
      sortOrder: sponsorAds.sortOrder,
      active: sponsorAds.active,
    })
    .from(sponsorAds)
    .orderBy(asc(sponsorAds.sortOrder), asc(sponsorAds.createdAt));
}

export async function insertAd(executor: Executor, input: AdInput) {
  const [row] = await executor.insert(sponsorAds).values(input).returning({ id: sponsorAds.id });
  return row!;
}

export async function updateAd(executor: Executor, id: string, input: AdInput): Promise<boolean> {
  const rows = await executor.update(sponsorAds).set(input).where(eq(sponsorAds.id, id)).returning({ id: sponsorAds.id });
  return rows.length > 0;
}

export async function setAdActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor.update(sponsorAds).set({ active }).where(eq(sponsorAds.id, id)).returning({ title: sponsorAds.title });
  return row ?? null;
}
