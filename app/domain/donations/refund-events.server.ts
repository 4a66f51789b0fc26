/**
 * Refunds (full or partial) and disputes, applied to a gift inside processPaymentEvent's
 * transaction, with the gift's row locked and the event id already recorded
 * (docs/decisions/151-refunds.md). Amounts decide the move:
 *
 *  - `refunded`: gives back the event's amount (its refund id counts once), never more than what
 *    remains; the gift stays `paga` until nothing remains, then `reembolsada`;
 *  - `disputed`: the provider withdraws what remains; `paga` → `contestada`;
 *  - `dispute_won`: the provider returns it (a `reversal` row); `contestada` → `paga`. Won before
 *    the dispute itself arrived: both rows at once (they cancel out), and the late dispute is ignored.
 *
 * Any of them reaching a gift never seen paid proves the payment: its paid row is written first.
 * Party totals move by exactly what the ledger rows move (a gift whose donor covered the fee: by the
 * gift's share of it, decision 216); the donor is e-mailed for each refund.
 */
import { eq, sql } from "drizzle-orm";
import { schema, type Transaction } from "~/platform/db.server";
import type { DonationPaymentEvent } from "~/domain/payments";
import {
  giftMoney,
  giftShareCents,
  recordChargeback,
  recordGiftPaid,
  recordRefund,
  recordReversal,
  remainingCents,
} from "~/domain/ledger/index.server";
import { applyRaisedDelta } from "~/domain/parties/index.server";
import { allocateMatch, releaseMatch } from "~/domain/matching/index.server";
import type { DonationStatus } from "./donation-status";
import type { EventDeps, LockedDonation, ProcessOutcome } from "./payment-events.server";
import { queuePaidGiftEmails } from "./donation-emails.server";
import { queueRefundEmail } from "./refund-emails.server";
import { markRefundSucceeded, refundAlreadyCounted } from "./refunds.server";
import { paidGiftAnnouncements } from "./live-events.server";
import type { Announcement } from "~/platform/db/announcer.server";

const { donations, donationStatusHistory } = schema;

const TAKE_BACK = ["refunded", "disputed", "dispute_won"] as const;

export function isTakeBackEvent(event: DonationPaymentEvent): boolean {
  return (TAKE_BACK as readonly string[]).includes(event.action);
}

const HOLDS_MONEY: readonly DonationStatus[] = ["paga", "reembolsada", "contestada"];

