/**
 * Stripe's books for reconciliation: the balance transactions created in a period, each with its
 * source (the charge, refund or dispute) expanded so it can be matched to our gift (metadata
 * `donation_id`, PaymentIntent) or subscription charge (customer). Movements that are not money
 * given or taken back (Stripe's payouts to our bank, its own fees, transfers…) are left out.
 */
import type Stripe from "stripe";
import type { PaymentEvent, ProviderBalanceRecord } from "./types";
import { logger } from "~/platform/logger.server";

type Source = Exclude<Stripe.BalanceTransaction["source"], string | null>;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function kindOf(bt: Stripe.BalanceTransaction, source: Source | null): ProviderBalanceRecord["kind"] | null {
  switch (bt.type) {
    case "charge":
    case "payment":
      return "payment";
    case "refund":
    case "payment_refund":
      return "refund";
    case "adjustment":
      // A dispute withdraws the money (negative) and, when won, reinstates it (positive).
      if (source?.object !== "dispute") return null;
      return bt.amount < 0 ? "dispute" : "dispute_reversal";
    default:
      return null;
  }
}

function referencesOf(source: Source | null): Pick<ProviderBalanceRecord, "paymentId" | "donationId" | "customerId"> {
  if (!source) return { paymentId: null, donationId: null, customerId: null };
  if (source.object === "charge") {
    return { paymentId: idOf(source.payment_intent), donationId: source.metadata?.donation_id ?? null, customerId: idOf(source.customer) };
  }
  // Both name the PaymentIntent, which our gift remembers (donations.provider_payment_id).
  if (source.object === "refund" || source.object === "dispute")
    return { paymentId: idOf(source.payment_intent), donationId: null, customerId: null };
  return { paymentId: null, donationId: null, customerId: null };
}

export async function listStripeBalanceRecords(stripe: Stripe, range: { from: Date; to: Date }): Promise<ProviderBalanceRecord[]> {
  const records: ProviderBalanceRecord[] = [];
  const params: Stripe.BalanceTransactionListParams = {
    created: { gte: Math.floor(range.from.getTime() / 1000), lt: Math.ceil(range.to.getTime() / 1000) },
    limit: 100,
    expand: ["data.source"],
  };
  for await (const bt of stripe.balanceTransactions.list(params)) {
    const source = bt.source && typeof bt.source === "object" ? bt.source : null;
    const kind = kindOf(bt, source);
    if (!kind) continue;
    records.push({
      id: bt.id,
      kind,
      amountCents: bt.amount,
      feeCents: bt.fee,
      createdAt: new Date(bt.created * 1000),
      ...referencesOf(source),
    });
  }
  return records;
}

/**
 * Decision 206: Stripe's fee of each paid gift and of each paid monthly invoice, from its balance
 * transaction — the PaymentIntent read with `latest_charge.balance_transaction` expanded (the
 * checkout event names only the intent; an invoice names its intent through its invoice payments).
 * A fee Stripe does not give (no charge yet, the API unreachable) stays unknown: the payment is
 * applied all the same, and reconciliation names the missing fee.
 */
export async function withStripeFees(stripe: Stripe, events: PaymentEvent[]): Promise<PaymentEvent[]> {
  return Promise.all(
    events.map(async (event) => {
      try {
        if (event.kind === "donation" && event.action === "paid" && event.paymentId && event.providerFeeCents == null) {
          const fee = await feeOfIntent(stripe, event.paymentId);
          return fee == null ? event : { ...event, providerFeeCents: fee };
        }
        if (event.kind === "subscription" && event.action === "invoice_paid" && event.invoice && event.invoice.providerFeeCents == null) {
          const intentId = await paidIntentOfInvoice(stripe, event.invoice.id);
          const fee = intentId ? await feeOfIntent(stripe, intentId) : null;
          return fee == null ? event : { ...event, invoice: { ...event.invoice, providerFeeCents: fee } };
        }
        return event;
      } catch (error) {
        logger.warn({ eventId: event.id, reason: (error as Error).message }, "stripe fee not read");
        return event;
      }
    }),
  );
}

/** The webhook waits for these: one quick try each (a fee is not worth a provider's redelivery). */
const QUICK = { timeout: 5_000, maxNetworkRetries: 0 } as const;

async function feeOfIntent(stripe: Stripe, intentId: string): Promise<number | null> {
  const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge.balance_transaction"] }, QUICK);
  const charge = intent.latest_charge && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const bt = charge?.balance_transaction && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
  return bt ? bt.fee : null;
}

/** The PaymentIntent that paid an invoice (an invoice paid out of band, by our Pix link, has none). */
async function paidIntentOfInvoice(stripe: Stripe, invoiceId: string): Promise<string | null> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 3 }, QUICK);
  for (const payment of payments.data) {
    const intent = payment.payment.payment_intent;
    if (intent) return typeof intent === "string" ? intent : intent.id;
  }
  return null;
}
