/**
 * Stripe: Checkout Sessions in BRL for one-off gifts, signed webhooks. The SDK talks to
 * STRIPE_API_HOST when set (the local HTTP fake in tests), else to api.stripe.com.
 */
import Stripe from "stripe";
import {
  type CheckoutSession,
  CheckoutError,
  type DonationCheckoutRequest,
  type DonationEventAction,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from "./types";
import { normalizeStripeSubscriptionEvent, stripeSubscriptionMethods } from "./stripe-subscriptions.server";
import { listStripeBalanceRecords } from "./stripe-balance.server";

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** "http://127.0.0.1:12111", "localhost:12111" or "api.stripe.com". */
  apiHost?: string;
  /** Offered when the account has them (card, pix…): a filter on Stripe's eligible methods. */
  paymentMethods: string[];
};

function stripeClient(options: Pick<StripeOptions, "secretKey" | "apiHost">): Stripe {
  return new Stripe(options.secretKey, {
    ...parseApiHost(options.apiHost),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "festa-solidaria" },
  });
}

export function parseApiHost(apiHost: string | undefined): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!apiHost) return {};
  const url = new URL(apiHost.includes("://") ? apiHost : `https://${apiHost}`);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options);
  return {
    name: "stripe",
    ...stripeSubscriptionMethods(stripe),
    listBalanceRecords: (range) => listStripeBalanceRecords(stripe, range),
    async createDonationCheckout(request: DonationCheckoutRequest): Promise<CheckoutSession> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: { currency: "brl", unit_amount: request.amountCents, product_data: { name: request.description } },
              },
            ],
            allowed_payment_method_types: options.paymentMethods,
            customer_email: request.customerEmail ?? undefined,
            client_reference_id: request.donationId,
            metadata: { donation_id: request.donationId },
            // Charges inherit this, so refunds and disputes can be matched to the gift as well.
            payment_intent_data: { metadata: { donation_id: request.donationId }, description: request.description },
            submit_type: "donate",
            locale: "pt-BR",
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { checkoutId: session.id, url: session.url };
      } catch (error) {
        throw new CheckoutError(error instanceof Stripe.errors.StripeError ? error.message : "Erro ao processar o pagamento");
      }
    },
    parseWebhook(rawBody: string, headers: Headers): PaymentEvent[] {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return [normalizeStripeEvent(event)];
    },
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function normalizeStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, provider: "stripe" as const, type: event.type, occurredAt: new Date(event.created * 1000) };
  const ignored = (reason: string): PaymentEvent => ({ ...base, kind: "ignored", reason });
  const subscription = normalizeStripeSubscriptionEvent(event, base);
  if (subscription) return subscription;
  const donation = (
    action: DonationEventAction,
    ref: { donationId?: string | null; checkoutId?: string | null; paymentId?: string | null },
    cardFingerprint: string | null = null,
  ): PaymentEvent => ({
    ...base,
    kind: "donation",
    action,
    ref,
    paymentId: ref.paymentId ?? null,
    ...(cardFingerprint ? { cardFingerprint } : {}),
  });

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      if (session.mode !== "payment") return ignored("sessão que não é de doação avulsa");
      const ref = { donationId: session.metadata?.donation_id ?? null, checkoutId: session.id, paymentId: idOf(session.payment_intent) };
      if (event.type === "checkout.session.expired") return donation("canceled", ref);
      if (event.type === "checkout.session.async_payment_failed") return donation("failed", ref);
      if (event.type === "checkout.session.async_payment_succeeded") return donation("paid", ref);
      // Pix and other delayed methods complete the session before the money arrives.
      return session.payment_status === "paid" ? donation("paid", ref) : ignored("pagamento ainda não confirmado");
    }
    case "charge.refunded": {
      const charge = event.data.object;
      // Partial refunds keep the gift paid; only a full refund takes it out of the totals.
      if (!charge.refunded) return ignored("reembolso parcial");
      return donation("refunded", { donationId: charge.metadata?.donation_id ?? null, paymentId: idOf(charge.payment_intent) });
    }
    case "charge.failed": {
      // A card refused on the hosted page; the session stays open for another try. Only ours
      // (donation metadata) count: a subscription invoice's failed charge is handled elsewhere.
      const charge = event.data.object;
      const donationId = charge.metadata?.donation_id;
      if (!donationId) return ignored("cobrança recusada sem doação");
      return donation(
        "declined",
        { donationId, paymentId: idOf(charge.payment_intent) },
        charge.payment_method_details?.card?.fingerprint ?? null,
      );
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      return donation("disputed", { paymentId: idOf(dispute.payment_intent) });
    }
    default:
      return ignored("tipo de evento não tratado");
  }
}
