/**
 * One institution's books, read from the ledger (decision 190): what its dashboard, its monthly
 * statement and its public "Prestação de contas" show. Every figure adds up stored rows of
 * `ledger_entries` whose `organization_id` is the institution (ownership in every where), with the
 * same kinds the reconciliation's institution check adds (RAISED_KINDS and `payout`), so a figure
 * here always equals `institutionBalances()` for that institution. Months are São Paulo months.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Executor, schema } from "~/platform/db.server";
import { TIME_ZONE, todayInSaoPaulo } from "~/platform/dates";
import type { GiftSource } from "./gift-list";
import { RAISED_KINDS } from "./ledger-kinds";
import type { Range } from "./ledger-reports.server";

const { ledgerEntries: l, parties, donations, payouts } = schema;

const sum = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const sumWhere = (column: SQL | AnyPgColumn, where: SQL | undefined) =>
  sql<number>`coalesce(sum(${column}) filter (where ${where}), 0)`.mapWith(Number);
const raised = inArray(l.kind, [...RAISED_KINDS]);
const inRange = (range?: Range) => (range ? and(gte(l.occurredAt, range.from), lt(l.occurredAt, range.to)) : undefined);
const monthOf = sql<string>`to_char(${l.occurredAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;

export type InstitutionTotals = {
  /** Raised: paid less refunds and chargebacks (gross, the stored fees, net). */
  grossCents: number;
  feeCents: number;
  netCents: number;
  /** Refunds and chargebacks (net of disputes won), gross, ≤ 0. */
  takenBackGrossCents: number;
  /** Net transferred to the institution (≥ 0). */
  paidOutCents: number;
  /** Still owed: net raised − transferred (the reconciliation's balance). */
  balanceCents: number;
};

/** The institution's totals, all time or in a period. */
export async function institutionTotals(organizationId: string, range?: Range, executor: Executor = db): Promise<InstitutionTotals> {
  const takenBack = sql`${l.kind} in ('refund', 'chargeback', 'reversal')`;
  const [row] = await executor
    .select({
      grossCents: sumWhere(l.grossCents, raised),
      feeCents: sumWhere(l.feeCents, raised),
      netCents: sumWhere(l.netCents, raised),
      takenBackGrossCents: sumWhere(l.grossCents, takenBack),
      paidOutCents: sumWhere(sql`-${l.netCents}`, sql`${l.kind} = 'payout'`),
      balanceCents: sum(l.netCents),
    })
    .from(l)
    .where(and(eq(l.organizationId, organizationId), inRange(range)));
  return row!;
}

export type InstitutionMonth = { month: string; grossCents: number; feeCents: number; netCents: number; paidOutCents: number };

/** Per São Paulo month, newest first: raised (gross, fee, net) and net transferred. Months without a movement are left out. */
export async function institutionMonths(organizationId: string, limit = 12, executor: Executor = db): Promise<InstitutionMonth[]> {
  return executor
    .select({
      month: monthOf,
      grossCents: sumWhere(l.grossCents, raised),
      feeCents: sumWhere(l.feeCents, raised),
      netCents: sumWhere(l.netCents, raised),
      paidOutCents: sumWhere(sql`-${l.netCents}`, sql`${l.kind} = 'payout'`),
    })
    .from(l)
    .where(eq(l.organizationId, organizationId))
    .groupBy(monthOf)
    .orderBy(desc(monthOf))
    .limit(limit);
}

export type GiftFilter = { range?: Range; source?: GiftSource; partyId?: string };

function sourceWhere(source?: GiftSource) {
  if (source === "festa") return isNotNull(l.partyId);
  if (source === "mensal") return isNotNull(l.subscriptionChargeId);
  if (source === "direta") return and(isNull(l.partyId), isNotNull(l.donationId));
  return undefined;
}

/**
 * The gifts and charges the institution received, and what was taken back from them, newest first
 * (a refund is its own negative row, in the month it happened). The donor's name only when the gift
 * was not anonymous; never an e-mail (those who agreed are listed apart).
 */
