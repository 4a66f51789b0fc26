import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { insertUser } from "@tests/parties";
import { chargeRows, outbox, sandboxSubscriber, subscriptionEvent, subscriptionRow, subscriptionRows } from "@tests/subscriptions";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { countActiveSubscriptions, sumSubscriptionChargesCents } from "~/domain/content/impact.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { applySubscriptionSnapshot } from "./subscription-events.server";
import { getSubscriptionStatus } from "./subscriptions.server";

useTestDatabase();

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));

async function subscriber() {
  const user = await insertUser("Helena Souza");
  const customerId = await sandboxSubscriber(user.id);
  return { user, customerId };
}

describe("subscription lifecycle from events", () => {
  it("created: a row for the user found through the billing customer, plan from the price id", async () => {
    const { user, customerId } = await subscriber();
    const result = await processPaymentEvent(
      subscriptionEvent("updated", { customerId, plan: "prata", at: t(0), periodEnd: new Date("2026-12-01T12:00:00Z") }),
      testDeps(),
    );
    expect(result).toMatchObject({ outcome: "subscription", applied: true, status: "active" });
    const row = await subscriptionRow();
    expect(row).toMatchObject({
      userId: user.id,
      plan: "prata",
      status: "active",
      provider: "sandbox",
      providerCustomerId: customerId,
      cancelAtPeriodEnd: false,
    });
    expect(row!.currentPeriodEnd?.toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "prata", status: "active" });
    expect(await countActiveSubscriptions()).toBe(1);
  });

  it("updated: a plan change follows the new price; cancel at period end keeps the user subscribed", async () => {
    const { user, customerId } = await subscriber();
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "prata", at: t(0) }), testDeps());
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: t(1) }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ plan: "ouro", status: "active" });
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: t(2), cancelAtPeriodEnd: true }), testDeps());
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "ouro", cancelAtPeriodEnd: true });
  });

  it("deleted: canceled, no longer subscribed, out of the active count; canceled is final", async () => {
    const { user, customerId } = await subscriber();
    await processPaymentEvent(subscriptionEvent("updated", { customerId, at: t(0) }), testDeps());
    await processPaymentEvent(subscriptionEvent("deleted", { customerId, at: t(5) }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ status: "canceled" });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, plan: null, status: "canceled" });
    expect(await countActiveSubscriptions()).toBe(0);
    // The same second as the cancel, delivered late: it cannot revive the subscription.
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: t(5) }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ status: "canceled", plan: "prata" });
  });

  it("invoice paid: one charge in centavos per invoice, counted in the public totals, whatever the repeats", async () => {
    const { customerId } = await subscriber();
    await processPaymentEvent(subscriptionEvent("updated", { customerId, at: t(0) }), testDeps());
    const paid = subscriptionEvent("invoice_paid", { customerId, at: t(1), invoice: { id: "in_1", amountCents: 5000 } });
    expect(await processPaymentEvent(paid, testDeps())).toMatchObject({ outcome: "subscription", charged: true });
    expect(await processPaymentEvent(paid, testDeps())).toEqual({ outcome: "duplicate" });
    // The same invoice under another event id (Stripe sends invoice.paid and sometimes retries with new ids).
    expect(
      await processPaymentEvent(
        subscriptionEvent("invoice_paid", { customerId, at: t(2), invoice: { id: "in_1", amountCents: 5000 } }),
        testDeps(),
      ),
    ).toMatchObject({ charged: false });
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId, at: t(40), invoice: { id: "in_2", amountCents: 5000 } }),
      testDeps(),
    );
    const charges = await chargeRows();
    expect(charges.map((c) => [c.providerInvoiceId, c.amountCents])).toEqual([
      ["in_1", 5000],
      ["in_2", 5000],
    ]);
    expect(charges[0]!.paidAt.toISOString()).toBe(t(1).toISOString());
    expect(await sumSubscriptionChargesCents()).toBe(10000);
  });

  it("invoice paid before any subscription event creates the subscription as active", async () => {
    const { user, customerId } = await subscriber();
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", {
        customerId,
        plan: "diamante",
        at: t(1),
        invoice: { id: "in_first", periodEnd: new Date("2026-12-01T12:00:00Z") },
      }),
      testDeps(),
    );
    expect(await subscriptionRow()).toMatchObject({ userId: user.id, plan: "diamante", status: "active" });
    expect((await chargeRows()).map((c) => c.amountCents)).toEqual([10000]);
    // The older "created (incomplete)" arriving afterwards does not undo it.
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "diamante", status: "incomplete", at: t(0) }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ status: "active" });
  });

  it("invoice payment failed: past due, never a paying subscriber, one e-mail per invoice to the subscriber", async () => {
    const { user, customerId } = await subscriber();
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: t(0) }), testDeps());
    await processPaymentEvent(
      subscriptionEvent("invoice_failed", { customerId, plan: "ouro", at: t(10), invoice: { id: "in_bad", amountCents: 7000 } }),
      testDeps(),
    );
    await processPaymentEvent(
      subscriptionEvent("invoice_failed", { customerId, plan: "ouro", at: t(11), invoice: { id: "in_bad", amountCents: 7000 } }),
      testDeps(),
    );
    expect(await subscriptionRow()).toMatchObject({ status: "past_due" });
    const status = await getSubscriptionStatus(user.id);
    expect(status).toMatchObject({ subscribed: false, status: "past_due", plan: "ouro" });
    expect(await countActiveSubscriptions()).toBe(0);
    expect(await chargeRows()).toHaveLength(0);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const [contact] = await db.select().from(schema.user).where(eq(schema.user.id, user.id));
    expect(mails[0]).toMatchObject({ to: contact!.email, template: "subscription-payment-failed", dedupeKey: "sub-failed:in_bad" });
    expect(mails[0]!.text).toContain("R$ 70,00");
    // Paying the invoice later brings it back.
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId, plan: "ouro", at: t(20), invoice: { id: "in_bad", amountCents: 7000 } }),
      testDeps(),
    );
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, status: "active" });
  });

  it("a failure older than newer news changes nothing and sends nothing", async () => {
    const { customerId } = await subscriber();
    await processPaymentEvent(subscriptionEvent("updated", { customerId, at: t(30) }), testDeps());
    await processPaymentEvent(subscriptionEvent("invoice_failed", { customerId, at: t(10), invoice: { id: "in_old" } }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ status: "active" });
    expect(await outbox()).toHaveLength(0);
  });

  it("an older event after a newer one leaves the newer state", async () => {
    const { customerId } = await subscriber();
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: t(10) }), testDeps());
    const late = await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "prata", at: t(0) }), testDeps());
    expect(late).toMatchObject({ outcome: "subscription", applied: false });
    expect(await subscriptionRow()).toMatchObject({ plan: "ouro", lastEventAt: t(10) });
  });

  it("checkout completed links the subscription to the user who paid", async () => {
    const user = await insertUser("Sem Cliente");
    await processPaymentEvent(subscriptionEvent("updated", { customerId: "cus_unknown", at: t(0) }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ userId: null });
    expect(
      await processPaymentEvent(
        subscriptionEvent("checkout_completed", { customerId: "cus_unknown", userId: user.id, priceId: null }),
        testDeps(),
      ),
    ).toMatchObject({ outcome: "linked" });
    expect(await subscriptionRow()).toMatchObject({ userId: user.id });
  });

  it("a price that is not one of our plans, for a subscription we never saw, is not ours: nothing stored", async () => {
    const event = subscriptionEvent("updated", { priceId: "price_someone_else" });
    expect(await processPaymentEvent(event, testDeps())).toEqual({ outcome: "unmatched" });
    expect(await subscriptionRows()).toHaveLength(0);
    expect(await db.select().from(schema.paymentEvents)).toHaveLength(0);
  });

  it("a metadata user id that does not exist is not linked", async () => {
    await processPaymentEvent(subscriptionEvent("updated", { userId: "no-such-user" }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ userId: null });
  });

  it("the refresh writes the provider's view without hiding events still in flight", async () => {
    const { user, customerId } = await subscriber();
    await db.transaction((tx) =>
      applySubscriptionSnapshot(
        tx,
        "sandbox",
        {
          subscriptionId: "sub_sbx_test",
          customerId,
          priceId: "price_sbx_prata",
          status: "active",
          currentPeriodEnd: t(60),
          cancelAtPeriodEnd: false,
        },
        user.id,
        testDeps().config,
      ),
    );
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "prata" });
    // A webhook event from before the refresh (e.g. a plan change) still applies.
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: t(1) }), testDeps());
    expect(await subscriptionRow()).toMatchObject({ plan: "ouro", status: "active" });
  });
});

