/**
 * The Pix side of applying a payment event (docs/decisions/150-pix.md), run inside
 * processPaymentEvent's transaction once the gift is locked. A Pix is matched to the charge it
 * paid (txid) and kept in `pix_payments` by end-to-end id; one that does not fit its charge — another
 * amount, paid after the code expired, an end-to-end id already seen with other data, or a second
 * payment of a gift already counted — is recorded with a reason for an admin and never counted.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema, type Transaction } from "~/platform/db.server";
import type { DonationPaymentEvent } from "~/domain/payments";
import type { PixFlagReason } from "./pix-flags";

const { pixCharges, pixPayments, donations, parties, organizations } = schema;

type Pix = NonNullable<DonationPaymentEvent["pix"]>;
export type PixCheck =
  { outcome: "duplicate" } | { outcome: "flagged"; donationId: string; reason: PixFlagReason } | { paymentRowId: string };

/**
 * Records the Pix and checks it against its charge. `firstTime` says whether its end-to-end id
 * was new in payment_events: when it was not and this exact payment is unknown, the id is repeated.
 */
export async function checkPixPayment(
  tx: Transaction,
  event: DonationPaymentEvent,
  pix: Pix,
  /** The gift and the fee its donor covers (decision 216): the charge is for both. */
  donation: { id: string; amountCents: number; feeCoveredCents: number },
  firstTime: boolean,
): Promise<PixCheck> {
  const [inserted] = await tx
    .insert(pixPayments)
    .values({
      provider: event.provider,
      endToEndId: pix.endToEndId,
      txid: pix.txid,
      donationId: donation.id,
      amountCents: pix.amountCents,
      paidAt: event.occurredAt,
    })
    .onConflictDoNothing({ target: [pixPayments.endToEndId, pixPayments.txid, pixPayments.amountCents] })
    .returning({ id: pixPayments.id });
  // The same Pix delivered again: nothing more to do.
  if (!inserted) return { outcome: "duplicate" };
  const [charge] = await tx
    .select({ amountCents: pixCharges.amountCents, expiresAt: pixCharges.expiresAt })
    .from(pixCharges)
    .where(and(eq(pixCharges.txid, pix.txid), eq(pixCharges.donationId, donation.id)));
  let reason: PixFlagReason | null = null;
  if (!firstTime) reason = "e2e_repetido";
  else if (!charge) reason = "cobranca_desconhecida";
  else if (pix.amountCents !== charge.amountCents || charge.amountCents !== donation.amountCents + donation.feeCoveredCents)
    reason = "valor_diferente";
  else if (event.occurredAt.getTime() > charge.expiresAt.getTime()) reason = "apos_expiracao";
  if (reason) {
    await flagPixPayment(tx, inserted.id, reason);
    return { outcome: "flagged", donationId: donation.id, reason };
  }
  return { paymentRowId: inserted.id };
}

export async function flagPixPayment(tx: Transaction, id: string, reason: PixFlagReason) {
  await tx
    .update(pixPayments)
    .set({ flagReason: reason, flaggedAt: sql`now()` })
    .where(eq(pixPayments.id, id));
}

/** The admin's list of flagged Pix payments, newest first. */
export async function listFlaggedPixPayments(limit = 50, executor: Executor = db) {
  return executor
    .select({
      id: pixPayments.id,
      provider: pixPayments.provider,
      endToEndId: pixPayments.endToEndId,
      txid: pixPayments.txid,
      donationId: pixPayments.donationId,
      amountCents: pixPayments.amountCents,
      expectedCents: sql<number>`${donations.amountCents} + ${donations.feeCoveredCents}`.mapWith(Number),
      paidAt: pixPayments.paidAt,
      flagReason: pixPayments.flagReason,
      flaggedAt: pixPayments.flaggedAt,
      receiptNumber: donations.receiptNumber,
      destination: sql<string | null>`coalesce(${parties.name}, ${organizations.name})`,
    })
    .from(pixPayments)
    .leftJoin(donations, eq(donations.id, pixPayments.donationId))
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(sql`${pixPayments.flagReason} is not null`)
    .orderBy(desc(pixPayments.flaggedAt))
    .limit(limit);
}

/** Whether a gift received a Pix that was flagged (its Pix page then says the team will check it). */
export async function hasFlaggedPixPayment(donationId: string, executor: Executor = db): Promise<boolean> {
  const [row] = await executor
    .select({ id: pixPayments.id })
    .from(pixPayments)
    .where(and(eq(pixPayments.donationId, donationId), sql`${pixPayments.flagReason} is not null`))
    .limit(1);
  return Boolean(row);
}
