/**
 * The payment-provider seam (docs/decisions/00X-payments.md). Pages and models talk to this
 * interface only; Stripe and the built-in sandbox implement it. A provider turns its own webhook
 * format into normalized events, and one piece of code (app/domain/donations/payment-events.server.ts)
 * applies them, whichever provider sent them.
 */

import type { PixCharge, PixChargeRequest, PixChargeStatus, PixRecurrenceView, PixRecurringChargeRequest } from "./pix-types";

/** `pix`: a PSP implementing the Central Bank's standard API Pix (pix-api.server.ts; Efí first). */
import type { FeeSchedule } from "~/platform/fee-schedule";

export type ProviderName = "stripe" | "sandbox" | "pix";

export type DonationCheckoutRequest = {
  donationId: string;
  amountCents: number;
  /** Shown on the hosted payment page, e.g. "Doação para Aniversário de 30 anos da Mariana". */
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Same key, same session: a retried or double-submitted gift never opens two checkouts. */
  idempotencyKey: string;
};

export type CheckoutSession = {
  checkoutId: string;
  /** The provider's hosted payment page. */
  url: string | null;
  /** Pix Automático at a PSP: the recurrence created (its id is the subscription's provider id); we keep its row from now on. */
  recurrence?: { id: string; startDate: string };
};

/** Subscription checkout for Assine o Bem (issue #6); the price id is chosen by the server. */
export type SubscriptionCheckoutRequest = {
  userId: string;
  customerId: string | null;
  customerEmail: string;
  /** Recorded in the provider's metadata; the price id below is what is charged. */
  planId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /**
   * Pix Automático at a PSP: the recurrence's payer (the standard's `vinculo.devedor` needs the CPF
   * and the name) and its first due date (yyyy-MM-dd). The sandbox needs none of it.
   */
  pixAutomatico?: { payerName: string; payerCpf: string; startDate: string };
};

type PortalSessionRequest = { customerId: string; returnUrl: string };

export type CustomerRequest = { userId: string; email: string; name: string };

/**
 * What a provider's event means for a one-off gift. `declined` is one refused attempt on a
 * checkout that stays open (the donor may try another card): it changes no status, it is only
 * counted by the abuse limits (app/domain/donations/payment-abuse.server.ts).
 */
export type DonationEventAction = "paid" | "failed" | "canceled" | "refunded" | "disputed" | "dispute_won" | "declined";

type EventBase = {
  /** The provider's event id: stored under a unique key, so a redelivery is a no-op. */
  id: string;
  provider: ProviderName;
  /** The provider's own event type, kept for the record. */
  type: string;
  /** When the provider says it happened. */
  occurredAt: Date;
};

export type DonationPaymentEvent = EventBase & {
  kind: "donation";
  action: DonationEventAction;
  /** Any of these finds the gift; the donation id comes from metadata we set at checkout. */
  ref: { donationId?: string | null; checkoutId?: string | null; paymentId?: string | null };
  /** The provider's payment id (e.g. Stripe PaymentIntent), remembered when the gift is paid. */
  paymentId?: string | null;
  /** The card's fingerprint when the provider gives one (same card → same value), for the abuse limits. */
  cardFingerprint?: string | null;
  /**
   * A Pix received (`paid` only): the charge it paid and what was actually paid. The event id is
   * the end-to-end id. Checked against the charge before the gift is counted (docs/decisions/150-pix.md).
   */
  pix?: { txid: string; endToEndId: string; amountCents: number } | null;
  /**
   * On `refunded`: the provider's refund (its id makes it count once) and how much it gave back;
   * absent when the event only says the whole payment was refunded (the rest is refunded then).
   */
  refund?: { refundId: string; amountCents: number } | null;
  /**
   * On `paid`: what the PSP kept of this payment, as it reports it (Stripe: the balance
   * transaction's fee) or as its configured tariff says (a Pix PSP, the sandbox); null = unknown.
   * Written to the paid row's `provider_fee_cents` (decision 206).
   */
  providerFeeCents?: number | null;
};

/** A well-signed event this product does not act on (other event types, unpaid async sessions…). */
type IgnoredPaymentEvent = EventBase & { kind: "ignored"; reason: string };

