/**
 * Institution payouts (decision 152): the queries. An institution's direct gifts and Assine o Bem
 * charges are paid out in batches; a batch is a `payouts` row with `organization_id` (no party)
 * and the ledger rows it transferred in `payout_items`. A row not in `payout_items` is still owed.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Executor, schema } from "~/platform/db.server";
import type { OpenLedgerItem, PaymentMethod } from "./institution-settlement";
import type { TransferredPayoutFields } from "./payouts-admin.server";

const { donations, ledgerEntries, payoutItems, payouts, organizations } = schema;

/** What the ledger counts as raised (kept here as values: the ledger domain's rule module is not public). */
const RAISED = ["gift_paid", "subscription_charge_paid", "refund", "chargeback", "reversal"] as const;

/** How a row was paid: the gift's recorded method (Pix or card); a charge has no gift and is a card. */
function methodOf(row: { paymentMethod: string | null }): PaymentMethod {
  return row.paymentMethod === "pix" ? "pix" : row.paymentMethod === "card" ? "card" : null;
}

/**
 * The ledger rows of direct gifts and charges not yet paid out, for one institution or all. Party
 * gifts are paid out with their party and appear here only when
 * - an earlier institution received them before an admin moved the party (decision 165): they are
 *   that institution's, paid out here;
 * - or the party was already paid out and the row is not one of its payout's items: a refund, a
 *   chargeback (a Pix MED) or a dispute won that landed after the transfer is the institution's
 *   debt (or credit), netted in its next batch (decision 208). A party not paid out yet nets its
 *   own rows in its payout (partyRowsDue), so no row is counted twice.
 */
export async function listOpenInstitutionItems(organizationId?: string, executor: Executor = db): Promise<OpenLedgerItem[]> {
  const undone = alias(ledgerEntries, "undone");
  // A partial refund undoes no row (only the last refund names the paid row): it travels with its gift's payment.
  const paid = alias(ledgerEntries, "paid");
  const rows = await executor
    .select({
      id: ledgerEntries.id,
      organizationId: ledgerEntries.organizationId,
      kind: ledgerEntries.kind,
      grossCents: ledgerEntries.grossCents,
      feeCents: ledgerEntries.feeCents,
      netCents: ledgerEntries.netCents,
      occurredAt: ledgerEntries.occurredAt,
      donationId: ledgerEntries.donationId,
      subscriptionChargeId: ledgerEntries.subscriptionChargeId,
      undoneAt: sql<Date | null>`coalesce(${undone.occurredAt}, ${paid.occurredAt})`.mapWith(ledgerEntries.occurredAt),
      // A refund or chargeback undoes a payment of the same gift: one method for both.
      paymentMethod: donations.paymentMethod,
      // Already paid out: the gift's paid row is an item of a transfer (a party's payout or an institution batch).
      giftPaidOut: sql<boolean>`exists (select 1 from payout_items pi join ledger_entries pr on pr.id = pi.ledger_entry_id
        where pr.donation_id = ${ledgerEntries.donationId} and pr.kind = 'gift_paid')`,
    })
    .from(ledgerEntries)
    .leftJoin(undone, eq(undone.id, ledgerEntries.reversesId))
    .leftJoin(paid, and(eq(ledgerEntries.kind, "refund"), eq(paid.donationId, ledgerEntries.donationId), eq(paid.kind, "gift_paid")))
    .leftJoin(donations, eq(donations.id, ledgerEntries.donationId))
    .where(
      and(
        or(
          isNull(ledgerEntries.partyId),
          sql`exists (select 1 from parties p where p.id = ${ledgerEntries.partyId}
            and p.organization_id is not null and p.organization_id is distinct from ${ledgerEntries.organizationId})`,
          sql`exists (select 1 from payouts po where po.party_id = ${ledgerEntries.partyId} and po.status = 'transferido')`,
        ),
        isNotNull(ledgerEntries.organizationId),
        inArray(ledgerEntries.kind, [...RAISED]),
        organizationId ? eq(ledgerEntries.organizationId, organizationId) : undefined,
        notExists(
          executor
            .select({ one: sql`1` })
            .from(payoutItems)
            .where(eq(payoutItems.ledgerEntryId, ledgerEntries.id)),
        ),
      ),
    )
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id));
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organizationId!,
    kind: r.kind,
    grossCents: r.grossCents,
    feeCents: r.feeCents,
    netCents: r.netCents,
    occurredAt: r.occurredAt,
    method: methodOf(r),
    reversed: r.undoneAt ? { occurredAt: r.undoneAt, method: methodOf(r) } : null,
    donationId: r.donationId,
    subscriptionChargeId: r.subscriptionChargeId,
    giftPaidOut: Boolean(r.giftPaidOut),
  }));
}

export async function findInstitutionsByIds(ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      email: organizations.email,
      isMain: organizations.isMain,
      pixKey: organizations.pixKey,
      pixKeyType: organizations.pixKeyType,
      verifiedAt: organizations.verifiedAt,
    })
    .from(organizations)
    .where(inArray(organizations.id, ids))
    .orderBy(desc(organizations.isMain), asc(organizations.name));
}

/** The latest transfers of each institution (newest first), with what the proof needs. */
export async function listInstitutionTransfers(limit = 50) {
  return db
    .select({
      id: payouts.id,
      organizationId: payouts.organizationId,
      grossCents: payouts.grossCents,
      feeCents: payouts.feeCents,
      netCents: payouts.netCents,
      periodEnd: payouts.periodEnd,
      transferredAt: payouts.transferredAt,
      proofUrl: payouts.proofUrl,
      proofFileName: payouts.proofFileName,
    })
    .from(payouts)
    .where(and(isNotNull(payouts.organizationId), eq(payouts.status, "transferido")))
    .orderBy(desc(payouts.transferredAt), desc(payouts.id))
    .limit(limit);
}

/** The institution being paid out, locked: two transfers of one institution run one after the other. */
export async function lockInstitutionForPayout(executor: Executor, organizationId: string) {
  const [row] = await executor
    .select({ id: organizations.id, name: organizations.name, email: organizations.email })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  return row ?? null;
}

/** The payout a form already wrote (a repeated submit), if any. */
export async function findPayoutByIdempotencyKey(executor: Executor, key: string) {
  const [row] = await executor.select({ id: payouts.id }).from(payouts).where(eq(payouts.idempotencyKey, key));
  return row ?? null;
}

export type InstitutionTransferInput = TransferredPayoutFields & {
  organizationId: string;
  idempotencyKey: string;
  periodEnd: string;
  itemIds: string[];
};

/** The ledger rows a transfer paid out (a party's or an institution's): the primary key pays none twice. */
export async function insertPayoutItems(executor: Executor, payoutId: string, ledgerEntryIds: string[]) {
  if (ledgerEntryIds.length === 0) return;
  await executor.insert(payoutItems).values(ledgerEntryIds.map((ledgerEntryId) => ({ payoutId, ledgerEntryId })));
}

/** Writes the transferred batch and its items; null when this form's key was already used. */
export async function insertInstitutionPayout(executor: Executor, { itemIds, ...input }: InstitutionTransferInput) {
  const [row] = await executor
    .insert(payouts)
    .values({ ...input, status: "transferido", transferredAt: sql`now()` })
    .onConflictDoNothing({ target: payouts.idempotencyKey })
    .returning({ id: payouts.id });
  if (!row) return null;
  await insertPayoutItems(executor, row.id, itemIds);
  return row;
}
