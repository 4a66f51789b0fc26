/**
 * Impact certificates: one per ended party, one per subscriber and year. The row holds only the
 * verification code; every figure is read from the ledger when the certificate is shown, so a
 * refund after the party is reflected and nothing is copied twice. Public views carry no e-mail.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { monthRange } from "~/domain/content";
import { describeNetShareInUnits } from "~/domain/organizations";
import { listImpactUnits } from "~/domain/organizations/index.server";
import { oldestLiveEventDate, partyVisibility } from "~/domain/parties";
import { hostedBy } from "~/domain/parties/index.server";
import { newCertificateCode } from "./certificate-code";

const { certificates, ledgerEntries, parties, organizations, causes, subscriptionCharges, subscriptions, user } = schema;

const GIFT_KINDS = ["gift_paid", "refund", "chargeback", "reversal"] as const;
const netGifts = sql<number>`coalesce(sum(case ${ledgerEntries.kind} when 'gift_paid' then 1
  when 'refund' then -1 when 'chargeback' then -1 else 0 end), 0)`.mapWith(Number);
const grossSum = sql<number>`coalesce(sum(${ledgerEntries.grossCents}), 0)`.mapWith(Number);
/** What reaches the institution (after the fee each row kept): impact units are counted from it. */
const netSum = sql<number>`coalesce(sum(${ledgerEntries.netCents}), 0)`.mapWith(Number);

export type PartyCertificate = {
  kind: "festa";
  code: string;
  partyId: string;
  partyName: string;
  eventDate: string;
  causeName: string | null;
  organizationName: string | null;
  creatorName: string | null;
  /** Gifts net of refunds and chargebacks, from the ledger (a fee the donor covered left out, decision 216). */
  raisedCents: number;
  donors: number;
  impactLine: string | null;
};

export type SubscriberCertificate = {
  kind: "assinante";
  code: string;
  year: number;
  holderName: string;
  totalCents: number;
  charges: number;
  organizations: string[];
  impactLine: string | null;
};

export type Certificate = PartyCertificate | SubscriberCertificate;

const randomCode = () => newCertificateCode((n) => randomBytes(n));

/** The party's certificate code, created on first use (idempotent: the party id is unique). */
export async function issuePartyCertificate(partyId: string, executor: Executor = db): Promise<{ code: string; created: boolean }> {
  const inserted = await executor
    .insert(certificates)
    .values({ code: randomCode(), partyId })
    .onConflictDoNothing({ target: certificates.partyId })
    .returning({ code: certificates.code });
  if (inserted[0]) return { code: inserted[0].code, created: true };
  const [row] = await executor.select({ code: certificates.code }).from(certificates).where(eq(certificates.partyId, partyId));
  return { code: row!.code, created: false };
}

async function partyFigures(partyId: string, executor: Executor) {
  const [row] = await executor
    .select({ raisedCents: grossSum, netCents: netSum, donors: netGifts })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.partyId, partyId), isNotNull(ledgerEntries.donationId), inArray(ledgerEntries.kind, [...GIFT_KINDS])));
  if (!row) return { raisedCents: 0, netCents: 0, donors: 0 };
  return { ...row, raisedCents: row.raisedCents + (await coveredFeeAdjustment(partyId, executor)) };
}

/**
 * What a party raised counts a gift whose donor covered the fee as the gift alone (decision 216):
 * for each such gift, its gift's share of what remains (giftShareCents) in place of its gross —
 * this returns the difference (≤ 0), 0 when no donor covered the fee.
 */
async function coveredFeeAdjustment(partyId: string, executor: Executor): Promise<number> {
  const result = (await executor.execute(sql`
    select coalesce(sum(round(gross * (paid_gross - covered)::numeric / paid_gross) - gross), 0)::bigint as adjustment
    from (
      select sum(gross_cents) as gross, sum(gross_cents) filter (where kind = 'gift_paid') as paid_gross,
        sum(fee_covered_cents) as covered
      from ledger_entries
      where party_id = ${partyId} and donation_id is not null and kind in ('gift_paid', 'refund', 'chargeback', 'reversal')
      group by donation_id
    ) g
    where covered > 0`)) as unknown as { rows: Array<{ adjustment: string | number }> };
  return Number(result.rows[0]?.adjustment ?? 0);
}

