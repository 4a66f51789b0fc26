/**
 * Sponsor ads as admins manage them (the public pick per placement lives in ads.server.ts): the
 * Anúncios tab's list and its audited changes, each in one transaction with its audit entry.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { auditedChange } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";
import { AD_PLACEMENTS } from "~/domain/content/content-kinds";

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

async function listAllAds() {
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

async function insertAdRow(executor: Executor, input: AdInput) {
  const [row] = await executor.insert(sponsorAds).values(input).returning({ id: sponsorAds.id });
  return row!;
}

async function updateAdRow(executor: Executor, id: string, input: AdInput): Promise<boolean> {
  const rows = await executor.update(sponsorAds).set(input).where(eq(sponsorAds.id, id)).returning({ id: sponsorAds.id });
  return rows.length > 0;
}

async function updateAdActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor.update(sponsorAds).set({ active }).where(eq(sponsorAds.id, id)).returning({ title: sponsorAds.title });
  return row ?? null;
}

/** The Anúncios tab: every ad, and the one being edited (`editId`, from the page's address) if it exists. */
export async function loadAdsPanel(editId: string | null) {
  const id = z.uuid().safeParse(editId);
  const ads = await listAllAds();
  const editing = id.success ? (ads.find((a) => a.id === id.data) ?? null) : null;
  return { ads, editing, placements: AD_PLACEMENTS };
}

export async function createAd(actorUserId: string, input: AdInput) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await insertAdRow(tx, input);
    await audit({ action: "ad.create", entity: "sponsor_ad", entityId: row.id, details: input });
    return row;
  });
}

/** False when the ad no longer exists. */
export async function updateAd(actorUserId: string, id: string, input: AdInput): Promise<boolean> {
  return auditedChange(actorUserId, async (tx, audit) => {
    if (!(await updateAdRow(tx, id, input))) return false;
    await audit({ action: "ad.update", entity: "sponsor_ad", entityId: id, details: input });
    return true;
  });
}

/** The "Ativa" switch: the ad's title, or null when it no longer exists. */
export async function setAdActive(actorUserId: string, id: string, active: boolean) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await updateAdActive(tx, id, active);
    if (row)
      await audit({ action: active ? "ad.activate" : "ad.deactivate", entity: "sponsor_ad", entityId: id, details: { title: row.title } });
    return row;
  });
}
