/**
 * Reads the ledger: every money figure the site shows (/transparencia and its monthly PDFs, the
 * impact figures, the admin dashboard, institution balances) adds up stored rows, never today's
 * PLATFORM_FEE_PERCENT. A period takes the movements that happened in it (`occurred_at`), so a
 * refund lands in the month it happened and a published month never changes.
 *
 * Public reports select no donor data: only amounts, parties, causes and institutions.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Executor, schema } from "~/platform/db.server";
import { RAISED_KINDS, TAKEN_BACK_KINDS } from "./ledger-kinds";

const { ledgerEntries, parties, organizations, causes } = schema;

export type Range = { from: Date; to: Date };

const sumOf = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/**
 * Gifts net of those taken back: +1 per paid row (or dispute won), −1 per refund or chargeback that
 * undoes one (a partial refund points at no row: the gift still counts; docs/decisions/151-refunds.md).
 */
const netCount = sql<number>`coalesce(sum(case when ${ledgerEntries.kind} in ('gift_paid', 'subscription_charge_paid', 'reversal') then 1
  when ${ledgerEntries.kind} in ('refund', 'chargeback') and ${ledgerEntries.reversesId} is not null then -1 else 0 end), 0)`.mapWith(
  Number,
);

function inRange(range?: Range): SQL | undefined {
  return range ? and(gte(ledgerEntries.occurredAt, range.from), lt(ledgerEntries.occurredAt, range.to)) : undefined;
}

const raised = inArray(ledgerEntries.kind, [...RAISED_KINDS]);

export type RaisedTotals = {
  grossCents: number;
  feeCents: number;
  netCents: number;
  /** Gifts paid (gross, count), before refunds and chargebacks. */
  gifts: { grossCents: number; count: number };
  subscriptions: { grossCents: number; count: number };
  /** Refunds and chargebacks (net of disputes won): negative gross, how many. */
  takenBack: { grossCents: number; count: number };
  /** The fee percents the period's paid rows were charged at, lowest first. */
  feePercents: number[];
};

/** What was raised (all time, or in a period): gross, the stored fees and the net, with its parts. */
export async function raisedTotals(range?: Range, executor: Executor = db): Promise<RaisedTotals> {
  const rows = await executor
    .select({
      kind: ledgerEntries.kind,
      grossCents: sumOf(ledgerEntries.grossCents),
      feeCents: sumOf(ledgerEntries.feeCents),
      netCents: sumOf(ledgerEntries.netCents),
      count: sql<number>`count(*)`.mapWith(Number),
      feePercents: sql<string[]>`array_agg(distinct ${ledgerEntries.feePercent}::text)`,
    })
    .from(ledgerEntries)
    .where(and(raised, inRange(range)))
    .groupBy(ledgerEntries.kind);
  const of = (kinds: readonly string[]) => rows.filter((r) => kinds.includes(r.kind));
  const add = (list: typeof rows, key: "grossCents" | "feeCents" | "netCents" | "count") => list.reduce((s, r) => s + r[key], 0);
  const gifts = of(["gift_paid"]);
  const subscriptions = of(["subscription_charge_paid"]);
  const takenBack = of(TAKEN_BACK_KINDS);
  const reversals = of(["reversal"]);
  const percents = new Set<number>();
  for (const r of of(["gift_paid", "subscription_charge_paid"]))
    for (const p of r.feePercents ?? []) if (p !== null) percents.add(Number(p));
  return {
    grossCents: add(rows, "grossCents"),
    feeCents: add(rows, "feeCents"),
    netCents: add(rows, "netCents"),
    gifts: { grossCents: add(gifts, "grossCents"), count: add(gifts, "count") },
    subscriptions: { grossCents: add(subscriptions, "grossCents"), count: add(subscriptions, "count") },
    // A dispute won (reversal) gives a chargeback back: taken back net of it.
    takenBack: {
      grossCents: add(takenBack, "grossCents") + add(reversals, "grossCents"),
      count: add(takenBack, "count") - add(reversals, "count"),
    },
    feePercents: [...percents].sort((a, b) => a - b),
  };
}

/** Gifts raised (net of refunds and chargebacks), all time: what the impact figures call "doações". */
export async function giftsRaisedCents(executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: sumOf(ledgerEntries.grossCents) })
    .from(ledgerEntries)
    .where(and(raised, isNotNull(ledgerEntries.donationId)));
  return row?.total ?? 0;
}

/** Assine o Bem charges raised, all time. */
export async function subscriptionsRaisedCents(executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: sumOf(ledgerEntries.grossCents) })
    .from(ledgerEntries)
    .where(and(raised, isNotNull(ledgerEntries.subscriptionChargeId)));
  return row?.total ?? 0;
}

/**
 * Gifts raised by cause, largest first: a gift's cause is the cause of the institution that received
 * it (its ledger row's), or its party's when that institution has none (decision 165); `causeName`
 * null when there is neither. Causes whose gifts were all taken back are left out.
 */
