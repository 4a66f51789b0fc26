/**
 * Writes the ledger (docs/decisions/130-ledger.md): one append-only row per money movement, in the
 * caller's transaction, next to the status change that moves the money. The fee and the net are
 * computed here, once, with the fee percent the caller passes (PLATFORM_FEE_PERCENT at that moment),
 * and stored; refunds, chargebacks and reversals (ledger-takeback.server.ts) take their amounts from
 * the stored paid row, so a later change of the fee never touches a movement already written.
 *
 * Every insert is `ON CONFLICT DO NOTHING` on "one row per source and kind" (and per provider event
 * and kind): the same event twice, or two events for one payment, write one row.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { splitFee } from "~/platform/money";
import type { SubscriptionPlanId } from "~/domain/subscriptions";
import { mainInstitutionId } from "~/domain/organizations/index.server";
import { RAISED_KINDS } from "./ledger-kinds";

const { ledgerEntries } = schema;

/**
 * A party's row that its current institution received: all of them, unless an admin moved the
 * party (decision 165) — then the rows of an earlier institution are that institution's money and
 * are paid out with its direct gifts (institution payouts), never with the party.
 */
const receivedByPartyInstitution = sql`not exists (select 1 from parties p where p.id = ${ledgerEntries.partyId}
  and p.organization_id is not null and p.organization_id is distinct from ${ledgerEntries.organizationId})`;

/**
 * Where a movement came from: the provider, its event and when it says the money moved; on a
 * payment, what the provider kept of it (its own fee, decision 206; null = not reported).
 */
export type MovementSource = {
  provider: string | null;
  providerEventId: string | null;
  occurredAt: Date;
  providerFeeCents?: number | null;
};

/**
 * The gift a movement belongs to, as the payment-event code has it locked; `feeCoveredCents`, the
 * fee its donor chose to cover (decision 216; 0 or absent when not).
 */
export type LedgerGift = {
  donationId: string;
  partyId: string | null;
  organizationId: string | null;
  amountCents: number;
  feeCoveredCents?: number;
};

export type Amounts = { grossCents: number; feeCents: number; netCents: number };

/** The amounts of a gift's paid row: gross = what was charged, the fee at `feePercent` on the gift alone, net = the rest. */
function giftPaidAmounts(amountCents: number, feeCoveredCents: number, feePercent: number): Amounts {
  const { feeCents } = splitFee(amountCents, feePercent);
  const grossCents = amountCents + feeCoveredCents;
  return { grossCents, feeCents, netCents: grossCents - feeCents };
}

/**
 * A gift the provider confirmed: gross = the gift (plus the fee its donor covered, decision 216),
 * fee at `feePercent` on the gift, net = gross − fee: the gift whole when the donor covered the fee.
 */
export async function recordGiftPaid(executor: Executor, gift: LedgerGift, source: MovementSource, feePercent: number) {
  const feeCoveredCents = gift.feeCoveredCents ?? 0;
  const { grossCents, feeCents, netCents } = giftPaidAmounts(gift.amountCents, feeCoveredCents, feePercent);
  await executor
    .insert(ledgerEntries)
    .values({
      kind: "gift_paid",
      organizationId: gift.organizationId ?? (await mainInstitutionId(executor)),
      partyId: gift.partyId,
      donationId: gift.donationId,
      grossCents,
      feeCents,
      netCents,
      feePercent,
      feeCoveredCents,
      providerFeeCents: source.providerFeeCents ?? null,
      provider: source.provider,
      providerEventId: source.providerEventId,
      occurredAt: source.occurredAt,
    })
    .onConflictDoNothing();
}

/** An Assine o Bem charge the provider confirmed (for the main charity unless one is named). */
export async function recordSubscriptionChargePaid(
  executor: Executor,
  charge: { chargeId: string; amountCents: number; organizationId?: string | null; plan?: SubscriptionPlanId | null },
  source: MovementSource,
  feePercent: number,
) {
  const { feeCents, netCents } = splitFee(charge.amountCents, feePercent);
  await executor
    .insert(ledgerEntries)
    .values({
      kind: "subscription_charge_paid",
      organizationId: charge.organizationId ?? (await mainInstitutionId(executor)),
      subscriptionChargeId: charge.chargeId,
      plan: charge.plan ?? null,
      providerFeeCents: source.providerFeeCents ?? null,
      grossCents: charge.amountCents,
      feeCents,
      netCents,
      feePercent,
      provider: source.provider,
      providerEventId: source.providerEventId,
      occurredAt: source.occurredAt,
    })
    .onConflictDoNothing();
}

