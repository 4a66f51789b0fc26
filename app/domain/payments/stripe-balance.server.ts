/**
 * Stripe's books for reconciliation: the balance transactions created in a period, each with its
 * source (the charge, refund or dispute) expanded so it can be matched to our gift (metadata
 * `donation_id`, PaymentIntent) or subscription charge (customer). Movements that are not money
 * given or taken back (Stripe's payouts to our bank, its own fees, transfers…) are left out.
 */
import type Stripe from "stripe";
import type { ProviderBalanceRecord } from "./types";

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
