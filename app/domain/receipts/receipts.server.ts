/**
 * Receipt queries. A receipt exists for a gift or a subscription charge that has its paid row in
 * the ledger: every amount on it (gross, fee, net, the fee percent) and its date are that stored
 * row's (decision 130), never recomputed; the institution is the row's. A receipt whose payment
 * was later refunded or charged back still verifies as ours, marked as cancelled.
 *
 * Labels are of the moment too (decision 166): the institution as it was named when the row was
 * written (`organization_revisions`), and a charge's plan as its row recorded it — never the
 * subscription's plan today.
 */
import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { PLANS, type SubscriptionPlanId } from "~/domain/subscriptions";
import { type ReceiptKind, yearRange } from "./receipt-rules";

const { donations, parties, ledgerEntries, subscriptionCharges, subscriptions, user } = schema;

/** The institution's revision in force when the ledger row was written. */
const institutionThen = sql<{
  name: string;
  legal_name: string | null;
  cnpj: string | null;
  city: string;
  state: string;
} | null>`(select jsonb_build_object('name', r.name, 'legal_name', r.legal_name, 'cnpj', r.cnpj, 'city', r.city, 'state', r.state)
  from organization_revisions r
  where r.organization_id = ${ledgerEntries.organizationId} and r.valid_from <= ${ledgerEntries.createdAt}
  order by r.valid_from desc limit 1)`;

/**
 * A charge's plan: the one its ledger row recorded; rows written before the plan was recorded name
 * the plan whose price is the amount charged (the amount is of its moment), else none.
 */
function chargedPlan(recorded: SubscriptionPlanId | null, grossCents: number): SubscriptionPlanId | null {
  return recorded ?? PLANS.find((plan) => plan.priceCents === grossCents)?.id ?? null;
}

export type Receipt = {
  kind: ReceiptKind;
  number: number;
  code: string;
  /** When the provider says the money moved (the ledger row's `occurred_at`). */
  paidAt: Date;
  grossCents: number;
  feeCents: number;
  netCents: number;
  feePercent: number | null;
  /** Part of `grossCents` the donor added to cover the fee (decision 216); 0 when not. */
  feeCoveredCents: number;
  anonymous: boolean;
  /** As typed on the gift, or the subscriber's account name; null when none. Never the e-mail. */
  donorName: string | null;
  /** The payment was refunded or charged back after the receipt was issued. */
  cancelled: boolean;
  institution: { name: string; legalName: string | null; cnpj: string | null; city: string; state: string } | null;
  party: { name: string; code: string } | null;
  /** Assine o Bem charges: the plan id. */
  plan: string | null;
  /** A matching sponsor paying what its pledge promised (decision 220), not a guest's gift. */
  sponsorMatch: boolean;
  /**
   * What a sponsor promised to add to this gift (decision 215): its allocation row, as it stands
   * (a refund shrinks it). Promised, not received: never part of the amounts above.
   */
  matched: { sponsorName: string; amountCents: number; ratioPercent: number } | null;
};

// The gift's match allocation with its pledge's sponsor and ratio, or null.
const matchedThen = sql<{
  sponsor_name: string;
  amount_cents: number;
  ratio_percent: number;
} | null>`(select jsonb_build_object('sponsor_name', p.sponsor_name, 'amount_cents', a.amount_cents, 'ratio_percent', p.ratio_percent)
  from match_allocations a join match_pledges p on p.id = a.pledge_id
  where a.donation_id = ${donations.id})`;

const money = {
  paidAt: ledgerEntries.occurredAt,
  grossCents: ledgerEntries.grossCents,
  feeCents: ledgerEntries.feeCents,
  netCents: ledgerEntries.netCents,
  feePercent: ledgerEntries.feePercent,
  feeCoveredCents: ledgerEntries.feeCoveredCents,
  cancelled: sql<boolean>`exists (select 1 from ledger_entries as reversal where reversal.reverses_id = ${ledgerEntries.id})`.mapWith(
    Boolean,
  ),
  institution: institutionThen,
};

type MoneyRow = {
  paidAt: Date;
  grossCents: number;
  feeCents: number;
  netCents: number;
  feePercent: number | null;
  feeCoveredCents: number;
  cancelled: boolean;
  institution: { name: string; legal_name: string | null; cnpj: string | null; city: string; state: string } | null;
};

function fromRow(
  kind: ReceiptKind,
  row: MoneyRow & { number: number; code: string; anonymous: boolean; donorName: string | null },
  extra: Pick<Receipt, "party" | "plan"> & Partial<Pick<Receipt, "sponsorMatch" | "matched">>,
): Receipt {
  return {
    kind,
    number: row.number,
    code: row.code,
    paidAt: row.paidAt,
    grossCents: row.grossCents,
    feeCents: row.feeCents,
    netCents: row.netCents,
    feePercent: row.feePercent === null ? null : Number(row.feePercent),
    feeCoveredCents: Number(row.feeCoveredCents),
    anonymous: row.anonymous,
    donorName: row.donorName,
    cancelled: row.cancelled,
    institution: row.institution
      ? {
          name: row.institution.name,
          legalName: row.institution.legal_name,
          cnpj: row.institution.cnpj,
          city: row.institution.city,
          state: row.institution.state,
        }
      : null,
    sponsorMatch: false,
    matched: null,
    ...extra,
  };
}