/**
 * What a party has raised according to its stored rows (gifts net of refunds and chargebacks),
 * before any transfer: the gross, the fee and the net a payout transfers — its current
 * institution's rows only (receivedByPartyInstitution) — and those rows, which the payout lists as
 * its items (`payout_items`), so a row that lands after the transfer (a refund, a Pix MED) is known
 * to be outside it and becomes the institution's debt (decision 208). Call it with the party row
 * locked (the payout does), so no gift moves in between.
 */
export async function partyRowsDue(executor: Executor, partyId: string): Promise<{ ids: string[]; amounts: Amounts }> {
  const rows = await executor
    .select({
      id: ledgerEntries.id,
      grossCents: ledgerEntries.grossCents,
      feeCents: ledgerEntries.feeCents,
      netCents: ledgerEntries.netCents,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.partyId, partyId), inArray(ledgerEntries.kind, [...RAISED_KINDS]), receivedByPartyInstitution));
  const amounts = { grossCents: 0, feeCents: 0, netCents: 0 };
  for (const r of rows) {
    amounts.grossCents += r.grossCents;
    amounts.feeCents += r.feeCents;
    amounts.netCents += r.netCents;
  }
  return { ids: rows.map((r) => r.id), amounts };
}

/**
 * A transfer to the institution: the negation of what was paid out (a party's partyRowsDue, or
 * an institution payout's items, decision 152; `partyId` null then). Dated `now()`, the
 * transaction's time, so it equals the payout's `transferred_at`.
 */
export async function recordPayout(
  executor: Executor,
  payout: { payoutId: string; partyId: string | null; organizationId: string | null; amounts: Amounts },
) {
  await executor
    .insert(ledgerEntries)
    .values({
      kind: "payout",
      organizationId: payout.organizationId ?? (await mainInstitutionId(executor)),
      partyId: payout.partyId,
      payoutId: payout.payoutId,
      grossCents: -payout.amounts.grossCents,
      feeCents: -payout.amounts.feeCents,
      netCents: -payout.amounts.netCents,
      occurredAt: sql`now()`,
    })
    .onConflictDoNothing();
}

/**
 * The fee percents a party's paid gifts were charged at (their stored rows, decision 130): what a
 * payout's fee line names, whatever PLATFORM_FEE_PERCENT says today. Usually one.
 */
export async function partyFeePercents(executor: Executor, partyId: string): Promise<number[]> {
  const rows = await executor
    .selectDistinct({ feePercent: ledgerEntries.feePercent })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.partyId, partyId), eq(ledgerEntries.kind, "gift_paid")));
  return rows
    .map((r) => r.feePercent)
    .filter((p): p is number => p !== null)
    .map(Number)
    .sort((a, b) => a - b);
}

/** partyRowsDue's amounts for many parties at once (the payouts list), by party id; a party without rows is absent. */
export async function partiesAmountsDue(partyIds: string[], executor: Executor = db): Promise<Map<string, Amounts>> {
  if (partyIds.length === 0) return new Map();
  const rows = await executor
    .select({
      partyId: ledgerEntries.partyId,
      grossCents: sql<number>`sum(${ledgerEntries.grossCents})`.mapWith(Number),
      feeCents: sql<number>`sum(${ledgerEntries.feeCents})`.mapWith(Number),
      netCents: sql<number>`sum(${ledgerEntries.netCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.partyId, partyIds), inArray(ledgerEntries.kind, [...RAISED_KINDS]), receivedByPartyInstitution))
    .groupBy(ledgerEntries.partyId);
  return new Map(rows.map(({ partyId, ...amounts }) => [partyId!, amounts]));
}
