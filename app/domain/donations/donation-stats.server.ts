/** Paid gifts as the admin dashboard counts and lists them (only `paga` counts). */
import { count, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { donations, parties } = schema;

export async function countPaidDonations(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(donations).where(eq(donations.status, "paga"));
  return row?.n ?? 0;
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