const partyColumns = {
  id: parties.id,
  name: parties.name,
  eventDate: parties.eventDate,
  active: parties.active,
  organizationId: parties.organizationId,
  organizationName: organizations.name,
  causeName: causes.name,
  creatorName: user.name,
};

function partyQuery(executor: Executor) {
  return executor
    .select(partyColumns)
    .from(parties)
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .leftJoin(causes, eq(causes.id, parties.causeId))
    .leftJoin(user, eq(user.id, parties.userId));
}

async function buildPartyCertificate(party: Awaited<ReturnType<typeof partyQuery>>[number], code: string, executor: Executor) {
  const [figures, units] = await Promise.all([
    partyFigures(party.id, executor),
    party.organizationId ? listImpactUnits(party.organizationId, executor) : Promise.resolve([]),
  ]);
  return {
    kind: "festa",
    code,
    partyId: party.id,
    partyName: party.name,
    eventDate: party.eventDate,
    causeName: party.causeName,
    organizationName: party.organizationName,
    creatorName: party.creatorName,
    raisedCents: figures.raisedCents,
    donors: Math.max(0, figures.donors),
    impactLine: describeNetShareInUnits(figures.netCents, units),
  } satisfies PartyCertificate;
}

/**
 * The creator's certificate of their own ended party (ownership in the where); null when the party
 * is not theirs or has not ended. Issues the code on first use.
 */
export async function partyCertificateForOwner(partyId: string, ownerId: string, now: Date = new Date()): Promise<PartyCertificate | null> {
  const [party] = await partyQuery(db).where(and(eq(parties.id, partyId), hostedBy(ownerId)));
  if (!party || partyVisibility(party, todayInSaoPaulo(now)) !== "ended") return null;
  const { code } = await issuePartyCertificate(party.id);
  return buildPartyCertificate(party, code, db);
}

/**
 * Parties whose certificate is due: ended (past their last public day, up to `today`), with money
 * raised, a creator, and no announcement yet (the code may exist: the creator may have downloaded it).
 */
export async function partiesAwaitingCertificate(today: string, executor: Executor = db) {
  return executor
    .select({ id: parties.id, userId: parties.userId })
    .from(parties)
    .leftJoin(certificates, eq(certificates.partyId, parties.id))
    .where(
      and(
        eq(parties.active, true),
        lt(parties.eventDate, oldestLiveEventDate(today)),
        // Only parties that ended within the last 60 days: an old party is not announced years later.
        gte(parties.eventDate, addCalendarDays(oldestLiveEventDate(today), -60)),
        sql`${parties.raisedCents} > 0`,
        isNotNull(parties.userId),
        isNull(certificates.announcedAt),
      ),
    );
}

/** The verification codes already issued for these parties (read-only: /painel links to them). */
export async function partyCertificateCodes(partyIds: string[], executor: Executor = db): Promise<Map<string, string>> {
  if (partyIds.length === 0) return new Map();
  const rows = await executor
    .select({ partyId: certificates.partyId, code: certificates.code })
    .from(certificates)
    .where(inArray(certificates.partyId, partyIds));
  return new Map(rows.map((r) => [r.partyId!, r.code]));
}

/** Marks the party's certificate announced; true only for the call that did it (so one e-mail). */
export async function markPartyCertificateAnnounced(partyId: string, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .update(certificates)
    .set({ announcedAt: sql`now()` })
    .where(and(eq(certificates.partyId, partyId), isNull(certificates.announcedAt)))
    .returning({ id: certificates.id });
  return rows.length > 0;
}