/**
 * Our subscription states (schema `subscription_status`); providers map theirs onto these.
 * `incomplete_expired`: ended before it started (a Pix Automático authorisation refused or expired).
 */
export type SubscriptionState = "incomplete" | "active" | "past_due" | "canceled" | "incomplete_expired";

/**
 * What a subscription event means: `updated` and `deleted` carry the provider's whole current
 * subscription (created, plan change, renewal, cancel); invoice events carry one charge; and
 * `checkout_completed` only links the subscription to the user who paid.
 */
export type SubscriptionEventAction = "checkout_completed" | "updated" | "deleted" | "invoice_paid" | "invoice_failed";

export type SubscriptionPaymentEvent = EventBase & {
  kind: "subscription";
  action: SubscriptionEventAction;
  subscriptionId: string;
  customerId: string | null;
  /** Our user id, from metadata we set at checkout (the customer link is preferred). */
  userId: string | null;
  /** The provider price id: the plan is derived from it through the plan table, never trusted as a plan name. */
  priceId: string | null;
  /** Only on `updated` / `deleted`. */
  status: SubscriptionState | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
  /**
   * Only on invoice events. `nextAttemptAt`: on a failure at a provider that retries by itself
   * (Stripe's `next_payment_attempt`), its next try, null on its last; absent when we retry.
   */
  invoice: {
    id: string;
    amountCents: number;
    periodEnd: Date | null;
    nextAttemptAt?: Date | null;
    /** On `invoice_paid`: what the PSP kept of the charge (decision 206); null or absent = unknown. */
    providerFeeCents?: number | null;
  } | null;
  /** On `deleted`: the payer ended it outside our pages (Pix Automático revoked in the bank app); we e-mail them. */
  canceledByPayer?: boolean;
};

