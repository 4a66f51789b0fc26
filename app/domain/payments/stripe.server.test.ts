import { startStripeFake, stripeEvent } from "@tests/stripe-fake";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider, parseApiHost } from "./stripe.server";
import { CheckoutError, RefundError, WebhookSignatureError } from "./types";

const WEBHOOK_SECRET = "whsec_test_secret";
let fake: Awaited<ReturnType<typeof startStripeFake>>;
let provider: ReturnType<typeof createStripeProvider>;

beforeAll(async () => {
  fake = await startStripeFake();
  provider = createStripeProvider({
    secretKey: "sk_test_fake",
    webhookSecret: WEBHOOK_SECRET,
    apiHost: fake.apiHost,
    paymentMethods: ["card", "pix"],
  });
});
afterAll(() => fake.close());

const request = {
  donationId: "6f1c1f7e-0000-4000-8000-000000000001",
  amountCents: 5000,
  description: "Doação para Aniversário da Ana",
  customerEmail: "bia@exemplo.com.br",
  successUrl: "http://localhost:3000/doacao-sucesso?festa=mari3",
  cancelUrl: "http://localhost:3000/doacao-cancelada?festa=mari3",
  idempotencyKey: "donation-6f1c1f7e",
};

describe("Stripe checkout (against a local fake)", () => {
  it("creates a BRL Checkout Session with the donation id, methods and idempotency key", async () => {
    const session = await provider.createDonationCheckout(request);
    expect(session).toEqual({ checkoutId: "cs_test_fake1", url: "https://checkout.stripe.test/c/pay/cs_test_fake1" });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.headers["idempotency-key"]).toBe("donation-6f1c1f7e");
    const f = Object.fromEntries(sent.form);
    expect(f).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][product_data][name]": "Doação para Aniversário da Ana",
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "pix",
      customer_email: "bia@exemplo.com.br",
      client_reference_id: request.donationId,
      "metadata[donation_id]": request.donationId,
      "payment_intent_data[metadata][donation_id]": request.donationId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      locale: "pt-BR",
    });
  });

  it("the same idempotency key returns the same session", async () => {
    const again = await provider.createDonationCheckout(request);
    expect(again.checkoutId).toBe("cs_test_fake1");
  });

  it("a Stripe error becomes a CheckoutError with Stripe's message", async () => {
    fake.failNextWith(400, "Amount must convert to at least 50 cents.");
    await expect(provider.createDonationCheckout({ ...request, idempotencyKey: "other-key" })).rejects.toEqual(
      new CheckoutError("Amount must convert to at least 50 cents."),
    );
  });

  it("parses STRIPE_API_HOST", () => {
    expect(parseApiHost("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(parseApiHost("api.stripe.com")).toEqual({ host: "api.stripe.com", port: 443, protocol: "https" });
    expect(parseApiHost(undefined)).toEqual({});
  });
});

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: new Headers({ "stripe-signature": header }) };
}

const session = (over: Record<string, unknown> = {}) => ({
  id: "cs_test_1",
  object: "checkout.session",
  mode: "payment",
  payment_status: "paid",
  payment_intent: "pi_1",
  metadata: { donation_id: request.donationId },
  ...over,
});

