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
  type DonationPaymentEvent,
  type PaymentEvent,
  type PaymentProvider,
  RefundError,
  type RefundRequest,
  WebhookSignatureError,
} from "./types";
import { normalizeStripeSubscriptionEvent, stripeSubscriptionMethods } from "./stripe-subscriptions.server";
import { listStripeBalanceRecords, withStripeFees } from "./stripe-balance.server";
import { capabilityFlags, type ProviderRegistration } from "./registration";

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

/** Stripe in the registry: on when both keys are set; it retries a failed month by itself. */
export const stripeRegistration: ProviderRegistration = {
  name: "stripe",
  capabilities: capabilityFlags("card", "refunds", "portal", "feeReporting", "retriesFailedCharges", "planChanges"),
  planPriceId: (plan, config) => (plan.stripePriceKey ? (config[plan.stripePriceKey] ?? null) : null),
  create: (config) =>
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiHost: config.STRIPE_API_HOST,
          paymentMethods: config.STRIPE_PAYMENT_METHODS,
        })
      : null,
};

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options);
  return {
    name: "stripe",
    ...stripeSubscriptionMethods(stripe),
    listBalanceRecords: (range) => listStripeBalanceRecords(stripe, range),
    withProviderFees: (events) => withStripeFees(stripe, events),
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
    async refund(request: RefundRequest) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amountCents,
            reason: "requested_by_customer",
            metadata: { donation_id: request.donationId, reason: request.reason.slice(0, 500) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") throw new RefundError("A Stripe recusou o reembolso.");
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof RefundError) throw error;
        throw new RefundError(
          error instanceof Stripe.errors.StripeError
            ? `A Stripe recusou o reembolso: ${error.message}`
            : "Não foi possível falar com a Stripe.",
        );
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
  ): DonationPaymentEvent => ({
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
    case "refund.created":
    case "refund.updated":
    case "charge.refund.updated": {
      // One refund (full or partial), counted once by its id whichever of these events comes first.
      const refund = event.data.object;
      if (refund.status !== "succeeded") return ignored(`reembolso ${refund.status ?? "sem status"}`);
      const ref = { donationId: refund.metadata?.donation_id ?? null, paymentId: idOf(refund.payment_intent) };
      return { ...donation("refunded", ref), refund: { refundId: refund.id, amountCents: refund.amount } };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      // Each refund comes as refund.created; this one only says "all of it", for an endpoint not
      // subscribed to refund events: the rest of the gift is refunded (never more than its amount).
      if (!charge.refunded) return ignored("reembolso parcial: ver refund.created");
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
      // An inquiry (warning_*) withdraws no money.
      if (String(dispute.status ?? "").startsWith("warning_")) return ignored("consulta sem retenção de fundos");
      return donation("disputed", { paymentId: idOf(dispute.payment_intent) });
    }
    case "charge.dispute.closed": {
      // Won: Stripe gives the withdrawn money back (a `reversal` in the ledger). Lost: it was already taken.
      const dispute = event.data.object;
      if (dispute.status !== "won") return ignored(`contestação encerrada: ${dispute.status}`);
      return donation("dispute_won", { paymentId: idOf(dispute.payment_intent) });
    }
    default:
      return ignored("tipo de evento não tratado");
  }
}
