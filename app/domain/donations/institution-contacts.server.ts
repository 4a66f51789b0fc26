/**
 * The donors who agreed, at the gift, to share their name and e-mail with the institution that
 * received it (`donations.shares_contact`, off by default, never on an anonymous gift; decision
 * 190). Only paid gifts; the institution is the one the gift's ledger row names.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { donations, ledgerEntries } = schema;

export async function listSharedContacts(organizationId: string, executor: Executor = db) {
  const email = sql<string>`lower(${donations.donorEmail})`;
  const last = sql<Date>`max(${donations.paidAt})`.mapWith((v: string | Date) => new Date(v));
  return executor
    .select({
      email,
      name: sql<string>`(array_agg(${donations.donorName} order by ${donations.paidAt} desc))[1]`,
      gifts: sql<number>`count(*)`.mapWith(Number),
      lastGiftAt: last,
    })
    .from(donations)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.donationId, donations.id),
        eq(ledgerEntries.kind, "gift_paid"),
        eq(ledgerEntries.organizationId, organizationId),
      ),
    )
    .where(and(eq(donations.sharesContact, true), eq(donations.status, "paga"), sql`${donations.donorEmail} is not null`))
    .groupBy(email)
    .orderBy(desc(sql`max(${donations.paidAt})`))
    .limit(500);
}
