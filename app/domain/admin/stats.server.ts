/**
 * The admin dashboard's figures. Totals come from the paid ledger (only `paga` counts) and the
 * parties' maintained totals, never from a scan per party.
 */
import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { oldestLiveEventDate } from "~/domain/parties";
import { FAMILIES_HELPED_KEY } from "~/domain/content/index.server";

const { donations, parties } = schema;

export async function countPaidDonations(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(donations).where(eq(donations.status, "paga"));
  return row?.n ?? 0;
}

/** Parties still public (active and not past the 5-day window), soonest event first. */
export async function listLivePartiesProgress(today: string) {
  return db
    .select({
      id: parties.id,
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      raisedCents: parties.raisedCents,
      goalCents: parties.goalCents,
      shareCode: parties.shareCode,
    })
    .from(parties)
    .where(and(eq(parties.active, true), gte(parties.eventDate, oldestLiveEventDate(today))))
    .orderBy(asc(parties.eventDate), asc(parties.name));
}

/** The newest paid gifts, by when they were paid. */
export async function listLatestPaidDonations(limit = 10) {
  return db
    .select({
      id: donations.id,
      donorName: donations.donorName,
      anonymous: donations.anonymous,
      amountCents: donations.amountCents,
      status: donations.status,
      createdAt: donations.createdAt,
      paidAt: donations.paidAt,
      partyName: parties.name,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .where(eq(donations.status, "paga"))
    .orderBy(desc(sql`coalesce(${donations.paidAt}, ${donations.createdAt})`))
    .limit(limit);
}

/**
 * Sets the "famílias ajudadas" figure the home, Histórias and Transparência pages show, with whose
 * report it comes from and that report's date (YYYY-MM-DD).
 */
export async function setFamiliesHelped(executor: Executor, value: { count: number; source: string; reportedOn: string }) {
  await executor
    .insert(schema.siteSettings)
    .values({ key: FAMILIES_HELPED_KEY, value })
    .onConflictDoUpdate({ target: schema.siteSettings.key, set: { value, updatedAt: sql`now()` } });
}
