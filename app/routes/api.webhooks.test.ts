import { useTestDatabase } from "@tests/database";
import { donationRow, givingSetup, insertPendingGift, outboxEmails, partyTotals } from "@tests/donations";
import { startStripeFake, stripeEvent } from "@tests/stripe-fake";
import Stripe from "stripe";
import { testContext, testSandboxQueue } from "@tests/context";
import type { AppLoadContext } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { action as sandboxWebhook } from "./api.webhooks.sandbox";
import { action as stripeWebhook } from "./api.webhooks.stripe";
import { action as doarAction } from "./doar";
import { action as checkoutAction, loader as checkoutLoader } from "./sandbox.checkout.$id";

useTestDatabase();

const WEBHOOK_SECRET = "whsec_route_test";
const APP_SECRET = process.env.APP_SECRET!;

const CLIENT_IP = "198.51.100.7";
/** The request context of this test: the sandbox by default, Stripe after useStripe(). */
let context: AppLoadContext;
let sandbox: ReturnType<typeof testSandboxQueue>;
beforeEach(() => {
  sandbox = testSandboxQueue();
  context = testContext({ clientIp: CLIENT_IP, payments: { sandboxEvents: sandbox } });
});

function useStripe(apiHost?: string) {
  const config = parseConfig({
    ...process.env,
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...(apiHost ? { STRIPE_API_HOST: apiHost } : {}),
  });
  context = testContext({ clientIp: CLIENT_IP, config });
}

type Args = { request: Request; params: Record<string, string>; context: AppLoadContext };
const call = <T>(fn: (args: never) => T, request: Request, params: Record<string, string> = {}) =>
  fn({ request, params, context } satisfies Args as never);

function webhookRequest(path: string, body: string, headers: Record<string, string>) {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
}

function stripeSigned(event: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(event);
  return webhookRequest("/api/webhooks/stripe", body, {
    "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
  });
}

const paidSession = (gift: { id: string; checkoutId: string }) => ({
  id: gift.checkoutId,
  object: "checkout.session",
  mode: "payment",
  payment_status: "paid",
  payment_intent: "pi_route_1",
  metadata: { donation_id: gift.id },
});

describe("/api/webhooks/stripe", () => {
  it("a signed checkout.session.completed marks the gift paid (200)", async () => {
    useStripe();
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { provider: "stripe", amountCents: 5000 });
    const res = await call(stripeWebhook, stripeSigned(stripeEvent("checkout.session.completed", paidSession(gift))));
    expect(res.status).toBe(200);
    expect((await donationRow(gift.id)).status).toBe("paga");
    expect((await donationRow(gift.id)).providerPaymentId).toBe("pi_route_1");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("bad or missing signature: 400 and nothing changes", async () => {
    useStripe();
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { provider: "stripe" });
    const event = stripeEvent("checkout.session.completed", paidSession(gift));
    expect((await call(stripeWebhook, stripeSigned(event, "whsec_forged"))).status).toBe(400);
    expect((await call(stripeWebhook, webhookRequest("/api/webhooks/stripe", JSON.stringify(event), {}))).status).toBe(400);
    expect((await donationRow(gift.id)).status).toBe("pendente");
    expect(await db.select().from(schema.paymentEvents)).toHaveLength(0);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
  });

  it("redelivery of the same event is a no-op", async () => {
    useStripe();
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { provider: "stripe", amountCents: 2500 });
    const event = stripeEvent("checkout.session.completed", paidSession(gift));
    for (let i = 0; i < 3; i++) expect((await call(stripeWebhook, stripeSigned(event))).status).toBe(200);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 2500, paidCount: 1 });
    expect(await outboxEmails()).toHaveLength(2);
  });

  it("is 404 while Stripe is not configured", async () => {
    const res = await call(stripeWebhook, stripeSigned(stripeEvent("checkout.session.completed", {})));
    expect(res.status).toBe(404);
  });

  it("end to end with Stripe: /doar opens a session on the (fake) API, the webhook confirms it with Stripe's fee", async () => {
    const fake = await startStripeFake();
    try {
      useStripe(fake.apiHost);
      const { party } = await givingSetup();
      const form = new URLSearchParams({ preset: "100", nome: "Bia", email: "bia@exemplo.com.br", festa: party.shareCode });
      const res = (await call(doarAction, new Request("http://localhost:3000/doar", { method: "POST", body: form }))) as Response;
      expect(res.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake\d+$/);
      const [row] = await db.select().from(schema.donations);
      expect(row).toMatchObject({ provider: "stripe", amountCents: 10000, status: "pendente" });
      expect(fake.requests.at(-1)!.headers["idempotency-key"]).toBe(`donation-${row!.id}`);
      fake.fees.set("pi_route_1", 439);
      await call(
        stripeWebhook,
        stripeSigned(stripeEvent("checkout.session.completed", paidSession({ id: row!.id, checkoutId: row!.providerCheckoutId! }))),
      );
      expect((await donationRow(row!.id)).status).toBe("paga");
      // Stripe's own fee, read from the payment's balance transaction (decision 206), next to ours.
      const [paidRow] = await db.select().from(schema.ledgerEntries);
      expect(paidRow).toMatchObject({ kind: "gift_paid", grossCents: 10000, feeCents: 1000, providerFeeCents: 439 });
    } finally {
      await fake.close();
    }
  });
});

