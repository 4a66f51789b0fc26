/**
 * Asking the provider for a refund (docs/decisions/151-refunds.md). Nothing here moves money: the
 * provider's `refunded` event does, through processPaymentEvent, like every other payment event.
 * The request runs outside any transaction (a network call must not hold locks); the caller then
 * records the refund as `requested`, with its audit entry, in one transaction.
 */
import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { giftMoney, remainingCents } from "~/domain/ledger/index.server";
import type { Payments } from "~/domain/payments/index.server";
import { type ProviderName, RefundError } from "~/domain/payments";
import { pendingRefundCents } from "./refunds.server";

const { donations } = schema;

export type RefundableGift = NonNullable<Awaited<ReturnType<typeof findRefundableGift>>>;

/** A gift as the refund form needs it: what remains with the institution, and what is already asked for. */
export async function findRefundableGift(donationId: string) {
  const [gift] = await db
    .select({
      id: donations.id,
      status: donations.status,
      provider: donations.provider,
      providerPaymentId: donations.providerPaymentId,
      amountCents: donations.amountCents,
      receiptNumber: donations.receiptNumber,
      partyId: donations.partyId,
    })
    .from(donations)
    .where(eq(donations.id, donationId));
  if (!gift) return null;
  const remaining = remainingCents(await giftMoney(db, gift.id));
  const pending = (await pendingRefundCents([gift.id])).get(gift.id) ?? 0;
  return { ...gift, remainingCents: remaining, pendingCents: pending, availableCents: Math.max(0, remaining - pending) };
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
  const provider = payments.webhook(gift.provider as ProviderName);
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
