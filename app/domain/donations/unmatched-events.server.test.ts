import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminGet, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { donationRow, givingSetup, insertPendingGift } from "@tests/donations";
import { stripeEvent } from "@tests/stripe-fake";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { testContext, testSandboxQueue } from "@tests/context";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { adminTabLoader as adminLoader } from "@tests/admin";
import { action as sandboxWebhook } from "~/routes/api.webhooks.sandbox";
import { action as stripeWebhook } from "~/routes/api.webhooks.stripe";
import { listUnmatchedPaymentEvents, UNMATCHED_FLAG_AFTER } from "./unmatched-events.server";

const WEBHOOK_SECRET = "whsec_unmatched_test";
const withStripe = () =>
  testContext({
    clientIp: "198.51.100.7",
    config: parseConfig({ ...process.env, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
  });
const call = (fn: (args: never) => unknown, request: Request, context: AppLoadContext = testContext({ clientIp: "198.51.100.7" })) =>
  fn({ request, params: {}, context } as never) as Promise<Response>;

function stripeRequest(event: object) {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return new Request("http://localhost:3000/api/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

function sandboxRequest(body: string) {
  const headers = { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, process.env.APP_SECRET!) };
  return new Request("http://localhost:3000/api/webhooks/sandbox", { method: "POST", body, headers });
}

const unknownSession = (id: string) => ({
  id,
  object: "checkout.session",
  mode: "payment",
  payment_status: "paid",
  payment_intent: "pi_unknown",
  metadata: { donation_id: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d" },
});

describe("events for a gift we do not know", () => {
  it("Stripe: stored and answered 409 with Retry-After until the fifth delivery, then flagged and acknowledged", async () => {
    const context = withStripe();
    const event = stripeEvent("checkout.session.completed", unknownSession("cs_test_unknown"), { id: "evt_unknown_1" });
    for (let attempt = 1; attempt < UNMATCHED_FLAG_AFTER.attempts; attempt++) {
      const res = await call(stripeWebhook, stripeRequest(event), context);
      expect(res.status, `attempt ${attempt}`).toBe(409);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    const [row] = await db.select().from(schema.unmatchedPaymentEvents);
    expect(row).toMatchObject({
      provider: "stripe",
      eventId: "evt_unknown_1",
      type: "checkout.session.completed",
      attempts: 4,
      flaggedAt: null,
    });
    expect(row!.summary).toMatchObject({ action: "paid", ref: { checkoutId: "cs_test_unknown" } });

    const last = await call(stripeWebhook, stripeRequest(event), context);
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ received: true, results: [{ id: "evt_unknown_1", outcome: "flagged" }] });
    expect(await call(stripeWebhook, stripeRequest(event), context).then((r) => r.status)).toBe(200);

    // The admin sees it in the donations tab.
    const { cookie } = await createTestUser({ admin: true });
    const tab = (await adminLoader(routeArgs(adminGet("/admin/doacoes", cookie)))) as unknown as {
      data: { unmatched: Array<{ eventId: string; flaggedAt: Date | null; attempts: number }> };
    };
    expect(tab.data.unmatched).toEqual([expect.objectContaining({ eventId: "evt_unknown_1", attempts: 6, flaggedAt: expect.any(Date) })]);
  });

  it("an old unmatched event is flagged on its next delivery, whatever the count", async () => {
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: "cs_sbx_" + "a".repeat(32) }));
    expect((await call(sandboxWebhook, sandboxRequest(body))).status).toBe(409);
    await db
      .update(schema.unmatchedPaymentEvents)
      .set({ firstSeenAt: sql`now() - make_interval(hours => ${UNMATCHED_FLAG_AFTER.hours + 1})` });
    expect((await call(sandboxWebhook, sandboxRequest(body))).status).toBe(200);
  });

  it("sandbox: its delivery queue retries a 409; a gift that appears meanwhile is matched and leaves the list", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 1500 });
    // An event naming a checkout not linked yet (as if it raced the checkout's creation).
    const event = sandboxEvent("checkout.paid", { checkoutId: "cs_sbx_" + "b".repeat(32) });
    const queue = testSandboxQueue();
    testContext({ payments: { sandboxEvents: queue } });
    await queue.deliver(event);
    // Not accepted: the delivery fails on the 409, so the queue (pg-boss in the app) retries it.
    await expect(queue.flush()).rejects.toThrow("HTTP 409");
    expect(await listUnmatchedPaymentEvents()).toHaveLength(1);

    // The gift gets that checkout; the provider's next delivery (here by hand) matches it.
    await db
      .update(schema.donations)
      .set({ providerCheckoutId: "cs_sbx_" + "b".repeat(32) })
      .where(sql`id = ${gift.id}`);
    expect((await call(sandboxWebhook, sandboxRequest(JSON.stringify(event)))).status).toBe(200);
    expect((await donationRow(gift.id)).status).toBe("paga");
    expect(await listUnmatchedPaymentEvents()).toHaveLength(0);
  });
});