function giftReceipts(where: SQL, executor: Executor) {
  return executor
    .select({
      ...money,
      number: donations.receiptNumber,
      code: donations.receiptCode,
      anonymous: donations.anonymous,
      donorName: donations.donorName,
      partyName: parties.name,
      partyCode: parties.shareCode,
      sponsorMatch: sql<boolean>`${donations.matchPledgeId} is not null`.mapWith(Boolean),
      matched: matchedThen,
    })
    .from(donations)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.donationId, donations.id), eq(ledgerEntries.kind, "gift_paid")))
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .where(where)
    .orderBy(asc(ledgerEntries.occurredAt), asc(donations.receiptNumber))
    .then((rows) =>
      rows.map((r) =>
        fromRow("gift", r, {
          party: r.partyName && r.partyCode ? { name: r.partyName, code: r.partyCode } : null,
          plan: null,
          sponsorMatch: r.sponsorMatch,
          matched: r.matched
            ? {
                sponsorName: r.matched.sponsor_name,
                amountCents: Number(r.matched.amount_cents),
                ratioPercent: Number(r.matched.ratio_percent),
              }
            : null,
        }),
      ),
    );
}

function chargeReceipts(where: SQL, executor: Executor) {
  return executor
    .select({
      ...money,
      number: subscriptionCharges.receiptNumber,
      code: subscriptionCharges.receiptCode,
      anonymous: sql<boolean>`false`.mapWith(Boolean),
      donorName: user.name,
      plan: ledgerEntries.plan,
    })
    .from(subscriptionCharges)
    .innerJoin(
      ledgerEntries,
      and(eq(ledgerEntries.subscriptionChargeId, subscriptionCharges.id), eq(ledgerEntries.kind, "subscription_charge_paid")),
    )
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(where)
    .orderBy(asc(ledgerEntries.occurredAt), asc(subscriptionCharges.receiptNumber))
    .then((rows) => rows.map((r) => fromRow("subscription", r, { party: null, plan: chargedPlan(r.plan, r.grossCents) })));
}

/** The receipt with this verification code (gift or charge), or null. Check the code's shape first. */
export async function findReceiptByCode(code: string, executor: Executor = db): Promise<Receipt | null> {
  const [gift] = await giftReceipts(eq(donations.receiptCode, code), executor);
  if (gift) return gift;
  const [charge] = await chargeReceipts(eq(subscriptionCharges.receiptCode, code), executor);
  return charge ?? null;
}

/** A subscription charge's receipt, once its payment is in the ledger (the monthly receipt e-mail). */
export async function findChargeReceipt(chargeId: string, executor: Executor = db): Promise<Receipt | null> {
  const [charge] = await chargeReceipts(eq(subscriptionCharges.id, chargeId), executor);
  return charge ?? null;
}

/** A gift's receipt, once its payment is in the ledger. */
export async function findGiftReceipt(donationId: string, executor: Executor = db): Promise<Receipt | null> {
  const [gift] = await giftReceipts(eq(donations.id, donationId), executor);
  return gift ?? null;
}

/** Whose receipts: a signed-in account (its gifts, and those typed with its address once verified). */
export type ReceiptOwner = { userId: string; email: string; emailVerified: boolean };

/**
 * Every receipt of `owner` paid in `year` (São Paulo calendar): the gifts it made signed in (or,
 * once its address is verified, typed with it — as /conta lists them) and its subscription's
 * charges. Ownership is in the where; nobody else's receipt can reach the statement.
 */
export async function listReceiptsOfYear(owner: ReceiptOwner, year: number, executor: Executor = db): Promise<Receipt[]> {
  const { from, to } = yearRange(year);
  const inYear = and(gte(ledgerEntries.occurredAt, from), lt(ledgerEntries.occurredAt, to))!;
  // A guest gift (nobody's) typed with the verified address; a gift made signed in stays its account's (decision 182).
  const byEmail = and(isNull(donations.userId), eq(sql`lower(${donations.donorEmail})`, owner.email.trim().toLowerCase()));
  const giftOwner = owner.emailVerified ? or(eq(donations.userId, owner.userId), byEmail)! : eq(donations.userId, owner.userId);
  const [gifts, charges] = await Promise.all([
    giftReceipts(and(giftOwner, inYear)!, executor),
    chargeReceipts(and(eq(subscriptions.userId, owner.userId), inYear)!, executor),
  ]);
  return [...gifts, ...charges].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
}

/** The years (São Paulo) in which `owner` has receipts, newest first: the statement links /conta shows. */
export async function receiptYearsOf(owner: ReceiptOwner, executor: Executor = db): Promise<number[]> {
  const year = sql<number>`extract(year from ${ledgerEntries.occurredAt} at time zone 'America/Sao_Paulo')::int`.mapWith(Number);
  // A guest gift (nobody's) typed with the verified address; a gift made signed in stays its account's (decision 182).
  const byEmail = and(isNull(donations.userId), eq(sql`lower(${donations.donorEmail})`, owner.email.trim().toLowerCase()));
  const giftOwner = owner.emailVerified ? or(eq(donations.userId, owner.userId), byEmail)! : eq(donations.userId, owner.userId);
  const [gifts, charges] = await Promise.all([
    executor
      .selectDistinct({ year })
      .from(donations)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.donationId, donations.id), eq(ledgerEntries.kind, "gift_paid")))
      .where(giftOwner),
    executor
      .selectDistinct({ year })
      .from(subscriptionCharges)
      .innerJoin(
        ledgerEntries,
        and(eq(ledgerEntries.subscriptionChargeId, subscriptionCharges.id), inArray(ledgerEntries.kind, ["subscription_charge_paid"])),
      )
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
      .where(eq(subscriptions.userId, owner.userId)),
  ]);
  return [...new Set([...gifts, ...charges].map((r) => r.year))].sort((a, b) => b - a);
}
