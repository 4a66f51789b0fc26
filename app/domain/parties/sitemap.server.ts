import { and, desc, eq, gte } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { oldestLiveEventDate } from "~/domain/parties/party-status";

/** A sitemap file holds at most 50,000 URLs; the public pages take a few of them. */
const SITEMAP_PARTY_LIMIT = 49_000;

/** Public party pages (active, until 5 days after the event) for sitemap.xml. */
export async function listLivePartiesForSitemap(today: string = todayInSaoPaulo()) {
  const { parties } = schema;
  return db
    .select({ shareCode: parties.shareCode, updatedAt: parties.updatedAt })
    .from(parties)
    .where(and(eq(parties.active, true), gte(parties.eventDate, oldestLiveEventDate(today))))
    .orderBy(desc(parties.updatedAt))
    .limit(SITEMAP_PARTY_LIMIT);
}
