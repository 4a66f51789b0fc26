/**
 * Applies a provider's event to a gift — the one code path for Stripe and the sandbox. Each
 * event runs in ONE transaction: lock the gift, record the event id (a repeat stops here),
 * move the status if the state machine allows it, write the history and the ledger row, adjust the
 * party totals and queue the paid gift's e-mails. Either all of it happens or none of it. The paid
 * gift is announced (live streams, outbox wake-up) after the commit (announcer.server.ts).
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { db, schema, type Transaction } from "~/platform/db.server";
import { type DonationStatus, nextDonationStatus } from "~/domain/donations/donation-status";
import { paidGiftAnnouncements } from "~/domain/donations/live-events.server";
import { type Announcement, announceAfterCommit } from "~/platform/db/announcer.server";
import type { DonationPaymentEvent, PaymentEvent } from "~/domain/payments";
import type { Payments } from "~/domain/payments/index.server";
import { isUuid } from "./donations.server";
import { recordPaymentFailure } from "~/domain/donations/payment-abuse.server";
import { queuePaidGiftEmails } from "./donation-emails.server";
import { applyPaidEvent, takesPaidFastPath } from "./paid-event.server";
import { applyPaidDelta } from "~/domain/parties/index.server";
import { recordGiftPaid } from "~/domain/ledger/index.server";
import { allocateMatch, releaseMatch } from "~/domain/matching/index.server";
import { checkPixPayment, flagPixPayment } from "./pix-payments.server";
import type { PixFlagReason } from "./pix-flags";
import { applyTakeBackEvent, isTakeBackEvent } from "./refund-events.server";
import {
  applyRecoveryPixPayment,
  applySubscriptionEvent,
  type SubscriptionEventDeps,
  type SubscriptionOutcome,
} from "~/domain/subscriptions/index.server";

const { donations, donationStatusHistory, paymentEvents, parties, pixCharges } = schema;

export type ProcessOutcome =
  | { outcome: "applied"; donationId: string; from: DonationStatus; to: DonationStatus }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string }
  | { outcome: "declined"; donationId: string }
  | { outcome: "flagged"; donationId: string; reason: PixFlagReason }
  | { outcome: "unmatched" };

/** What applying an event needs (from the request context): the configuration, where e-mail goes, the providers. */
export type EventDeps = SubscriptionEventDeps & { payments?: Pick<Payments, "byName"> };

export async function processPaymentEvent(event: PaymentEvent, deps: EventDeps): Promise<ProcessOutcome | SubscriptionOutcome> {
  if (event.kind === "subscription") return db.transaction((tx) => applySubscriptionEvent(tx, event, deps));
  if (event.kind !== "donation") return { outcome: "ignored", reason: event.reason };
  // A failed month's one-off Pix (the recovery link) pays that month, not a gift.
  const month = event.pix ? await applyRecoveryPixPayment(event, deps) : null;
  if (month) return month;
  // The common case (a pending gift paid) in the batched paying statement; the rest in the transaction below.
  if (takesPaidFastPath(event, deps.config.PLATFORM_FEE_PERCENT)) {
    const applied = await applyPaidEvent(event, { feePercent: deps.config.PLATFORM_FEE_PERCENT, publicUrl: deps.config.PUBLIC_URL });
    if (applied) return applied;
  }
  return processDonationEventAlone(event, deps);
}

/**
 * The single path: one transaction for this event alone. Every donation event that does not take
 * the batch statement comes here; paid-event-paths.property.test.ts sends paid events here too, to
 * prove both paths write the same rows.
 */
export async function processDonationEventAlone(event: DonationPaymentEvent, deps: EventDeps): Promise<ProcessOutcome> {
  const announcements: Announcement[] = [];
  const outcome = await db.transaction((tx) => applyDonationEvent(tx, event, deps, announcements));
  await announceAfterCommit(announcements);
  return outcome;
}

