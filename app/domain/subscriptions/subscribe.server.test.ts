import { testContext, testDeps } from "@tests/context";
import { authedRequest, createTestUser } from "@tests/auth";
import { useTestDatabase } from "@tests/database";
import { FAKE_SECRET_KEY, startStripeBillingFake, stripeBillingEvent, stripeInvoice, stripeSubscription } from "@tests/stripe-billing-fake";
import { outbox, subscriptionRow } from "@tests/subscriptions";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppDeps } from "~/deps.server";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { getBillingCustomer, getSubscriptionStatus, type SubscriptionRow } from "~/domain/subscriptions/subscriptions.server";
import { requestSubscriptionChange } from "~/domain/subscriptions/manage.server";
import { action } from "~/routes/assine-o-bem";
import { handleWebhook } from "~/domain/donations/webhook.server";
import { openCustomerPortal, refreshSubscription, startSubscription, SUBSCRIPTION_MESSAGES } from "./subscribe.server";

useTestDatabase();

const WEBHOOK_SECRET = "whsec_billing_test";
const PRICES = {
  STRIPE_PRICE_BRONZE: "price_cfg_bronze",
  STRIPE_PRICE_PRATA: "price_cfg_prata",
  STRIPE_PRICE_OURO: "price_cfg_ouro",
  STRIPE_PRICE_DIAMANTE: "price_cfg_diamante",
};
let fake: Awaited<ReturnType<typeof startStripeBillingFake>>;
/** Stripe configured (keys, the fake's address, the plan prices): the app's dependencies for it. */
let deps: AppDeps;
const services = () => ({ provider: deps.payments.checkout, config: deps.config, clock: deps.clock });

