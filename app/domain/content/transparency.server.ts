/**
 * Where the paid money went, for /transparencia and the monthly PDF reports. Only `paga` gifts
 * count (decisions.md); a gift's cause is its party's cause, or its NGO's for a gift without a
 * party. Donor names and e-mails are never selected here: reports are public.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, sum, type SQL } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";

const { donations, parties, organizations, causes, subscriptionCharges, payouts } = schema;

export type Range = { from: Date; to: Date };

const paidAt = sql`coalesce(${donations.paidAt}, ${donations.statusChangedAt})`;

function paidWhere(range?: Range): SQL {
  const where = [eq(donations.status, "paga")];
  if (range) where.push(gte(paidAt, range.from), lt(paidAt, range.to));
  return and(...where)!;
}

/** Paid gifts grouped by cause, largest first; `causeName` null for gifts with no cause. */
export async function paidDonationsByCause(range?: Range) {
  const causeId = sql<string | null>`coalesce(${parties.causeId}, ${organizations.causeId})`;
  return db
    .select({
      causeId: causes.id,
      causeName: causes.name,
      totalCents: sum(donations.amountCents).mapWith(Number),
      gifts: count(),
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(causes, eq(causes.id, causeId))
    .where(paidWhere(range))
    .groupBy(causes.id, causes.name)
    .orderBy(desc(sum(donations.amountCents)), asc(causes.name));
}

/** Paid gifts per party in a period (gifts made through /doar without a party are left out). */
export async function paidDonationsByParty(range: Range) {
  return db
    .select({
      partyId: parties.id,
      partyName: parties.name,
      causeName: causes.name,
      totalCents: sum(donations.amountCents).mapWith(Number),
      gifts: count(),
    })
    .from(donations)
    .innerJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(causes, eq(causes.id, parties.causeId))
    .where(paidWhere(range))
    .groupBy(parties.id, parties.name, causes.name)
    .orderBy(desc(sum(donations.amountCents)), asc(parties.name));
}

export async function sumPaidDonationsBetween(range: Range) {
  const [row] = await db
    .select({ totalCents: sum(donations.amountCents).mapWith(Number), gifts: count() })
    .from(donations)
    .where(paidWhere(range));
  return { totalCents: row?.totalCents ?? 0, gifts: row?.gifts ?? 0 };
}

export async function sumSubscriptionChargesBetween(range: Range) {
  const [row] = await db
    .select({ totalCents: sum(subscriptionCharges.amountCents).mapWith(Number), charges: count() })
    .from(subscriptionCharges)
    .where(and(gte(subscriptionCharges.paidAt, range.from), lt(subscriptionCharges.paidAt, range.to)));
  return { totalCents: row?.totalCents ?? 0, charges: row?.charges ?? 0 };
}

/** Payouts an admin marked as transferred in the period, oldest first. */
export async function listPayoutsTransferredBetween(range: Range) {
  return db
    .select({
      partyName: parties.name,
      organizationName: organizations.name,
      grossCents: payouts.grossCents,
      feeCents: payouts.feeCents,
      netCents: payouts.netCents,
      transferredAt: payouts.transferredAt,
    })
    .from(payouts)
    .innerJoin(parties, eq(parties.id, payouts.partyId))
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .where(and(eq(payouts.status, "transferido"), gte(payouts.transferredAt, range.from), lt(payouts.transferredAt, range.to)))
    .orderBy(asc(payouts.transferredAt));
}

/** All transfers made so far: how many and how much reached the institutions. */
export async function sumTransferredPayouts() {
  const [row] = await db
    .select({ netCents: sum(payouts.netCents).mapWith(Number), transfers: count() })
    .from(payouts)
    .where(and(eq(payouts.status, "transferido"), isNotNull(payouts.transferredAt)));
  return { netCents: row?.netCents ?? 0, transfers: row?.transfers ?? 0 };
}

export async function countActiveOrganizations() {
  const [row] = await db.select({ n: count() }).from(organizations).where(eq(organizations.active, true));
  return row?.n ?? 0;
}
