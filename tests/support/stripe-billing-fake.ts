/**
 * A local HTTP stand-in for the Stripe Billing endpoints Assine o Bem calls: Customers, Checkout
 * Sessions in subscription mode, Billing portal sessions, the subscriptions list, and an invoice's
 * payment with its fee (invoice payments, the PaymentIntent's balance transaction). The SDK is
 * pointed at it with STRIPE_API_HOST (or the host/port/protocol options).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { stripeEvent } from "./stripe-fake";

type BillingFakeRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };

export const FAKE_SECRET_KEY = "sk_test_billing_fake";

export async function startStripeBillingFake() {
  const requests: BillingFakeRequest[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const subscriptionsByCustomer = new Map<string, unknown[]>();
  /** An invoice's Stripe fee (cents), set with setInvoiceFee; an invoice without one has no payment. */
  const invoiceFees = new Map<string, number>();
  let counter = 0;
  let failNext: { status: number; body: unknown } | null = null;
  let checkoutUrl: string | null | undefined;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url!, "http://fake");
      const form = req.method === "GET" ? url.searchParams : new URLSearchParams(raw);
      requests.push({ method: req.method!, path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      const key = req.method === "POST" ? String(req.headers["idempotency-key"] ?? "") : "";
      const replay = key ? replays.get(`${url.pathname}:${key}`) : undefined;
      if (replay) return send(replay.status, replay.body);
      const answer = (result: { status: number; body: unknown }) => {
        if (key) replays.set(`${url.pathname}:${key}`, result);
        send(result.status, result.body);
      };
      if (failNext && req.method === "POST") {
        const result = failNext;
        failNext = null;
        return answer(result);
      }
      const id = ++counter;
      if (req.method === "POST" && url.pathname === "/v1/customers") {
        return answer({
          status: 200,
          body: { id: `cus_fake${id}`, object: "customer", email: form.get("email"), metadata: { user_id: form.get("metadata[user_id]") } },
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        return answer({
          status: 200,
          body: {
            id: `cs_test_sub${id}`,
            object: "checkout.session",
            mode: form.get("mode"),
            customer: form.get("customer"),
            status: "open",
            url: checkoutUrl === undefined ? `https://checkout.stripe.test/c/pay/cs_test_sub${id}` : checkoutUrl,
          },
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        return answer({
          status: 200,
          body: { id: `bps_fake${id}`, object: "billing_portal.session", url: `https://billing.stripe.test/p/session/bps_fake${id}` },
        });
      }
      if (req.method === "GET" && url.pathname === "/v1/subscriptions") {
        const data = subscriptionsByCustomer.get(form.get("customer") ?? "") ?? [];
        return send(200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
      }
      // One subscription (issue 16: cancel, update, read for a plan change), from the lists set with setSubscriptions.
      const one = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (one) {
        const all = [...subscriptionsByCustomer.values()].flat() as Array<{ id: string; status: string; cancel_at_period_end: boolean }>;
        const found = all.find((s) => s.id === one[1]);
        if (!found) return send(404, { error: { type: "invalid_request_error", message: `No such subscription: '${one[1]}'` } });
        if (req.method === "DELETE") found.status = "canceled";
        if (req.method === "POST" && form.has("cancel_at_period_end"))
          found.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
        return send(200, found);
      }
      if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
        const invoice = form.get("invoice") ?? "";
        const data = invoiceFees.has(invoice)
          ? [
              {
                id: `inpay_${invoice}`,
                object: "invoice_payment",
                invoice,
                status: "paid",
                payment: { type: "payment_intent", payment_intent: `pi_${invoice}` },
              },
            ]
          : [];
        return send(200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
      }
      const intent = req.method === "GET" ? /^\/v1\/payment_intents\/pi_([A-Za-z0-9_]+)$/.exec(url.pathname) : null;
      if (intent && invoiceFees.has(intent[1]!)) {
        const balanceTransaction = { id: `txn_${intent[1]}`, object: "balance_transaction", fee: invoiceFees.get(intent[1]!) };
        return send(200, {
          id: `pi_${intent[1]}`,
          object: "payment_intent",
          latest_charge: { id: `ch_${intent[1]}`, object: "charge", balance_transaction: balanceTransaction },
        });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiHost: `http://127.0.0.1:${port}`,
    requests,
    failNextWith(status: number, message: string) {
      failNext = { status, body: { error: { type: "invalid_request_error", message } } };
    },
    /** undefined: a normal URL; null: Stripe answers without one. */
    setCheckoutUrl(value: string | null | undefined) {
      checkoutUrl = value;
    },
    setSubscriptions(customerId: string, subscriptions: unknown[]) {
      subscriptionsByCustomer.set(customerId, subscriptions);
    },
    /** The invoice was paid by a PaymentIntent whose charge Stripe kept `fee` cents of. */
    setInvoiceFee(invoiceId: string, fee: number) {
      invoiceFees.set(invoiceId, fee);
    },
    /** Between tests: forget requests, replays, subscriptions and fees; ids start again at 1. */
    reset() {
      invoiceFees.clear();
      requests.length = 0;
      replays.clear();
      subscriptionsByCustomer.clear();
      counter = 0;
      failNext = null;
      checkoutUrl = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe Subscription object (API 2025+: the period lives on the item). */
export function stripeSubscription(over: {
  id?: string;
  customer: string;
  price: string;
  status?: string;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
}) {
  return {
    id: over.id ?? "sub_test_1",
    object: "subscription",
    customer: over.customer,
    status: over.status ?? "active",
    cancel_at_period_end: over.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: over.userId ? { user_id: over.userId } : {},
    items: {
      object: "list",
      data: [
        {
          id: "si_test_1",
          object: "subscription_item",
          price: { id: over.price, object: "price" },
          current_period_end: over.periodEnd ?? 1_800_000_000,
        },
      ],
    },
  };
}

/** A Stripe Invoice object of a subscription. */
export function stripeInvoice(over: {
  id: string;
  subscription: string;
  customer: string;
  price: string;
  amount: number;
  periodEnd?: number;
  userId?: string;
  /** A failed invoice's next try (unix seconds), null after Stripe's last one. */
  nextPaymentAttempt?: number | null;
}) {
  return {
    id: over.id,
    object: "invoice",
    ...(over.nextPaymentAttempt !== undefined ? { next_payment_attempt: over.nextPaymentAttempt } : {}),
    customer: over.customer,
    amount_paid: over.amount,
    amount_due: over.amount,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: over.subscription, metadata: over.userId ? { user_id: over.userId } : {} },
    },
    lines: {
      object: "list",
      data: [
        {
          id: "il_test_1",
          object: "line_item",
          parent: {
            type: "subscription_item_details",
            subscription_item_details: { subscription: over.subscription, subscription_item: "si_test_1", proration: false },
          },
          pricing: { type: "price_details", price_details: { price: over.price, product: "prod_test" } },
          period: { start: (over.periodEnd ?? 1_800_000_000) - 2_592_000, end: over.periodEnd ?? 1_800_000_000 },
        },
      ],
    },
  };
}

/** A Stripe event envelope (the same as the one-off payments' fake builds). */
export const stripeBillingEvent = (type: string, object: unknown, options: { id?: string; created?: number } = {}) =>
  stripeEvent(type, object as Record<string, unknown>, options);
