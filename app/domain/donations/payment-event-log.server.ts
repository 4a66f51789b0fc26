/**
 * One payment event as a person reads it in the terminal of `npm start`: what happened, the
 * amount and the reference (the gift's receipt number and the provider's event id). The gift's
 * amount is one primary-key read, made only outside production: production keeps its JSON line
 * with the ids, and its webhook path does not pay for a sentence nobody reads there.
 */
import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { formatCents } from "~/platform/money";
import type { PaymentEvent } from "~/domain/payments";
import type { ProcessOutcome } from "./payment-events.server";

type Gift = { amountCents: number; receiptNumber: number };

async function findGift(donationId: string): Promise<Gift | null> {
  const [gift] = await db
    .select({ amountCents: schema.donations.amountCents, receiptNumber: schema.donations.receiptNumber })
    .from(schema.donations)
    .where(eq(schema.donations.id, donationId))
    .limit(1);
  return gift ?? null;
}

/** "doação nº 123, R$ 50,00" — or the bare id when the gift is not read (production). */
function giftWords(gift: Gift | null, donationId: string) {
  return gift ? `doação nº ${gift.receiptNumber}, ${formatCents(gift.amountCents)}` : `doação ${donationId}`;
}

/** The sentence for one applied (or refused) donation event. */
export function describePaymentOutcome(event: PaymentEvent, result: ProcessOutcome | { outcome: string }, gift: Gift | null): string {
  const ref = `evento ${event.id}, ${event.provider}`;
  if (event.kind === "subscription") return `Assinatura: evento '${event.action}' processado (${ref})`;
  switch (result.outcome) {
    case "applied": {
      const { donationId, from, to } = result as Extract<ProcessOutcome, { outcome: "applied" }>;
      if (to === "paga") return `Pagamento confirmado: ${giftWords(gift, donationId)} (${ref})`;
      return `Doação atualizada de '${from}' para '${to}': ${giftWords(gift, donationId)} (${ref})`;
    }
    case "declined":
      return `Pagamento recusado: ${giftWords(gift, (result as { donationId: string }).donationId)} (${ref})`;
    case "flagged":
      return `Pix para revisão (${(result as { reason: string }).reason}): ${giftWords(gift, (result as { donationId: string }).donationId)} (${ref})`;
    case "duplicate":
      return `Evento de pagamento repetido, nada mudou (${ref})`;
    case "unmatched":
      return `Evento de pagamento sem doação correspondente (${ref})`;
    default:
      return `Evento de pagamento sem efeito${"reason" in result ? `: ${String(result.reason)}` : ""} (${ref})`;
  }
}

/** The sentence, with the gift's amount and receipt number read when `withGift` (outside production). */
export async function paymentEventLine(event: PaymentEvent, result: ProcessOutcome | { outcome: string }, withGift: boolean) {
  const donationId = "donationId" in result && typeof result.donationId === "string" ? result.donationId : null;
  const gift = withGift && donationId ? await findGift(donationId).catch(() => null) : null;
  return describePaymentOutcome(event, result, gift);
}