beforeAll(async () => {
  fake = await startStripeBillingFake();
  deps = testDeps({
    config: parseConfig({
      ...process.env,
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: fake.apiHost,
      ...PRICES,
    }),
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const calls = (path: string) => fake.requests.filter((r) => r.path === path);
const subscriber = async () => {
  const { user, cookie } = await createTestUser({ name: "Carla Mendes" });
  return { user: { id: user.id, email: user.email, name: user.name }, cookie };
};

describe("Stripe subscription checkout (local fake)", () => {
  it("creates one customer per user, reuses it, and opens Checkout in subscription mode at the configured price", async () => {
    const { user } = await subscriber();
    const first = await startSubscription(user, "prata", services());
    expect(first).toEqual({ ok: true, url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_sub/) });
    const [customer] = calls("/v1/customers");
    expect(customer!.headers["idempotency-key"]).toBe(`customer-${user.id}`);
    expect(Object.fromEntries(customer!.form)).toMatchObject({ email: user.email, name: "Carla Mendes", "metadata[user_id]": user.id });
    const stored = await getBillingCustomer(user.id);
    expect(stored).toMatchObject({ provider: "stripe", providerCustomerId: "cus_fake1" });

    const session = Object.fromEntries(calls("/v1/checkout/sessions")[0]!.form);
    expect(session).toMatchObject({
      mode: "subscription",
      customer: "cus_fake1",
      "line_items[0][price]": "price_cfg_prata",
      "line_items[0][quantity]": "1",
      client_reference_id: user.id,
      "metadata[plan]": "prata",
      "subscription_data[metadata][user_id]": user.id,
      success_url: "http://localhost:3000/subscription-success",
      cancel_url: "http://localhost:3000/subscription-canceled",
      locale: "pt-BR",
    });

    // Changed their mind before paying: same customer, no second one.
    await startSubscription(user, "ouro", services());
    expect(calls("/v1/customers")).toHaveLength(1);
    expect(Object.fromEntries(calls("/v1/checkout/sessions")[1]!.form)).toMatchObject({
      customer: "cus_fake1",
      "line_items[0][price]": "price_cfg_ouro",
    });
  });

  it("never takes a price id from the browser: only the plan id is read", async () => {
    const { cookie } = await subscriber();
    const body = new URLSearchParams({
      intent: "assinar",
      plano: "prata",
      priceId: "price_evil",
      price: "price_evil",
      "line_items[0][price]": "price_evil",
    });
    const response = await action({
      request: authedRequest("/assine-o-bem", { method: "POST", body, cookie }),
      params: {},
      context: testContext(deps),
    } as never);
    expect((response as Response).status).toBe(302);
    const sent = Object.fromEntries(calls("/v1/checkout/sessions")[0]!.form);
    expect(sent["line_items[0][price]"]).toBe("price_cfg_prata");
    expect(JSON.stringify(sent)).not.toContain("price_evil");
  });

  it("refuses a forged plan before anything is created", async () => {
    const { user } = await subscriber();
    for (const forged of ["platina", "price_cfg_prata", "", null, "prata "]) {
      expect(await startSubscription(user, forged, services())).toEqual({
        ok: false,
        status: 400,
        error: { title: "Erro ao criar assinatura", description: SUBSCRIPTION_MESSAGES.invalidPlan },
      });
    }
    expect(fake.requests).toHaveLength(0);
    expect(await getBillingCustomer(user.id)).toBeNull();
  });

  it("shows Stripe's message, or the missing-URL message", async () => {
    const { user } = await subscriber();
    await startSubscription(user, "bronze", services()); // creates the customer
    fake.failNextWith(400, "No such price: 'price_cfg_diamante'");
    expect(await startSubscription(user, "diamante", services())).toMatchObject({
      ok: false,
      error: { title: "Erro ao criar assinatura", description: "No such price: 'price_cfg_diamante'" },
    });
    fake.setCheckoutUrl(null);
    expect(await startSubscription(user, "ouro", services())).toMatchObject({
      ok: false,
      error: { title: "Erro ao criar assinatura", description: "URL de checkout não foi retornada" },
    });
  });

  it("refuses a second subscription (active or past due) without calling Stripe", async () => {
    const { user } = await subscriber();
    await startSubscription(user, "prata", services());
    await deliver(
      stripeBillingEvent(
        "customer.subscription.created",
        stripeSubscription({ id: "sub_1", customer: "cus_fake1", price: "price_cfg_prata" }),
      ),
    );
    fake.requests.length = 0;
    const again = await startSubscription(user, "ouro", services());
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      error: { title: "Erro ao criar assinatura", description: SUBSCRIPTION_MESSAGES.alreadySubscribed },
    });
    expect(fake.requests).toHaveLength(0);
    const rows = await db.select().from(schema.subscriptions);
    expect(rows).toHaveLength(1);
  });

  it("opens the Billing portal for the stored customer, and refuses without one", async () => {
    const { user } = await subscriber();
    expect(await openCustomerPortal(user, services())).toEqual({
      ok: false,
      status: 400,
      error: { title: "Erro ao abrir portal", description: SUBSCRIPTION_MESSAGES.noCustomer },
    });
    expect(fake.requests).toHaveLength(0);
    await startSubscription(user, "prata", services());
    const portal = await openCustomerPortal(user, services());
    expect(portal).toEqual({ ok: true, url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) });
    expect(Object.fromEntries(calls("/v1/billing_portal/sessions")[0]!.form)).toEqual({
      customer: "cus_fake1",
      return_url: "http://localhost:3000/assine-o-bem",
      locale: "pt-BR",
    });
    fake.failNextWith(500, "boom");
    expect(await openCustomerPortal(user, services())).toMatchObject({ ok: false, error: { title: "Erro ao abrir portal" } });
  });

  it("refreshSubscription asks Stripe for the customer's subscriptions and stores what it says", async () => {
    const { user } = await subscriber();
    await startSubscription(user, "ouro", services());
    expect(await refreshSubscription(user.id, services())).toMatchObject({ subscribed: false });
    fake.setSubscriptions("cus_fake1", [
      stripeSubscription({ id: "sub_r", customer: "cus_fake1", price: "price_cfg_ouro", periodEnd: 1_800_000_000 }),
    ]);
    expect(await refreshSubscription(user.id, services())).toMatchObject({
      subscribed: true,
      plan: "ouro",
      currentPeriodEnd: new Date(1_800_000_000 * 1000),
    });
    expect(calls("/v1/subscriptions").at(-1)!.form.get("customer")).toBe("cus_fake1");
  });
});

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return new Request("http://localhost:3000/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
  });
}
async function deliver(event: object) {
  const response = await handleWebhook("stripe", signed(event), deps);
  expect(response.status).toBe(200);
  return response.json();
}