/** The subscriber's certificate code for a year, created on first use. */
async function issueSubscriberCertificate(userId: string, year: number, executor: Executor = db): Promise<string> {
  await executor.insert(certificates).values({ code: randomCode(), userId, year }).onConflictDoNothing();
  const [row] = await executor
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.year, year)));
  return row!.code;
}

async function subscriberFigures(userId: string, year: number, executor: Executor) {
  const from = monthRange({ year, month: 1, key: "" }).from;
  const to = monthRange({ year: year + 1, month: 1, key: "" }).from;
  const rows = await executor
    .select({
      organizationId: ledgerEntries.organizationId,
      name: organizations.name,
      totalCents: grossSum,
      netCents: netSum,
      charges: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.id, ledgerEntries.subscriptionChargeId))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .leftJoin(organizations, eq(organizations.id, ledgerEntries.organizationId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(ledgerEntries.kind, "subscription_charge_paid"),
        gte(ledgerEntries.occurredAt, from),
        lt(ledgerEntries.occurredAt, to),
      ),
    )
    .groupBy(ledgerEntries.organizationId, organizations.name);
  return rows;
}

/** Years in which the user's plan was charged (newest first): the certificates /conta offers. */
export async function subscriberCertificateYears(userId: string, executor: Executor = db): Promise<number[]> {
  const rows = await executor
    .selectDistinct({ year: sql<number>`extract(year from ${ledgerEntries.occurredAt} at time zone 'America/Sao_Paulo')`.mapWith(Number) })
    .from(ledgerEntries)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.id, ledgerEntries.subscriptionChargeId))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(and(eq(subscriptions.userId, userId), eq(ledgerEntries.kind, "subscription_charge_paid")));
  return rows.map((r) => r.year).sort((a, b) => b - a);
}

async function buildSubscriberCertificate(userId: string, holderName: string, year: number, code: string, executor: Executor) {
  const rows = await subscriberFigures(userId, year, executor);
  const totalCents = rows.reduce((s, r) => s + r.totalCents, 0);
  const main = rows.length === 1 && rows[0]!.organizationId ? await listImpactUnits(rows[0]!.organizationId, executor) : [];
  return {
    kind: "assinante",
    code,
    year,
    holderName,
    totalCents,
    charges: rows.reduce((s, r) => s + r.charges, 0),
    organizations: rows.map((r) => r.name).filter((n): n is string => Boolean(n)),
    impactLine: describeNetShareInUnits(
      rows.reduce((s, r) => s + r.netCents, 0),
      main,
    ),
  } satisfies SubscriberCertificate;
}

/** The signed-in subscriber's certificate for a year in which they were charged; null otherwise. */
export async function subscriberCertificateFor(userId: string, year: number): Promise<SubscriberCertificate | null> {
  const years = await subscriberCertificateYears(userId);
  if (!years.includes(year)) return null;
  const [holder] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  if (!holder) return null;
  const code = await issueSubscriberCertificate(userId, year);
  return buildSubscriberCertificate(userId, holder.name, year, code, db);
}

/** The public verification page's view of a code; null for an unknown code. No e-mail is read. */
export async function findCertificateByCode(code: string, executor: Executor = db): Promise<Certificate | null> {
  const [row] = await executor
    .select({ code: certificates.code, partyId: certificates.partyId, userId: certificates.userId, year: certificates.year })
    .from(certificates)
    .where(eq(certificates.code, code));
  if (!row) return null;
  if (row.partyId) {
    const [party] = await partyQuery(executor).where(eq(parties.id, row.partyId));
    return party ? buildPartyCertificate(party, row.code, executor) : null;
  }
  if (!row.userId || row.year === null) return null;
  const [holder] = await executor.select({ name: user.name }).from(user).where(eq(user.id, row.userId));
  return holder ? buildSubscriberCertificate(row.userId, holder.name, row.year, row.code, executor) : null;
}