export async function applyTakeBackEvent(
  tx: Transaction,
  donation: LockedDonation,
  event: DonationPaymentEvent,
  /** `announcements`: sent by the caller once the transaction has committed. */
  deps: EventDeps & { expiredByUs: boolean; announcements: Announcement[] },
): Promise<ProcessOutcome> {
  const from = donation.status;
  const provesPayment = from === "pendente" || (from === "cancelada" && deps.expiredByUs);
  const ignored = (reason: string): ProcessOutcome => ({ outcome: "ignored", reason });
  if (!provesPayment && !HOLDS_MONEY.includes(from)) return ignored(`${from} não muda com '${event.action}'`);
  if (event.action === "refunded" && event.refund && (await refundAlreadyCounted(tx, event.refund.refundId))) {
    return ignored("reembolso já lançado");
  }

  const source = { provider: event.provider, providerEventId: event.id, occurredAt: event.occurredAt };
  let to: DonationStatus = from;
  let raised = 0;
  let count: -1 | 0 | 1 = 0;
  if (provesPayment) {
    const gift = {
      donationId: donation.id,
      partyId: donation.partyId,
      organizationId: donation.organizationId ?? donation.partyOrganizationId,
      amountCents: donation.amountCents,
      feeCoveredCents: donation.feeCoveredCents,
    };
    await recordGiftPaid(tx, gift, source, deps.config.PLATFORM_FEE_PERCENT);
    [to, raised, count] = ["paga", donation.amountCents, 1];
  }
  const money = await giftMoney(tx, donation.id);
  const rest = remainingCents(money);
  let refunded = 0;

  if (event.action === "refunded") {
    if (to === "paga") {
      const amount = Math.min(event.refund?.amountCents ?? rest, rest);
      if (await recordRefund(tx, money, amount, source)) refunded = amount;
      raised -= refunded;
      if (rest - refunded === 0) [to, count] = ["reembolsada", (count - 1) as -1 | 0];
    }
    // Recorded even when nothing moved (the gift was already refunded): the admin's request is done.
    const { partyCancellation } = await markRefundSucceeded(tx, { donationId: donation.id, provider: event.provider }, event, refunded);
    if (refunded > 0) {
      await queueRefundEmail(
        tx,
        { donationId: donation.id, eventId: event.id, refundedCents: refunded, remainingCents: rest - refunded, partyCancellation },
        deps,
      );
    }
    if (to === from && refunded === 0) return ignored(`${from}: nada a reembolsar`);
  } else if (event.action === "disputed") {
    // One dispute per payment: a chargeback already written (a dispute won first) ends it.
    if (to !== "paga" || money.chargeback) return ignored(`${from} não muda com 'disputed'`);
    const row = await recordChargeback(tx, money, source);
    if (!row) return ignored("contestação já lançada");
    raised += row.grossCents;
    [to, count] = ["contestada", (count - 1) as -1 | 0];
  } else {
    if (to === "contestada" && money.chargeback && !money.reversal) {
      await recordReversal(tx, money.chargeback, source);
      raised -= money.chargeback.grossCents;
      [to, count] = ["paga", 1];
    } else if (to === "paga" && !money.chargeback) {
      // Won before the dispute arrived: withdrawn and returned, in that order, at once.
      const row = await recordChargeback(tx, money, source);
      if (row) await recordReversal(tx, row, source);
    } else {
      return ignored(`${from} não muda com 'dispute_won'`);
    }
  }

  // A history row names every event that moved money (reconciliation reads them), even paga → paga.
  if (to !== from || event.action === "dispute_won") {
    await tx
      .update(donations)
      .set({
        status: to,
        statusChangedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(provesPayment ? { paidAt: event.occurredAt } : {}),
        ...(event.paymentId && !donation.providerPaymentId ? { providerPaymentId: event.paymentId } : {}),
      })
      .where(eq(donations.id, donation.id));
    await tx
      .insert(donationStatusHistory)
      .values({ donationId: donation.id, fromStatus: from, toStatus: to, providerEventId: event.id, occurredAt: event.occurredAt });
  }
  if (provesPayment && to === "paga") {
    const mailed = await queuePaidGiftEmails(tx, donation.id, deps);
    const { partyId, partyOwnerId: ownerUserId } = donation;
    const live = partyId && ownerUserId ? { donationId: donation.id, partyId, ownerUserId, amountCents: donation.amountCents } : null;
    // Announced once the caller's transaction has committed.
    deps.announcements.push(...paidGiftAnnouncements(live, { mailed }));
  }
  // The donor covered the fee (decision 216): the ledger rows move the gift and the fee together,
  // the party's total counts the gift alone — its share of what remains, before and after.
  if (money.paid && money.paid.feeCoveredCents > 0) {
    const before = provesPayment ? 0 : giftShareCents(money.paid, rest);
    raised = giftShareCents(money.paid, remainingCents(await giftMoney(tx, donation.id))) - before;
  }
  // A matching sponsor (decision 215), after the e-mails and before the party's row (the lock order
  // of both paid paths): the payment this event proves claims its match; money that left a matched
  // gift shrinks its sponsor's promise, the cap given back.
  if (provesPayment) {
    await allocateMatch(tx, {
      donationId: donation.id,
      partyId: donation.partyId,
      amountCents: donation.amountCents,
      paidAt: event.occurredAt,
      matchPledgeId: donation.matchPledgeId,
    });
  }
  // A dispute won (decision 220): the money is back, so the gift claims its match again — from the
  // pledge in force when it was paid, if still active with room — on what the gift itself holds.
  if (event.action === "dispute_won" && from === "contestada" && to === "paga") {
    const after = await giftMoney(tx, donation.id);
    const left = remainingCents(after);
    await allocateMatch(
      tx,
      {
        donationId: donation.id,
        partyId: donation.partyId,
        amountCents: after.paid ? giftShareCents(after.paid, left) : left,
        paidAt: donation.paidAt ?? event.occurredAt,
        matchPledgeId: donation.matchPledgeId,
      },
      { reclaim: true },
    );
  }
  if (refunded > 0) {
    // What the gift itself still holds, without the fee its donor covered (decision 216).
    const after = await giftMoney(tx, donation.id);
    const left = remainingCents(after);
    await releaseMatch(tx, donation.id, after.paid ? giftShareCents(after.paid, left) : left);
  }
  if (to === "contestada") await releaseMatch(tx, donation.id, 0);
  // Last: the party's row stays locked only until the commit.
  if (donation.partyId && (raised !== 0 || count !== 0)) await applyRaisedDelta(tx, donation.partyId, raised, count);
  return { outcome: "applied", donationId: donation.id, from, to };
}