describe("/api/webhooks/sandbox", () => {
  it("the checkout page is 404 for unknown ids and when Stripe is the provider", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    const get = (id: string) => call(checkoutLoader, new Request(`http://localhost:3000/sandbox/checkout/${id}`), { id });
    await expect(get(`cs_sbx_${"0".repeat(32)}`)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(get("../../etc")).rejects.toMatchObject({ init: { status: 404 } });
    expect(await get(gift.checkoutId)).toMatchObject({ open: true });
    useStripe();
    await expect(get(gift.checkoutId)).rejects.toMatchObject({ init: { status: 404 } });
  });

  function sandboxRequest(body: string, header = signSandboxPayload(body, APP_SECRET)) {
    return webhookRequest("/api/webhooks/sandbox", body, { [SANDBOX_SIGNATURE_HEADER]: header });
  }

  it("a signed sandbox event goes through the same processing", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 1000 });
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id }));
    expect((await call(sandboxWebhook, sandboxRequest(body))).status).toBe(200);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 1000, paidCount: 1 });
  });

  it("bad signature: 400 and nothing changes", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id }));
    expect((await call(sandboxWebhook, sandboxRequest(body, signSandboxPayload(body, "f".repeat(40))))).status).toBe(400);
    expect((await call(sandboxWebhook, webhookRequest("/api/webhooks/sandbox", body, {}))).status).toBe(400);
    expect((await donationRow(gift.id)).status).toBe("pendente");
  });

  it("is 404 when Stripe is the provider (nobody can forge sandbox payments)", async () => {
    useStripe();
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: "cs_sbx_x" }));
    expect((await call(sandboxWebhook, sandboxRequest(body))).status).toBe(404);
  });

  it("the whole sandbox journey: /doar → checkout page 'Pagar' → signed event delivered later → paid", async () => {
    const { party } = await givingSetup();
    const form = new URLSearchParams({
      preset: "50",
      nome: "Bia",
      email: "bia@exemplo.com.br",
      mensagem: "Parabéns!",
      festa: party.shareCode,
    });
    const toCheckout = (await call(doarAction, new Request("http://localhost:3000/doar", { method: "POST", body: form }))) as Response;
    const checkoutId = toCheckout.headers.get("Location")!.split("/").pop()!;

    const page = (await call(checkoutLoader, new Request(`http://localhost:3000/sandbox/checkout/${checkoutId}`), { id: checkoutId })) as {
      amountCents: number;
      open: boolean;
    };
    expect(page).toMatchObject({ amountCents: 5000, open: true });
    expect(JSON.stringify(page)).not.toContain("bia@exemplo.com.br");

    const pay = new Request(`http://localhost:3000/sandbox/checkout/${checkoutId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "pagar" }),
    });
    const toResult = (await call(checkoutAction, pay, { id: checkoutId })) as Response;
    // The result page, with a signed reference to this gift (decision 134).
    expect(toResult.headers.get("Location")).toMatch(/^\/doacao-sucesso\?ref=[\w.%-]+$/);
    // Nothing is paid by the browser's request itself…
    const [row] = await db.select().from(schema.donations);
    expect(row!.status).toBe("pendente");
    // …only by the event that arrives afterwards.
    const [delivered] = await sandbox.flush();
    expect(delivered!.status).toBe(200);
    expect((await donationRow(row!.id)).status).toBe("paga");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
    // The sandbox's simulated card fee (SANDBOX_CARD_FEE, 3.99% + R$ 0,39 by default): 199.5 → 200, + 39.
    const [paidRow] = await db.select().from(schema.ledgerEntries);
    expect(paidRow).toMatchObject({ grossCents: 5000, providerFeeCents: 239 });
  });

  it.each([
    ["recusar", "falhou"],
    ["cancelar", "cancelada"],
  ])("'%s' goes back to /doar (form kept, signed reference) and the gift becomes %s", async (intent, status) => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    const req = new Request(`http://localhost:3000/sandbox/checkout/${gift.checkoutId}`, {
      method: "POST",
      body: new URLSearchParams({ intent }),
    });
    const res = (await call(checkoutAction, req, { id: gift.checkoutId })) as Response;
    const back = `/doar?festa=${party.shareCode}&ref=`;
    expect(res.headers.get("Location")!.startsWith(back)).toBe(true);
    expect(res.headers.get("Location")!.endsWith("&pagamento=recusado")).toBe(intent === "recusar");
    expect((await donationRow(gift.id)).status).toBe("pendente");
    expect((await sandbox.flush()).map((r) => r.status)).toEqual([200]);
    expect((await donationRow(gift.id)).status).toBe(status);
  });
});
