/**
 * Stripe for Assine o Bem: one Customer per user, Checkout in subscription mode, the Billing
 * portal, the customer's subscriptions (the success page's refresh), and the subscription and
 * invoice webhooks turned into normalized events.
 */
import Stripe from "stripe";
import {
  CheckoutError,
  type CustomerRequest,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionChangeRequest,
  type SubscriptionCheckoutRequest,
  type SubscriptionPaymentEvent,
  type SubscriptionSnapshot,
  type SubscriptionState,
} from "./types";
import { CUSTOM_PLAN_ID, customAmountOfPriceId, customPriceId } from "~/domain/subscriptions";

/** The product Stripe shows for an "outro valor" subscription (Checkout, invoices, the portal). */
const CUSTOM_STRIPE_PRODUCT_NAME = "Assine o Bem — outro valor";

type SubscriptionMethods = Required<
  Pick<
    PaymentProvider,
    | "createCustomer"
    | "createSubscriptionCheckout"
    | "createPortalSession"
    | "listSubscriptions"
    | "changeSubscription"
    | "settleInvoiceOutOfBand"
  >
>;

const FAILED = "Tente novamente mais tarde";

function safeMessage(error: unknown): string {
  return error instanceof Stripe.errors.StripeError && error.message ? error.message : FAILED;
}

export function stripeSubscriptionMethods(stripe: Stripe): SubscriptionMethods {
  return {
    async createCustomer(request: CustomerRequest) {
      try {
        const customer = await stripe.customers.create(
          { email: request.email, name: request.name, preferred_locales: ["pt-BR"], metadata: { user_id: request.userId } },
          // Two tabs racing to subscribe still make one customer.
          { idempotencyKey: `customer-${request.userId}` },
        );
        return { customerId: customer.id };
      } catch (error) {
        throw new CheckoutError(safeMessage(error));
      }
    },

    async createSubscriptionCheckout(request: SubscriptionCheckoutRequest) {
      const metadata = { user_id: request.userId, plan: request.planId };
      // "Outro valor" (decision 183): no price exists for it; Checkout creates a monthly BRL price inline.
      const customCents = customAmountOfPriceId(request.priceId);
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem =
        customCents === null
          ? { price: request.priceId, quantity: 1 }
          : {
              price_data: {
                currency: "brl",
                unit_amount: customCents,
                recurring: { interval: "month" },
                product_data: { name: CUSTOM_STRIPE_PRODUCT_NAME },
              },
              quantity: 1,
            };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [lineItem],
            ...(request.customerId ? { customer: request.customerId } : { customer_email: request.customerEmail }),
            client_reference_id: request.userId,
            metadata,
            // Invoices snapshot these, so every event can be traced back to the user.
            subscription_data: { metadata },
            locale: "pt-BR",
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { checkoutId: session.id, url: session.url };
      } catch (error) {
        throw new CheckoutError(safeMessage(error));
      }
    },

    async createPortalSession(request) {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: request.customerId,
          return_url: request.returnUrl,
          locale: "pt-BR",
        });
        return { url: session.url };
      } catch (error) {
        throw new CheckoutError(safeMessage(error));
      }
    },

    async changeSubscription({ subscription, change }: SubscriptionChangeRequest) {
      const id = subscription.subscriptionId;
      try {
        switch (change.kind) {
          case "cancel-now":
            await stripe.subscriptions.cancel(id);
            return;
          case "cancel-at-period-end":
          case "resume":
            await stripe.subscriptions.update(id, { cancel_at_period_end: change.kind === "cancel-at-period-end" });
            return;
          case "change-plan": {
            const current = await stripe.subscriptions.retrieve(id);
            const item = current.items.data[0];
            if (!item) throw new CheckoutError(FAILED);
            await stripe.subscriptions.update(id, {
              items: [{ id: item.id, price: change.priceId }],
              cancel_at_period_end: false,
              proration_behavior: "create_prorations",
            });
            return;
          }
        }
      } catch (error) {
        if (error instanceof CheckoutError) throw error;
        throw new CheckoutError(safeMessage(error));
      }
    },

    async listSubscriptions(customerId: string) {
      const list = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
      return list.data.map(snapshotOf);
    },

    /** The month was paid by the recovery link's Pix: the invoice is marked paid, so Stripe stops retrying it. */
    async settleInvoiceOutOfBand(invoiceId: string) {
      const invoice = await stripe.invoices.retrieve(invoiceId);
      if (invoice.status !== "open") return;
      await stripe.invoices.pay(invoiceId, { paid_out_of_band: true }, { idempotencyKey: `settle:${invoiceId}` });
    },
  };
}