describe("Stripe webhook parsing", () => {
  it.each([
    ["checkout.session.completed", session(), "paid"],
    ["checkout.session.async_payment_succeeded", session(), "paid"],
    ["checkout.session.async_payment_failed", session({ payment_status: "unpaid" }), "failed"],
    ["checkout.session.expired", session({ payment_status: "unpaid", payment_intent: null }), "canceled"],
  ])("%s → %s", (type, object, action) => {
    const { payload, headers } = signed(stripeEvent(type, object, { id: "evt_1", created: 1_772_000_000 }));
    const [event] = provider.parseWebhook(payload, headers);
    expect(event).toMatchObject({
      kind: "donation",
      id: "evt_1",
      provider: "stripe",
      type,
      action,
      occurredAt: new Date(1_772_000_000 * 1000),
      ref: { donationId: request.donationId, checkoutId: "cs_test_1" },
    });
  });

  it("charge.failed of a gift is one declined attempt with the card's fingerprint; others are ignored", () => {
    const charge = {
      id: "ch_1",
      object: "charge",
      payment_intent: "pi_1",
      metadata: { donation_id: request.donationId },
      payment_method_details: { type: "card", card: { fingerprint: "fp_abc" } },
    };
    const { payload, headers } = signed(stripeEvent("charge.failed", charge));
    expect(provider.parseWebhook(payload, headers)[0]).toMatchObject({
      kind: "donation",
      action: "declined",
      ref: { donationId: request.donationId, paymentId: "pi_1" },
      cardFingerprint: "fp_abc",
    });
    const invoiceCharge = signed(stripeEvent("charge.failed", { ...charge, metadata: {} }));
    expect(provider.parseWebhook(invoiceCharge.payload, invoiceCharge.headers)[0]).toMatchObject({ kind: "ignored" });
  });

  it("a completed session still waiting for Pix is not paid", () => {
    const { payload, headers } = signed(stripeEvent("checkout.session.completed", session({ payment_status: "unpaid" })));
    expect(provider.parseWebhook(payload, headers)[0]).toMatchObject({ kind: "ignored" });
  });

  it("charge.refunded (full) and charge.dispute.created point at the payment", () => {
    const refund = signed(
      stripeEvent("charge.refunded", {
        id: "ch_1",
        object: "charge",
        refunded: true,
        payment_intent: "pi_1",
        metadata: { donation_id: request.donationId },
      }),
    );
    expect(provider.parseWebhook(refund.payload, refund.headers)[0]).toMatchObject({
      action: "refunded",
      ref: { paymentId: "pi_1", donationId: request.donationId },
    });
    const dispute = signed(
      stripeEvent("charge.dispute.created", { id: "dp_1", object: "dispute", charge: "ch_1", payment_intent: "pi_1" }),
    );
    expect(provider.parseWebhook(dispute.payload, dispute.headers)[0]).toMatchObject({ action: "disputed", ref: { paymentId: "pi_1" } });
  });

  it("refund.created (partial) carries the refund id and amount; a pending refund is not yet money", () => {
    const refund = (status: string) => ({
      id: "re_1",
      object: "refund",
      amount: 1500,
      status,
      payment_intent: "pi_1",
      metadata: { donation_id: request.donationId },
    });
    const created = signed(stripeEvent("refund.created", refund("succeeded")));
    expect(provider.parseWebhook(created.payload, created.headers)[0]).toMatchObject({
      action: "refunded",
      ref: { paymentId: "pi_1", donationId: request.donationId },
      refund: { refundId: "re_1", amountCents: 1500 },
    });
    const updated = signed(stripeEvent("charge.refund.updated", refund("succeeded")));
    expect(provider.parseWebhook(updated.payload, updated.headers)[0]).toMatchObject({ refund: { refundId: "re_1" } });
    const pending = signed(stripeEvent("refund.created", refund("pending")));
    expect(provider.parseWebhook(pending.payload, pending.headers)[0]).toMatchObject({ kind: "ignored" });
  });

  it("a dispute closed as won gives the money back; lost, or an inquiry, moves nothing", () => {
    const dispute = (type: string, status: string) =>
      signed(stripeEvent(type, { id: "dp_1", object: "dispute", charge: "ch_1", payment_intent: "pi_1", status }));
    const won = dispute("charge.dispute.closed", "won");
    expect(provider.parseWebhook(won.payload, won.headers)[0]).toMatchObject({ action: "dispute_won", ref: { paymentId: "pi_1" } });
    for (const [type, status] of [
      ["charge.dispute.closed", "lost"],
      ["charge.dispute.created", "warning_needs_response"],
    ] as const) {
      const event = dispute(type, status);
      expect(provider.parseWebhook(event.payload, event.headers)[0]).toMatchObject({ kind: "ignored" });
    }
  });

  it("ignores partial refunds, subscription sessions and other event types", () => {
    for (const event of [
      stripeEvent("charge.refunded", { id: "ch_1", object: "charge", refunded: false, payment_intent: "pi_1", metadata: {} }),
      stripeEvent("checkout.session.completed", session({ mode: "subscription" })),
      stripeEvent("customer.created", { id: "cus_1", object: "customer" }),
    ]) {
      const { payload, headers } = signed(event);
      expect(provider.parseWebhook(payload, headers)[0]).toMatchObject({ kind: "ignored" });
    }
  });

  it("refuses a wrong secret, a missing header and a tampered body", () => {
    const event = stripeEvent("checkout.session.completed", session());
    const wrong = signed(event, "whsec_other");
    expect(() => provider.parseWebhook(wrong.payload, wrong.headers)).toThrow(WebhookSignatureError);
    const ok = signed(event);
    expect(() => provider.parseWebhook(ok.payload, new Headers())).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(ok.payload.replace('"paid"', '"unpaid"'), ok.headers)).toThrow(WebhookSignatureError);
  });

  it("refuses a replay older than Stripe's tolerance", () => {
    const payload = JSON.stringify(stripeEvent("checkout.session.completed", session()));
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => provider.parseWebhook(payload, new Headers({ "stripe-signature": header }))).toThrow(WebhookSignatureError);
  });
});

describe("Stripe refunds (against a local fake)", () => {
  const refund = {
    paymentId: "pi_1",
    donationId: request.donationId,
    amountCents: 1500,
    reason: "Doação em duplicidade",
    idempotencyKey: "refund-key-1",
  };

  it("asks for a refund of the payment with our idempotency key; the same key never refunds twice", async () => {
    const first = await provider.refund!(refund);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/v1/refunds");
    expect(sent.headers["idempotency-key"]).toBe("refund-key-1");
    expect(Object.fromEntries(sent.form)).toMatchObject({
      payment_intent: "pi_1",
      amount: "1500",
      "metadata[donation_id]": request.donationId,
      "metadata[reason]": "Doação em duplicidade",
    });
    expect(await provider.refund!(refund)).toEqual(first);
  });

  it("a refusal is a RefundError with Stripe's reason", async () => {
    fake.failNextWith(400, "Charge ch_1 has already been refunded.");
    await expect(provider.refund!({ ...refund, idempotencyKey: "refund-key-2" })).rejects.toThrow(RefundError);
  });
});
