/** The full donation history for admins: the only place donor e-mails are shown. */
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import type { DONATION_STATUSES } from "~/domain/donations/donation-status";

const { donations, parties, ledgerEntries } = schema;

export type DonationFilter = {
  status?: (typeof DONATION_STATUSES)[number];
  partyId?: string;
};

function whereOf(filter: DonationFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(donations.status, filter.status));
  if (filter.partyId) where.push(eq(donations.partyId, filter.partyId));
  return where.length ? and(...where) : undefined;
}

const columns = {
  id: donations.id,
  receiptNumber: donations.receiptNumber,
  donorName: donations.donorName,
  donorEmail: donations.donorEmail,
  anonymous: donations.anonymous,
  message: donations.message,
  amountCents: donations.amountCents,
  status: donations.status,
  createdAt: donations.createdAt,
  partyId: donations.partyId,
  partyName: parties.name,
  // The paid row's figures, fixed when the money moved (decision 206): null until the gift is paid.
  grossCents: ledgerEntries.grossCents,
  /** The fee the donor covered (decision 216), inside the gross. */
  feeCoveredCents: ledgerEntries.feeCoveredCents,
  platformFeeCents: ledgerEntries.feeCents,
  providerFeeCents: ledgerEntries.providerFeeCents,
  netCents: ledgerEntries.netCents,
};

/** The gift's paid row (one per gift, a unique index): its figures, whatever moved afterwards. */
const paidRow = and(eq(ledgerEntries.donationId, donations.id), eq(ledgerEntries.kind, "gift_paid"));

export async function listDonationsPage(filter: DonationFilter, page: number, pageSize: number) {
  return db
    .select(columns)
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(ledgerEntries, paidRow)
    .where(whereOf(filter))
    .orderBy(desc(donations.createdAt), desc(donations.receiptNumber))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countDonations(filter: DonationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donations).where(whereOf(filter));
  return row?.n ?? 0;
}

/** Every matching donation for the CSV export, newest first, in bounded batches. */
export async function* iterateDonations(filter: DonationFilter, batchSize = 1000) {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select(columns)
      .from(donations)
      .leftJoin(parties, eq(parties.id, donations.partyId))
      .leftJoin(ledgerEntries, paidRow)
      .where(whereOf(filter))
      .orderBy(desc(donations.createdAt), desc(donations.receiptNumber))
      .limit(batchSize)
      .offset(offset);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/** Every party (for the history's party filter), by name. */
export async function listPartyFilterOptions() {
  return db
    .select({ id: parties.id, name: parties.name, eventDate: parties.eventDate })
    .from(parties)
    .orderBy(asc(parties.name), desc(parties.eventDate));
}