async function applyDonationEvent(
  tx: Transaction,
  event: DonationPaymentEvent,
  deps: EventDeps,
  announcements: Announcement[],
): Promise<ProcessOutcome> {
  const donation = await lockDonation(tx, event);
  // Not ours (or not linked yet): nothing is recorded, so a redelivery can still match later.
  if (!donation) return { outcome: "unmatched" };

  const [recorded] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, receivedAt: sql`now()` })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  // A Pix is also checked against its charge (its end-to-end id is the event id).
  const pixCheck = event.pix ? await checkPixPayment(tx, event, event.pix, donation, recorded !== undefined) : null;
  if (pixCheck && "outcome" in pixCheck) return pixCheck;
  if (!recorded && !pixCheck) return { outcome: "duplicate" };

  const failure = { subject: donation.abuseSubject, partyKey: donation.partyId ?? "main", cardFingerprint: event.cardFingerprint };
  if (event.action === "declined") {
    await recordPaymentFailure(tx, failure);
    return { outcome: "declined", donationId: donation.id };
  }

  const from = donation.status;
  const expiredByUs = from === "cancelada" && (await wasExpiredByUs(tx, donation.id));
  // Refunds (maybe partial) and disputes: amounts decide the move (docs/decisions/151-refunds.md).
  if (isTakeBackEvent(event)) return applyTakeBackEvent(tx, donation, event, { expiredByUs, announcements, ...deps });
  const to = nextDonationStatus(from, event.action, expiredByUs);
  if (!to) {
    // Real money for a gift already closed (paid by another Pix, or closed by the provider): never silently dropped.
    if (pixCheck && event.action === "paid") {
      await flagPixPayment(tx, pixCheck.paymentRowId, "pagamento_repetido");
      return { outcome: "flagged", donationId: donation.id, reason: "pagamento_repetido" };
    }
    return { outcome: "ignored", reason: `${from} não muda com '${event.action}'` };
  }

  await tx
    .update(donations)
    .set({
      status: to,
      statusChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(to === "paga" ? { paidAt: event.occurredAt } : {}),
      ...(event.paymentId && !donation.providerPaymentId ? { providerPaymentId: event.paymentId } : {}),
    })
    .where(eq(donations.id, donation.id));
  await tx.insert(donationStatusHistory).values({
    donationId: donation.id,
    fromStatus: from,
    toStatus: to,
    providerEventId: event.id,
    occurredAt: event.occurredAt,
  });

  if (to === "falhou") await recordPaymentFailure(tx, failure);
  // Before the e-mails: the receipt reads its fee and net from this row.
  await recordMovement(tx, donation, event, to, deps.config.PLATFORM_FEE_PERCENT);
  if (to === "paga") {
    const mailed = await queuePaidGiftEmails(tx, donation.id, deps);
    // Every paid gift is announced, after the commit: the creator's panel listens by owner, a donor's Pix page by gift.
    const { id: donationId, partyId, partyOwnerId: ownerUserId, amountCents } = donation;
    announcements.push(...paidGiftAnnouncements({ donationId, partyId, ownerUserId, amountCents }, { mailed }));
  }
  // A matching sponsor's promise (decision 215): after the gift's lock, before the party's.
  if (to === "paga") {
    await allocateMatch(tx, {
      donationId: donation.id,
      partyId: donation.partyId,
      amountCents: donation.amountCents,
      paidAt: event.occurredAt,
      matchPledgeId: donation.matchPledgeId,
    });
  }
  if (from === "paga") await releaseMatch(tx, donation.id, 0);
  // Last, so the party's row (shared by every gift to a busy party) stays locked only until the commit.
  if (donation.partyId && to === "paga") await applyPaidDelta(tx, donation.partyId, donation.amountCents, 1);
  if (donation.partyId && from === "paga") await applyPaidDelta(tx, donation.partyId, donation.amountCents, -1);
  return { outcome: "applied", donationId: donation.id, from, to };
}

export type LockedDonation = NonNullable<Awaited<ReturnType<typeof lockDonation>>>;

/** The ledger row of a gift paid, with the fee in force now (docs/decisions/130-ledger.md). */
async function recordMovement(
  tx: Transaction,
  donation: LockedDonation,
  event: DonationPaymentEvent,
  to: DonationStatus,
  feePercent: number,
) {
  const gift = {
    donationId: donation.id,
    partyId: donation.partyId,
    organizationId: donation.organizationId ?? donation.partyOrganizationId,
    amountCents: donation.amountCents,
    feeCoveredCents: donation.feeCoveredCents,
  };
  const source = {
    provider: event.provider,
    providerEventId: event.id,
    occurredAt: event.occurredAt,
    providerFeeCents: event.providerFeeCents,
  };
  if (to === "paga") await recordGiftPaid(tx, gift, source, feePercent);
}

/** SELECT … FOR UPDATE: concurrent events for one gift queue up here, one at a time. */
async function lockDonation(tx: Transaction, event: DonationPaymentEvent) {
  const { donationId, checkoutId, paymentId } = event.ref;
  const matches: SQL[] = [];
  if (event.pix) {
    matches.push(sql`${donations.id} = (select ${pixCharges.donationId} from ${pixCharges} where ${pixCharges.txid} = ${event.pix.txid})`);
  }
  if (donationId && isUuid(donationId)) matches.push(eq(donations.id, donationId));
  if (checkoutId) matches.push(eq(donations.providerCheckoutId, checkoutId));
  if (paymentId) matches.push(eq(donations.providerPaymentId, paymentId));
  if (matches.length === 0) return null;
  const [row] = await tx
    .select({
      id: donations.id,
      status: donations.status,
      partyId: donations.partyId,
      organizationId: donations.organizationId,
      partyOrganizationId: parties.organizationId,
      amountCents: donations.amountCents,
      feeCoveredCents: donations.feeCoveredCents,
      providerPaymentId: donations.providerPaymentId,
      abuseSubject: donations.abuseSubject,
      partyOwnerId: parties.userId,
      matchPledgeId: donations.matchPledgeId,
      paidAt: donations.paidAt,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    // A sandbox event can never touch a Stripe gift, nor the reverse.
    .where(and(eq(donations.provider, event.provider), or(...matches)))
    .limit(1)
    // Only the gift's row: the party row is locked by the totals update, as late as possible.
    .for("update", { of: donations });
  return row ?? null;
}

/** Our expiry job leaves a history row without a provider event id. */
async function wasExpiredByUs(tx: Transaction, donationId: string): Promise<boolean> {
  const [last] = await tx
    .select({ to: donationStatusHistory.toStatus, eventId: donationStatusHistory.providerEventId })
    .from(donationStatusHistory)
    .where(eq(donationStatusHistory.donationId, donationId))
    .orderBy(desc(donationStatusHistory.createdAt), desc(donationStatusHistory.occurredAt))
    .limit(1);
  return last?.to === "cancelada" && last.eventId === null;
}