export async function institutionGiftRows(organizationId: string, filter: GiftFilter = {}, limit = 500, executor: Executor = db) {
  const rows = await executor
    .select({
      id: l.id,
      kind: l.kind,
      occurredAt: l.occurredAt,
      grossCents: l.grossCents,
      feeCents: l.feeCents,
      netCents: l.netCents,
      partyId: l.partyId,
      partyName: parties.name,
      partyCode: parties.shareCode,
      charge: sql<boolean>`${l.subscriptionChargeId} is not null`,
      donorName: sql<string | null>`case when ${donations.anonymous} then null else ${donations.donorName} end`,
      receiptNumber: donations.receiptNumber,
    })
    .from(l)
    .leftJoin(parties, eq(parties.id, l.partyId))
    .leftJoin(donations, eq(donations.id, l.donationId))
    .where(
      and(
        eq(l.organizationId, organizationId),
        raised,
        inRange(filter.range),
        sourceWhere(filter.source),
        filter.partyId ? eq(l.partyId, filter.partyId) : undefined,
      ),
    )
    .orderBy(desc(l.occurredAt), desc(l.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, source: (r.partyId ? "festa" : r.charge ? "mensal" : "direta") as GiftSource }));
}
export type InstitutionGiftRow = Awaited<ReturnType<typeof institutionGiftRows>>[number];

/** The transfers to the institution (its parties' and its own), newest first, from their ledger rows, with what the proof needs. */
export async function institutionPayoutRows(organizationId: string, range?: Range, executor: Executor = db) {
  return executor
    .select({
      payoutId: payouts.id,
      transferredAt: l.occurredAt,
      grossCents: sql<number>`-${l.grossCents}`.mapWith(Number),
      feeCents: sql<number>`-${l.feeCents}`.mapWith(Number),
      netCents: sql<number>`-${l.netCents}`.mapWith(Number),
      partyName: parties.name,
      periodEnd: payouts.periodEnd,
      hasProof: sql<boolean>`(${payouts.proofKey} is not null or ${payouts.proofUrl} is not null or ${payouts.proofFile} is not null)`,
    })
    .from(l)
    .innerJoin(payouts, eq(payouts.id, l.payoutId))
    .leftJoin(parties, eq(parties.id, l.partyId))
    .where(and(eq(l.organizationId, organizationId), eq(l.kind, "payout"), inRange(range)))
    .orderBy(desc(l.occurredAt), desc(l.id));
}

/** Whether `payoutId` transferred money to the institution (its ledger row names it): the proof's download checks this. */
export async function isPayoutOfInstitution(payoutId: string, organizationId: string, executor: Executor = db) {
  const [row] = await executor
    .select({ id: l.id })
    .from(l)
    .where(and(eq(l.payoutId, payoutId), eq(l.kind, "payout"), eq(l.organizationId, organizationId)));
  return Boolean(row);
}

/**
 * The institution's party gifts not yet transferred, per party: what its parties raised for it
 * (rows a party brought before an admin moved it elsewhere are paid out with the institution's
 * own batches, decision 165, and left out here), for the parties without a transferred payout.
 */
export async function institutionOpenPartyMoney(organizationId: string, executor: Executor = db) {
  const rows = await executor
    .select({
      partyId: parties.id,
      partyName: parties.name,
      eventDate: parties.eventDate,
      netCents: sum(l.netCents),
      // Its last Pix still paid: the MED hold may end after the card settlement (decision 208).
      lastPixPaidAt:
        sql<Date | null>`max(${l.occurredAt}) filter (where ${l.kind} = 'gift_paid' and ${donations.paymentMethod} = 'pix' and ${donations.status} = 'paga')`.mapWith(
          l.occurredAt,
        ),
    })
    .from(l)
    .innerJoin(parties, eq(parties.id, l.partyId))
    .leftJoin(donations, eq(donations.id, l.donationId))
    .where(
      and(
        eq(l.organizationId, organizationId),
        raised,
        sql`(${parties.organizationId} is null or ${parties.organizationId} = ${l.organizationId})`,
        sql`not exists (select 1 from ${payouts} po where po.party_id = ${parties.id} and po.status = 'transferido')`,
      ),
    )
    .groupBy(parties.id, parties.name, parties.eventDate)
    .orderBy(asc(parties.eventDate));
  return rows.map(({ lastPixPaidAt, ...r }) => ({ ...r, lastPixPaidOn: lastPixPaidAt ? todayInSaoPaulo(lastPixPaidAt) : null }));
}
