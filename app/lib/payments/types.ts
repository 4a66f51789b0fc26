/**
 * The payment-provider seam (docs/decisions/00X-payments.md). Pages and models talk to this
 * interface only; Stripe and the built-in sandbox implement it. A provider turns its own webhook
 * format into normalized events, and one piece of code (app/models/payment-events.server.ts)
 * applies them, whichever provider sent them.
 */

export type ProviderName = "stripe" | "sandbox";

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
};

/** Subscription checkout for Assine o Bem (issue #6); the price id is chosen by the server. */
export type SubscriptionCheckoutRequest = {
  userId: string;
  customerId: string | null;
  customerEmail: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

export type PortalSessionRequest = { customerId: string; returnUrl: string };

/** What a provider's event means for a one-off gift. */
export type DonationEventAction = "paid" | "failed" | "canceled" | "refunded" | "disputed";

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
};

/** A well-signed event this product does not act on (other event types, unpaid async sessions…). */
export type IgnoredPaymentEvent = EventBase & { kind: "ignored"; reason: string };

/** Issue #6 adds subscription events to this union. */
export type PaymentEvent = DonationPaymentEvent | IgnoredPaymentEvent;

export interface PaymentProvider {
  readonly name: ProviderName;
  createDonationCheckout(request: DonationCheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the exact raw body and turns the payload into normalized events.
   * Throws WebhookSignatureError when the signature is missing, stale or wrong.
   */
  parseWebhook(rawBody: string, headers: Headers): PaymentEvent[];
  /** Issue #6: Assine o Bem checkout (subscription mode) and the customer portal. */
  createSubscriptionCheckout?(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  createPortalSession?(request: PortalSessionRequest): Promise<{ url: string }>;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** The provider could not open a checkout; `message` is safe to show to the donor (pt-BR). */
export class CheckoutError extends Error {
  override name = "CheckoutError";
}