export async function raisedByCause(range?: Range) {
  const causeId = sql<string | null>`coalesce(${organizations.causeId}, ${parties.causeId})`;
  const total = sumOf(ledgerEntries.grossCents);
  return db
    .select({ causeId: causes.id, causeName: causes.name, totalCents: total, gifts: netCount })
    .from(ledgerEntries)
    .leftJoin(parties, eq(parties.id, ledgerEntries.partyId))
    .leftJoin(organizations, eq(organizations.id, ledgerEntries.organizationId))
    .leftJoin(causes, eq(causes.id, causeId))
    .where(and(raised, isNotNull(ledgerEntries.donationId), inRange(range)))
    .groupBy(causes.id, causes.name)
    .having(sql`sum(${ledgerEntries.grossCents}) <> 0`)
    .orderBy(desc(sql`sum(${ledgerEntries.grossCents})`), asc(causes.name));
}

/** Gifts raised per party in a period (gifts made through /doar without a party are left out). */
export async function raisedByParty(range: Range) {
  return db
    .select({
      partyId: parties.id,
      partyName: parties.name,
      causeName: causes.name,
      totalCents: sumOf(ledgerEntries.grossCents),
      gifts: netCount,
    })
    .from(ledgerEntries)
    .innerJoin(parties, eq(parties.id, ledgerEntries.partyId))
    .leftJoin(causes, eq(causes.id, parties.causeId))
    .where(and(raised, isNotNull(ledgerEntries.donationId), inRange(range)))
    .groupBy(parties.id, parties.name, causes.name)
    .having(sql`sum(${ledgerEntries.grossCents}) <> 0 or sum(case when ${ledgerEntries.kind} = 'gift_paid' then 1 else 0 end) > 0`)
    .orderBy(desc(sql`sum(${ledgerEntries.grossCents})`), asc(parties.name));
}

/** Transfers to institutions in a period, oldest first, with what each transferred (positive amounts); `partyName` null for an institution payout. */
export async function payoutsBetween(range: Range) {
  return (
    db
      .select({
        partyName: parties.name,
        organizationName: organizations.name,
        grossCents: sql<number>`-${ledgerEntries.grossCents}`.mapWith(Number),
        feeCents: sql<number>`-${ledgerEntries.feeCents}`.mapWith(Number),
        netCents: sql<number>`-${ledgerEntries.netCents}`.mapWith(Number),
        transferredAt: ledgerEntries.occurredAt,
      })
      .from(ledgerEntries)
      // An institution payout (its direct gifts and charges, decision 152) has no party.
      .leftJoin(parties, eq(parties.id, ledgerEntries.partyId))
      .leftJoin(organizations, eq(organizations.id, ledgerEntries.organizationId))
      .where(and(eq(ledgerEntries.kind, "payout"), inRange(range)))
      .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id))
  );
}

/** All transfers so far: how many and how much reached the institutions. */
export async function payoutTotals() {
  const [row] = await db
    .select({
      netCents: sql<number>`coalesce(-sum(${ledgerEntries.netCents}), 0)`.mapWith(Number),
      transfers: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.kind, "payout"));
  return { netCents: row?.netCents ?? 0, transfers: row?.transfers ?? 0 };
}

export type InstitutionBalance = {
  organizationId: string | null;
  name: string | null;
  /** Net of the paid gifts and charges. */
  paidNetCents: number;
  /** Net taken back by refunds and chargebacks (≤ 0). */
  takenBackNetCents: number;
  /** Net transferred (≤ 0). */
  payoutNetCents: number;
  /** What the institution is still owed: paid − taken back − transferred. Negative after a refund or chargeback that came after a payout. */
  balanceCents: number;
};

/** Every institution with a movement, negative balances first, then by name. */
export async function institutionBalances(executor: Executor = db): Promise<InstitutionBalance[]> {
  const part = (kinds: readonly string[]) =>
    sql<number>`coalesce(sum(${ledgerEntries.netCents}) filter (where ${inArray(ledgerEntries.kind, [...kinds] as never[])}), 0)`.mapWith(
      Number,
    );
  const rows = await executor
    .select({
      organizationId: ledgerEntries.organizationId,
      name: organizations.name,
      paidNetCents: part(["gift_paid", "subscription_charge_paid", "reversal"]),
      takenBackNetCents: part(TAKEN_BACK_KINDS),
      payoutNetCents: part(["payout"]),
      balanceCents: sumOf(ledgerEntries.netCents),
    })
    .from(ledgerEntries)
    .leftJoin(organizations, eq(organizations.id, ledgerEntries.organizationId))
    .groupBy(ledgerEntries.organizationId, organizations.name);
  return rows.sort(
    (a, b) => Number(b.balanceCents < 0) - Number(a.balanceCents < 0) || (a.name ?? "").localeCompare(b.name ?? "", "pt-BR"),
  );
}