describe("Stripe subscription webhooks", () => {
  it("created → invoice.paid → payment_failed → updated (plan change) → deleted, all through the signed webhook", async () => {
    const { user } = await subscriber();
    await startSubscription(user, "prata", services());
    const base = { id: "sub_w", customer: "cus_fake1", userId: user.id };
    const at = (s: number) => ({ created: 1_790_000_000 + s });

    await deliver(
      stripeBillingEvent(
        "customer.subscription.created",
        stripeSubscription({ ...base, price: "price_cfg_prata", status: "incomplete" }),
        at(0),
      ),
    );
    expect(await subscriptionRow("sub_w")).toMatchObject({ userId: user.id, plan: "prata", status: "incomplete", provider: "stripe" });
    await deliver(
      stripeBillingEvent(
        "checkout.session.completed",
        {
          id: "cs_1",
          object: "checkout.session",
          mode: "subscription",
          subscription: "sub_w",
          customer: "cus_fake1",
          client_reference_id: user.id,
          metadata: {},
        },
        at(1),
      ),
    );
    await deliver(
      stripeBillingEvent(
        "invoice.paid",
        stripeInvoice({ id: "in_w1", subscription: "sub_w", customer: "cus_fake1", price: "price_cfg_prata", amount: 5000 }),
        at(2),
      ),
    );
    await deliver(stripeBillingEvent("customer.subscription.updated", stripeSubscription({ ...base, price: "price_cfg_prata" }), at(3)));
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "prata" });
    expect((await db.select().from(schema.subscriptionCharges)).map((c) => c.amountCents)).toEqual([5000]);

    await deliver(
      stripeBillingEvent(
        "invoice.payment_failed",
        stripeInvoice({
          id: "in_w2",
          subscription: "sub_w",
          customer: "cus_fake1",
          price: "price_cfg_prata",
          amount: 5000,
          nextPaymentAttempt: at(4).created + 3 * 86_400,
        }),
        at(4),
      ),
    );
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "past_due" });
    // Stripe retries by itself: its next try is read from the event, none is scheduled by us (issue 30).
    expect(await db.select().from(schema.subscriptionRecoveries)).toMatchObject([
      { invoiceId: "in_w2", retriesBy: "provider", status: "open", nextAttemptAt: new Date((at(4).created + 3 * 86_400) * 1000) },
    ]);
    // The paid month's receipt, then the failure.
    expect((await outbox()).map((m) => m.template)).toEqual(["subscription-receipt", "subscription-payment-failed"]);

    await deliver(stripeBillingEvent("customer.subscription.updated", stripeSubscription({ ...base, price: "price_cfg_ouro" }), at(5)));
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "ouro" });
    await deliver(
      stripeBillingEvent(
        "customer.subscription.deleted",
        stripeSubscription({ ...base, price: "price_cfg_ouro", status: "canceled" }),
        at(6),
      ),
    );
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, plan: null, status: "canceled" });
  });

  it("maps Stripe statuses onto ours: trialing pays, unpaid and paused do not", async () => {
    const { user } = await subscriber();
    await startSubscription(user, "bronze", services());
    for (const [status, expected] of [
      ["trialing", true],
      ["unpaid", false],
      ["paused", false],
      ["active", true],
      ["incomplete_expired", false],
    ] as const) {
      await deliver(
        stripeBillingEvent(
          "customer.subscription.updated",
          stripeSubscription({ id: "sub_s", customer: "cus_fake1", price: "price_cfg_bronze", status }),
        ),
      );
      await db.update(schema.subscriptions).set({ lastEventAt: new Date(0) });
      if (status === "incomplete_expired") break;
      expect((await getSubscriptionStatus(user.id)).subscribed).toBe(expected);
    }
    expect(await subscriptionRow("sub_s")).toMatchObject({ status: "canceled" });
  });

  it("a bad signature changes nothing", async () => {
    const event = stripeBillingEvent(
      "customer.subscription.created",
      stripeSubscription({ id: "sub_x", customer: "cus_x", price: "price_cfg_prata" }),
    );
    const response = await handleWebhook("stripe", signed(event, "whsec_wrong"), deps);
    expect(response.status).toBe(400);
    expect(await db.select().from(schema.subscriptions)).toHaveLength(0);
  });
});

describe("Stripe subscription changes from our pages (issue 16: plan link, account deletion)", () => {
  const row = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
    id: "00000000-0000-4000-8000-000000000001",
    userId: null,
    plan: "prata",
    customAmountCents: null,
    status: "active",
    provider: "stripe",
    providerCustomerId: "cus_change",
    providerSubscriptionId: "sub_change",
    currentPeriodEnd: new Date("2026-12-01T00:00:00Z"),
    cancelAtPeriodEnd: false,
    lastEventAt: new Date(),
    confirmationSentAt: null,
    paymentMethod: "card",
    pixDueDay: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  });

  it("cancels now, schedules and undoes a cancel, and moves the item to the new plan's configured price", async () => {
    fake.setSubscriptions("cus_change", [
      stripeSubscription({ id: "sub_change", customer: "cus_change", price: PRICES.STRIPE_PRICE_PRATA }),
    ]);
    await requestSubscriptionChange(row(), { kind: "cancel-at-period-end" }, deps);
    await requestSubscriptionChange(row(), { kind: "resume" }, deps);
    await requestSubscriptionChange(row(), { kind: "change-plan", priceId: PRICES.STRIPE_PRICE_OURO }, deps);
    await requestSubscriptionChange(row(), { kind: "cancel-now" }, deps);
    const made = fake.requests.filter((r) => r.path === "/v1/subscriptions/sub_change");
    expect(made.map((r) => r.method)).toEqual(["POST", "POST", "GET", "POST", "DELETE"]);
    expect(made[0]!.form.get("cancel_at_period_end")).toBe("true");
    expect(made[1]!.form.get("cancel_at_period_end")).toBe("false");
    expect(Object.fromEntries(made[3]!.form)).toMatchObject({
      "items[0][id]": "si_test_1",
      "items[0][price]": PRICES.STRIPE_PRICE_OURO,
      cancel_at_period_end: "false",
    });
  });

  it("a refusal comes back as a CheckoutError with Stripe's message, so nothing else happens", async () => {
    fake.failNextWith(400, "No such subscription");
    await expect(requestSubscriptionChange(row({ providerSubscriptionId: "sub_missing" }), { kind: "cancel-now" }, deps)).rejects.toThrow(
      "No such subscription",
    );
  });
});