describe("duplicates and reordering (property)", () => {
  it("any shuffle with repeats of a subscription's events ends equal to the newest, with one charge per invoice", async () => {
    const { customerId } = await subscriber();
    const history = [
      subscriptionEvent("updated", { customerId, plan: "prata", status: "incomplete", at: t(0) }),
      subscriptionEvent("invoice_paid", { customerId, plan: "prata", at: t(1), invoice: { id: "in_a", amountCents: 5000 } }),
      subscriptionEvent("updated", { customerId, plan: "prata", status: "active", at: t(2) }),
      subscriptionEvent("updated", { customerId, plan: "ouro", status: "active", at: t(3) }),
      subscriptionEvent("invoice_paid", { customerId, plan: "ouro", at: t(4), invoice: { id: "in_b", amountCents: 7000 } }),
      subscriptionEvent("updated", { customerId, plan: "ouro", status: "active", cancelAtPeriodEnd: true, at: t(5) }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(history.length - 1), { minLength: 0, maxLength: 6 }),
        fc.infiniteStream(fc.double()),
        async (extra, randoms) => {
          // The ledger is append-only (a trigger refuses DELETE); TRUNCATE empties it between runs.
          await db.execute(
            sql`truncate payout_items, ledger_entries, subscription_charges, pix_recurring_charges, subscription_recovery_events, subscription_recoveries, monthly_nudges, subscriptions, payment_events`,
          );
          const stream = [...history, ...extra.map((i) => history[i]!)];
          const order = stream.map((e) => ({ e, k: randoms.next().value as number })).sort((a, b) => a.k - b.k);
          for (const { e } of order) await processPaymentEvent(e, testDeps());
          const row = await subscriptionRow();
          expect(row).toMatchObject({ plan: "ouro", status: "active", cancelAtPeriodEnd: true, lastEventAt: t(5) });
          expect((await chargeRows()).map((c) => c.providerInvoiceId).sort()).toEqual(["in_a", "in_b"]);
          // One ledger row per charge, with the fee of the moment it was paid.
          const rows = await db.select().from(schema.ledgerEntries);
          expect(rows.map((r) => [r.kind, r.grossCents, r.feeCents, r.netCents]).sort()).toEqual([
            ["subscription_charge_paid", 5000, 500, 4500],
            ["subscription_charge_paid", 7000, 700, 6300],
          ]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("failed attempts and retries (issue 30): any shuffle with repeats ends with one recovery per failed month, its failures counted once, recovered when paid", async () => {
    const { customerId } = await subscriber();
    const failed = (id: string, at: Date) => subscriptionEvent("invoice_failed", { customerId, at, invoice: { id, amountCents: 5000 } });
    const history = [
      subscriptionEvent("updated", { customerId, plan: "prata", status: "active", at: t(0) }),
      subscriptionEvent("invoice_paid", { customerId, at: t(1), invoice: { id: "in_a", amountCents: 5000 } }),
      // November fails, is retried twice (failing) and is then paid.
      failed("in_b", t(10)),
      failed("in_b", t(11)),
      failed("in_b", t(12)),
      subscriptionEvent("invoice_paid", { customerId, at: t(13), invoice: { id: "in_b", amountCents: 5000 } }),
      // December fails and its first retry fails too: still open, past due.
      failed("in_c", t(20)),
      failed("in_c", t(21)),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(history.length - 1), { minLength: 0, maxLength: 8 }),
        fc.infiniteStream(fc.double()),
        async (extra, randoms) => {
          await db.execute(
            sql`truncate payout_items, ledger_entries, subscription_charges, pix_recurring_charges, subscription_recovery_events, subscription_recoveries, monthly_nudges, subscriptions, payment_events`,
          );
          const stream = [...history, ...extra.map((i) => history[i]!)];
          const order = stream.map((e) => ({ e, k: randoms.next().value as number })).sort((a, b) => a.k - b.k);
          for (const { e } of order) await processPaymentEvent(e, testDeps());
          expect(await subscriptionRow()).toMatchObject({ status: "past_due" });
          const recoveries = await db.select().from(schema.subscriptionRecoveries).orderBy(schema.subscriptionRecoveries.invoiceId);
          expect(recoveries.map((r) => [r.invoiceId, r.status, r.failures, r.firstFailedAt.toISOString()])).toEqual([
            ["in_b", "recovered", 3, t(10).toISOString()],
            ["in_c", "open", 2, t(20).toISOString()],
          ]);
          // Our schedule from the first failure: the second retry three days after it.
          expect(recoveries[1]!.nextAttemptAt).toEqual(new Date(t(20).getTime() + 3 * 24 * 60 * 60 * 1000));
          const events = await db.select().from(schema.subscriptionRecoveryEvents);
          expect(events.filter((e) => e.kind === "failed")).toHaveLength(5);
          expect((await chargeRows()).map((c) => c.providerInvoiceId).sort()).toEqual(["in_a", "in_b"]);
          expect(await db.select().from(schema.ledgerEntries)).toHaveLength(2);
        },
      ),
      { numRuns: 25 },
    );
  });
});
