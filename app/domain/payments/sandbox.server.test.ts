import { describe, expect, it } from "vitest";
import {
  createSandboxProvider,
  SANDBOX_SIGNATURE_HEADER,
  sandboxEvent,
  signSandboxPayload,
  verifySandboxSignature,
} from "./sandbox.server";
import { RefundError, WebhookSignatureError } from "./types";

const secret = "s".repeat(40);
const provider = createSandboxProvider({ secret, publicUrl: "http://localhost:3000" });

describe("sandbox signatures", () => {
  const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: "cs_sbx_1", donationId: "d1", paymentId: "pi_sbx_1" }));

  it("accepts its own signature and normalizes the event", () => {
    const [event] = provider.parseWebhook(body, new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret) }));
    expect(event).toMatchObject({
      kind: "donation",
      provider: "sandbox",
      type: "checkout.paid",
      action: "paid",
      ref: { checkoutId: "cs_sbx_1", donationId: "d1" },
      paymentId: "pi_sbx_1",
    });
  });

  it.each([
    ["missing", null],
    ["malformed", "v1=abc"],
    ["other secret", signSandboxPayload(body, "x".repeat(40))],
    ["stale", signSandboxPayload(body, secret, Math.floor(Date.now() / 1000) - 3600)],
  ])("refuses a %s signature", (_label, header) => {
    expect(() => verifySandboxSignature(body, header, secret)).toThrow(WebhookSignatureError);
  });

  it("refuses a tampered body", () => {
    const header = signSandboxPayload(body, secret);
    expect(() =>
      provider.parseWebhook(body.replace("checkout.paid", "checkout.failed"), new Headers({ [SANDBOX_SIGNATURE_HEADER]: header })),
    ).toThrow(WebhookSignatureError);
  });

  it("the checkout id follows the idempotency key and cannot be guessed", async () => {
    const request = {
      donationId: "d1",
      amountCents: 5000,
      description: "x",
      customerEmail: null,
      successUrl: "s",
      cancelUrl: "c",
      idempotencyKey: "k1",
    };
    const a = await provider.createDonationCheckout(request);
    const b = await provider.createDonationCheckout(request);
    const c = await provider.createDonationCheckout({ ...request, idempotencyKey: "k2" });
    expect(a).toEqual(b);
    expect(a.checkoutId).not.toBe(c.checkoutId);
    expect(a.url).toBe(`http://localhost:3000/sandbox/checkout/${a.checkoutId}`);
    expect(a.checkoutId).toMatch(/^cs_sbx_[0-9a-f]{32}$/);
  });
});

describe("sandbox refunds", () => {
  it("a refund is a signed payment.refunded event with its id and amount; the same key is the same refund", async () => {
    const queued: Array<Parameters<import("./sandbox-delivery.server").SandboxEventQueue["deliver"]>[0]> = [];
    const withQueue = createSandboxProvider({
      secret,
      publicUrl: "http://localhost:3000",
      events: { deliver: async (e) => void queued.push(e) },
    });
    const request = { paymentId: "pi_sbx_1", donationId: "d1", amountCents: 1_500, reason: "Pedido do doador", idempotencyKey: "k1" };
    const first = await withQueue.refund!(request);
    expect(await withQueue.refund!(request)).toEqual(first);
    expect(queued[0]!.id).toBe(queued[1]!.id);
    expect((await withQueue.refund!({ ...request, idempotencyKey: "k2" })).refundId).not.toBe(first.refundId);

    const body = JSON.stringify(queued[0]);
    const [event] = withQueue.parseWebhook(body, new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret) }));
    expect(event).toMatchObject({
      action: "refunded",
      ref: { donationId: "d1", paymentId: "pi_sbx_1" },
      refund: { refundId: first.refundId, amountCents: 1_500 },
    });
  });

  it("without its delivery queue the sandbox cannot refund (a RefundError, not a crash)", async () => {
    await expect(provider.refund!({ paymentId: "p", donationId: "d", amountCents: 1, reason: "x", idempotencyKey: "k" })).rejects.toThrow(
      RefundError,
    );
  });
});
