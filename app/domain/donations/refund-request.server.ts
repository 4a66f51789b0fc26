/**
 * Asking the provider for a refund (docs/decisions/151-refunds.md). Nothing here moves money: the
 * provider's `refunded` event does, through processPaymentEvent, like every other payment event.
 * The request runs outside any transaction (a network call must not hold locks), between two that
 * do: `reserveRefund` counts what remains with the gift's row locked and writes the refund down
 * before the provider is asked, so two requests at once cannot both take the same money (decision
 * 167); `attachProviderRefund` (refunds.server.ts) then records the provider's answer.
 */
import { eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { giftMoney, remainingCents } from "~/domain/ledger/index.server";
import type { Payments } from "~/domain/payments/index.server";
import { RefundError } from "~/domain/payments";
import { auditedChange } from "~/platform/audit.server";
import { attachProviderRefund, pendingRefundCents } from "./refunds.server";

const { donations, refunds } = schema;

export type RefundableGift = NonNullable<Awaited<ReturnType<typeof findRefundableGift>>>;

/** A gift as the refund form needs it: what remains with the institution, and what is already asked for. */
async function findRefundableGift(donationId: string, executor: Executor = db, lock = false) {
  const query = executor
    .select({
      id: donations.id,
      status: donations.status,
      provider: donations.provider,
      providerPaymentId: donations.providerPaymentId,
      // What was charged: the gift and any fee its donor covered (decision 216), all of it refundable.
      amountCents: sql<number>`${donations.amountCents} + ${donations.feeCoveredCents}`.mapWith(Number),
      receiptNumber: donations.receiptNumber,
      partyId: donations.partyId,
    })
    .from(donations)
    .where(eq(donations.id, donationId));
  const [gift] = lock ? await query.for("update") : await query;
  if (!gift) return null;
  const remaining = remainingCents(await giftMoney(executor, gift.id));
  const pending = (await pendingRefundCents([gift.id], executor)).get(gift.id) ?? 0;
  return { ...gift, remainingCents: remaining, pendingCents: pending, availableCents: Math.max(0, remaining - pending) };
}

type RefundReservation =
  | { ok: true; reservationId: string; gift: RefundableGift }
  | { ok: false; reason: "missing" | "not-paid" | "nothing-left" | "too-much"; availableCents: number };

/**
 * Writes an admin's refund down before the provider is asked: in one transaction with the gift's
 * row locked (SELECT … FOR UPDATE, the lock every payment event of the gift takes too), what
 * remains minus what is already asked must cover it. A second request waits for the first and
 * then counts it, so the refunds asked of a gift never add up to more than what was paid. The row
 * is `queued` with no party cancellation: the party-refund worker leaves it alone.
 */
async function reserveRefund(request: {
  donationId: string;
  amountCents: number;
  reason: string;
  requestedBy: string;
}): Promise<RefundReservation> {
  return db.transaction(async (tx) => {
    const gift = await findRefundableGift(request.donationId, tx, true);
    if (!gift) return { ok: false, reason: "missing", availableCents: 0 };
    if (gift.status !== "paga") return { ok: false, reason: "not-paid", availableCents: 0 };
    if (gift.availableCents <= 0) return { ok: false, reason: "nothing-left", availableCents: 0 };
    if (request.amountCents > gift.availableCents) return { ok: false, reason: "too-much", availableCents: gift.availableCents };
    const [row] = await tx
      .insert(refunds)
      .values({
        donationId: gift.id,
        provider: gift.provider,
        amountCents: request.amountCents,
        reason: request.reason,
        requestedBy: request.requestedBy,
        status: "queued",
      })
      .returning({ id: refunds.id });
    return { ok: true, reservationId: row!.id, gift };
  });
}

/** The provider refused (or could not be asked): the reservation goes, as if nothing was asked. */
async function releaseRefund(reservationId: string) {
  await db.delete(refunds).where(eq(refunds.id, reservationId));
}

/**
 * Asks the gift's provider to refund `amountCents`. The idempotency key names the gift, what the
 * provider had confirmed giving back, and the amount: a double-submitted form (or the same amount
 * asked again before the first is confirmed) asks once — Stripe and the sandbox answer the same
 * refund — while a refund after the confirmation is a new one. Throws
 * RefundError (pt-BR) when the provider refuses or cannot refund at all.
 */
export async function requestProviderRefund(
  gift: Pick<RefundableGift, "id" | "provider" | "providerPaymentId" | "amountCents" | "remainingCents">,
  request: { amountCents: number; reason: string; key?: string },
  payments: Payments,
): Promise<{ refundId: string }> {
  const provider = payments.byName(gift.provider);
  if (!provider?.refund) throw new RefundError("Este provedor de pagamento não está ativo aqui; reembolse pelo painel dele.");
  if (!gift.providerPaymentId) throw new RefundError("O provedor não informou o pagamento desta doação; reembolse pelo painel dele.");
  const before = gift.amountCents - gift.remainingCents;
  return provider.refund({
    paymentId: gift.providerPaymentId,
    donationId: gift.id,
    amountCents: request.amountCents,
    reason: request.reason,
    idempotencyKey: request.key ?? `refund:${gift.id}:${before}:${request.amountCents}`,
  });
}

export type RefundRequestOutcome =
  | { ok: true; receiptNumber: number }
  | Extract<RefundReservation, { ok: false }>
  | { ok: false; reason: "provider-refused"; message: string };

/**
 * Doações, "Reembolsar": reserves the refund, asks the provider, and records its answer with the
 * audit entry. Refused without a trace: `missing`, `not-paid`, `nothing-left`, `too-much` (with
 * what may still be refunded) and `provider-refused` (its pt-BR message).
 */
export async function requestRefund(
  actorUserId: string,
  request: { donationId: string; amountCents: number; reason: string },
  payments: Payments,
): Promise<RefundRequestOutcome> {
  const { donationId, amountCents, reason } = request;
  // Counted and written down with the gift locked, before the provider is asked (decision 167).
  const reserved = await reserveRefund({ donationId, amountCents, reason, requestedBy: actorUserId });
  if (!reserved.ok) return reserved;
  const { gift, reservationId } = reserved;

  let providerRefundId: string;
  try {
    // The remaining amount before this reservation names the refund to the provider (a double submit asks once).
    ({ refundId: providerRefundId } = await requestProviderRefund(gift, { amountCents, reason }, payments));
  } catch (error) {
    await releaseRefund(reservationId);
    if (!(error instanceof RefundError)) throw error;
    return { ok: false, reason: "provider-refused", message: error.message };
  }
  await auditedChange(actorUserId, async (tx, audit) => {
    await attachProviderRefund(tx, { id: reservationId, donationId, amountCents }, providerRefundId);
    await audit({
      action: "donation.refund",
      entity: "donation",
      entityId: donationId,
      details: { receiptNumber: gift.receiptNumber, amountCents, reason, providerRefundId },
    });
  });
  return { ok: true, receiptNumber: gift.receiptNumber };
}
