/**
 * "Outro valor" on Stripe (issue 30, decision 183), against the local Stripe fake: Checkout in
 * subscription mode with an inline monthly BRL `price_data` (no configured price), and its events
 * read back into the chosen amount — never another amount, never a stranger's inline price.
 */
import { testDeps } from "@tests/context";
import { createTestUser } from "@tests/auth";
import { useTestDatabase } from "@tests/database";
import { FAKE_SECRET_KEY, startStripeBillingFake, stripeBillingEvent, stripeInvoice, stripeSubscription } from "@tests/stripe-billing-fake";
import { subscriptionRow } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppDeps } from "~/deps.server";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { handleWebhook } from "~/domain/donations/webhook.server";
import { getSubscriptionStatus } from "./subscriptions.server";
import { startSubscription } from "./subscribe.server";

useTestDatabase();

const WEBHOOK_SECRET = "whsec_custom_test";
let fake: Awaited<ReturnType<typeof startStripeBillingFake>>;
let deps: AppDeps;

beforeAll(async () => {
  fake = await startStripeBillingFake();
  deps = testDeps({
    config: parseConfig({
      ...process.env,
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: fake.apiHost,
      STRIPE_PRICE_PRATA: "price_cfg_prata",
    }),
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const request = new Request("http://localhost:3000/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
  });
  const response = await handleWebhook("stripe", request, deps);
  expect(response.status).toBe(200);
  return response.json();
}

/** What Stripe sends for a subscription created from an inline price: a new price id, our metadata. */
function inlineSubscription(over: { id: string; customer: string; userId: string; cents: number; plan?: string; currency?: string }) {
  const base = stripeSubscription({ id: over.id, customer: over.customer, price: `price_inline_${over.cents}`, userId: over.userId });
  base.metadata = { user_id: over.userId, plan: over.plan ?? "personalizado" } as never;
  const item = base.items.data[0]! as Record<string, unknown>;
  item.price = {
    id: `price_inline_${over.cents}`,
    object: "price",
    currency: over.currency ?? "brl",
    unit_amount: over.cents,
    recurring: { interval: "month", interval_count: 1 },
  };
  return base;
}

describe("'outro valor' on Stripe", () => {
  it("opens Checkout with price_data (BRL, monthly, the amount), and its events become an 'outro valor' subscription and charge", async () => {
    const { user } = await createTestUser({ name: "Rita Stripe" });
    const subscriber = { id: user.id, email: user.email, name: user.name };
    const started = await startSubscription(subscriber, "personalizado", {
      provider: deps.payments.checkout,
      config: deps.config,
      clock: deps.clock,
      customAmountCents: 6250,
    });
    expect(started.ok).toBe(true);
    const session = Object.fromEntries(fake.requests.find((r) => r.path === "/v1/checkout/sessions")!.form);
    expect(session).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][unit_amount]": "6250",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][product_data][name]": "Assine o Bem — outro valor",
      "line_items[0][quantity]": "1",
      "metadata[plan]": "personalizado",
      "subscription_data[metadata][plan]": "personalizado",
    });
    expect(session["line_items[0][price]"]).toBeUndefined();

    const sub = inlineSubscription({ id: "sub_custom", customer: "cus_fake1", userId: user.id, cents: 6250 });
    await deliver(stripeBillingEvent("customer.subscription.created", sub, { created: 1_790_000_000 }));
    expect(await subscriptionRow("sub_custom")).toMatchObject({ plan: "personalizado", customAmountCents: 6250, status: "active" });
    const invoice = stripeInvoice({
      id: "in_c1",
      subscription: "sub_custom",
      customer: "cus_fake1",
      price: "price_inline_6250",
      amount: 6250,
    });
    invoice.parent.subscription_details.metadata = { user_id: user.id, plan: "personalizado" } as never;
    (invoice.lines.data[0] as Record<string, unknown>).amount = 6250;
    fake.setInvoiceFee("in_c1", 283);
    await deliver(stripeBillingEvent("invoice.paid", invoice, { created: 1_790_000_001 }));
    expect((await db.select().from(schema.subscriptionCharges)).map((c) => c.amountCents)).toEqual([6250]);
    // Stripe's fee of the charge, read through the invoice's payment (decision 206), in its ledger row.
    const [charged] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, "subscription_charge_paid"));
    expect(charged).toMatchObject({ grossCents: 6250, providerFeeCents: 283 });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "personalizado", customAmountCents: 6250 });
  });

  it("an inline price that is not ours (no metadata, another currency, outside R$ 10–5.000) is not taken as 'outro valor'", async () => {
    const { user } = await createTestUser();
    const cases = [
      inlineSubscription({ id: "sub_x1", customer: "cus_x1", userId: user.id, cents: 6250, plan: "" }),
      inlineSubscription({ id: "sub_x2", customer: "cus_x2", userId: user.id, cents: 6250, currency: "usd" }),
      inlineSubscription({ id: "sub_x3", customer: "cus_x3", userId: user.id, cents: 500 }),
      inlineSubscription({ id: "sub_x4", customer: "cus_x4", userId: user.id, cents: 900_000 }),
    ];
    for (const [i, sub] of cases.entries())
      await deliver(stripeBillingEvent("customer.subscription.created", sub, { created: 1_790_000_000 + i }));
    expect(await db.select().from(schema.subscriptions)).toHaveLength(0);
  });
});