/** The provider's current view of one subscription (the success page's refresh). */
export type SubscriptionSnapshot = {
  subscriptionId: string;
  customerId: string;
  priceId: string | null;
  status: SubscriptionState;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * A change to one subscription asked from our own pages (the plan-management link, account
 * deletion), applied by the provider; the result comes back as its usual events.
 */
export type SubscriptionChange =
  { kind: "cancel-now" } | { kind: "cancel-at-period-end" } | { kind: "resume" } | { kind: "change-plan"; priceId: string };
export type SubscriptionChangeRequest = {
  /** Our row's view of the subscription (the sandbox, which keeps no state, builds its events from it). */
  subscription: SubscriptionSnapshot & { userId: string | null };
  change: SubscriptionChange;
};

export type SubscriptionRetryRequest = {
  subscription: SubscriptionSnapshot & { userId: string | null };
  method: "card" | "pix_automatico";
  invoice: { id: string; amountCents: number; periodEnd: Date | null };
  /** 1 for the first retry: with the invoice, the idempotency key (the same retry asked twice is one). */
  attempt: number;
  now: Date;
};

export type PaymentEvent = DonationPaymentEvent | SubscriptionPaymentEvent | IgnoredPaymentEvent;

/**
 * One movement in the provider's own books (Stripe: a balance transaction), for reconciliation
 * against our ledger (docs/decisions/130-ledger.md). Amounts are signed as the provider books
 * them: a payment is positive, a refund or a dispute negative, a dispute won positive again.
 */
export type ProviderBalanceRecord = {
  id: string;
  kind: "payment" | "refund" | "dispute" | "dispute_reversal";
  amountCents: number;
  /** What the provider kept for itself; null when its list does not say (a Pix PSP without a configured tariff). */
  feeCents: number | null;
  createdAt: Date;
  /** The provider's payment id (Stripe PaymentIntent), when the record names one. */
  paymentId: string | null;
  /** Our gift's id, from the metadata we set at checkout, when the record carries it. */
  donationId: string | null;
  /** The provider's customer (subscription charges). */
  customerId: string | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createDonationCheckout(request: DonationCheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the exact raw body and turns the payload into normalized events.
   * Throws WebhookSignatureError when the signature is missing, stale or wrong.
   */
  parseWebhook(rawBody: string, headers: Headers, url?: URL): PaymentEvent[];
  /** Pix (issue 15): the txid length this provider accepts (API Pix: 26–35; a static BR Code: up to 25). */
  readonly pixTxidLength?: number;
  /** The PSP's tariff per Pix received, where its API reports none (PIX_PSP_FEE; the sandbox's simulated one): decision 206. */
  readonly pixFee?: FeeSchedule | null;
  /** The sandbox's simulated fees (its statement's fees, for reconciliation: decision 207). */
  readonly simulatedFees?: { card: FeeSchedule; pix: FeeSchedule };
  /**
   * Decision 206: the PSP's own fee for each paid event whose body does not carry it, looked up
   * at the provider (Stripe: the payment's balance transaction). Never throws: a fee it cannot
   * read stays unknown (null), and reconciliation names the difference.
   */
  withProviderFees?(events: PaymentEvent[]): Promise<PaymentEvent[]>;
  createPixCharge?(request: PixChargeRequest): Promise<PixCharge>;
  /** Re-reads a charge at the provider ("Já paguei" when a webhook is late); absent when the webhook is the only word (sandbox). */
  getPixCharge?(txid: string): Promise<PixChargeStatus | null>;
  /**
   * Issue 15, item 4: Assine o Bem by Pix Automático. Opens the recurrence the subscriber authorises
   * once in their bank app (its QR code); the result comes back as subscription events.
   */
  createPixAutomaticoCheckout?(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /** A PSP's recurrence as it stands (our page's QR code and "Já autorizei"), with the events its state means. */
  getPixRecurrence?(recurrenceId: string): Promise<PixRecurrenceView | null>;
  /** One month's Pix Automático charge (`PUT /cobr/{txid}`); the same txid again is the same charge. */
  createPixRecurringCharge?(request: PixRecurringChargeRequest): Promise<void>;
  /**
   * Issue 30: one more try of a month's failed charge, asked by our schedule (docs/recovery.md); the
   * result comes back as its usual invoice event. Absent at a provider that retries by itself (Stripe).
   */
  retrySubscriptionCharge?(request: SubscriptionRetryRequest): Promise<void>;
  /** The month was paid another way (the link's one-off Pix): the provider stops its own retries. */
  settleInvoiceOutOfBand?(invoiceId: string): Promise<void>;
  /** Issue #6: Assine o Bem checkout (subscription mode) and the customer portal. */
  createSubscriptionCheckout?(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  createPortalSession?(request: PortalSessionRequest): Promise<{ url: string }>;
  /** One billing customer per user: created once, stored in billing_customers, reused. */
  createCustomer?(request: CustomerRequest): Promise<{ customerId: string }>;
  /** The provider's current subscriptions of a customer; absent when the provider has no state of its own (sandbox). */
  listSubscriptions?(customerId: string): Promise<SubscriptionSnapshot[]>;
  /** Issue 16: cancel, resume or change the plan of one subscription without the portal. */
  changeSubscription?(request: SubscriptionChangeRequest): Promise<void>;
  /**
   * The provider's money movements created in [from, to), for reconciliation; absent when the
   * provider keeps no books of its own (the sandbox, whose events are its record).
   */
  listBalanceRecords?(range: { from: Date; to: Date }): Promise<ProviderBalanceRecord[]>;
  /**
   * Issue 15: gives back all or part of a paid gift (Stripe: a Refund; Pix: a devolução,
   * `PUT /pix/{e2eid}/devolucao/{id}` with `valor`, where `id` is our idempotency key). Resolves
   * once the provider took the request; the money moves in our books when its `refunded` event,
   * naming the same refund id, arrives. Throws RefundError (message safe to show, pt-BR) when the
   * provider refuses. The same idempotency key never refunds twice.
   */
  refund?(request: RefundRequest): Promise<{ refundId: string }>;
}

export type RefundRequest = {
  /** The provider's payment id (Stripe PaymentIntent, Pix e2eid) remembered when the gift was paid. */
  paymentId: string;
  /** Our gift: the sandbox's event names it, Stripe keeps it in the refund's metadata. */
  donationId: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
};

/** The provider refused a refund; `message` is safe to show to the admin (pt-BR). */
export class RefundError extends Error {
  override name = "RefundError";
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
  /** 400 for a bad signature (card providers, as before); 401 when the caller did not authenticate (Pix webhook token). */
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 = 400,
  ) {
    super(message);
  }
}

/** The provider could not open a checkout; `message` is safe to show to the donor (pt-BR). */
export class CheckoutError extends Error {
  override name = "CheckoutError";
}