/** Stripe's eight statuses on our four: only `active` (and a trial) is a paying subscriber. */
function mapStripeStatus(status: Stripe.Subscription.Status): SubscriptionState {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * An inline price of ours ("outro valor", set up by createSubscriptionCheckout with our metadata):
 * read back as `custom_<centavos>` from the amount Stripe actually charges — a monthly BRL price —
 * so the plan table knows it; anything else keeps Stripe's price id.
 */
function ourPriceId(price: Stripe.Price | null | undefined, metadata: Stripe.Metadata | null | undefined): string | null {
  if (!price) return null;
  const custom =
    metadata?.plan === CUSTOM_PLAN_ID && price.currency === "brl" && price.recurring?.interval === "month" && price.unit_amount;
  return custom ? customPriceId(price.unit_amount!) : price.id;
}

function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    priceId: ourPriceId(item?.price, subscription.metadata),
    status: mapStripeStatus(subscription.status),
    // Since API 2025-03-31 the period lives on the item.
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
  };
}

type Base = { id: string; provider: "stripe"; type: string; occurredAt: Date };

/** The subscription half of normalizeStripeEvent; null when the event is not about subscriptions. */
export function normalizeStripeSubscriptionEvent(event: Stripe.Event, base: Base): PaymentEvent | null {
  const empty = { userId: null, priceId: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: null, invoice: null };
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const snapshot = snapshotOf(subscription);
      return {
        ...base,
        kind: "subscription",
        action: event.type === "customer.subscription.deleted" ? "deleted" : "updated",
        subscriptionId: snapshot.subscriptionId,
        customerId: snapshot.customerId || null,
        userId: subscription.metadata?.user_id ?? null,
        priceId: snapshot.priceId,
        status: event.type === "customer.subscription.deleted" ? "canceled" : snapshot.status,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        invoice: null,
      } satisfies SubscriptionPaymentEvent;
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details ?? null;
      const line = invoice.lines?.data?.find((l) => l.parent?.subscription_item_details) ?? invoice.lines?.data?.[0];
      const subscriptionId = idOf(details?.subscription) ?? line?.parent?.subscription_item_details?.subscription ?? null;
      if (!subscriptionId || !invoice.id) return { ...base, kind: "ignored", reason: "fatura sem assinatura" };
      const periodEnd = line?.period?.end ? new Date(line.period.end * 1000) : null;
      return {
        ...base,
        ...empty,
        kind: "subscription",
        action: event.type === "invoice.paid" ? "invoice_paid" : "invoice_failed",
        subscriptionId,
        customerId: idOf(invoice.customer),
        userId: details?.metadata?.user_id ?? null,
        // An "outro valor" invoice line names an inline price: its amount is the plan (ourPriceId).
        priceId:
          details?.metadata?.plan === CUSTOM_PLAN_ID && line?.amount
            ? customPriceId(line.amount)
            : (idOf(line?.pricing?.price_details?.price) ?? null),
        invoice: {
          id: invoice.id,
          amountCents: event.type === "invoice.paid" ? invoice.amount_paid : invoice.amount_due,
          periodEnd,
          // Stripe retries by itself: its next try, null after the last one (docs/recovery.md).
          ...(event.type === "invoice.payment_failed" && invoice.next_payment_attempt !== undefined
            ? { nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null }
            : {}),
        },
      } satisfies SubscriptionPaymentEvent;
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      const subscriptionId = idOf(session.subscription);
      if (!subscriptionId) return { ...base, kind: "ignored", reason: "sessão sem assinatura" };
      return {
        ...base,
        ...empty,
        kind: "subscription",
        action: "checkout_completed",
        subscriptionId,
        customerId: idOf(session.customer),
        userId: session.client_reference_id ?? session.metadata?.user_id ?? null,
      } satisfies SubscriptionPaymentEvent;
    }
    default:
      return null;
  }
}
