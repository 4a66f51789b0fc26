import { testDeps, testSandboxQueue } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { insertUser } from "@tests/parties";
import { chargeRows, outbox, sandboxSubscriber, subscriptionEvent, subscriptionRow } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db, schema } from "~/platform/db.server";
import { type Clock } from "~/platform/clock";
import type { DonationPaymentEvent, PaymentProvider, SubscriptionPaymentEvent } from "~/domain/payments";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { ensureRecoveryPix, readRecoveryLink } from "./recovery-link.server";
import { retryRecovery, runDueRetries } from "./recovery-retries.server";

useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const FAILED_AT = new Date("2026-11-02T09:00:00Z");
const at = (ms: number) => new Date(FAILED_AT.getTime() + ms);

/** A clock the test moves (no real waiting). */
function movableClock(start: Date): Clock & { set(to: Date): void } {
  let now = start;
  return { now: () => now, set: (to) => (now = to) };
}

async function recoveries() {
  return db.select().from(schema.subscriptionRecoveries);
}

async function history(recoveryId: string) {
  const rows = await db
    .select()
    .from(schema.subscriptionRecoveryEvents)
    .where(eq(schema.subscriptionRecoveryEvents.recoveryId, recoveryId));
  return rows.map((r) => r.kind).sort();
}

function pixPaid(txid: string, amountCents: number, when: Date, e2e = `E00000000${when.getTime()}`): DonationPaymentEvent {
  return {
    id: e2e,
    provider: "sandbox",
    type: "pix",
    occurredAt: when,
    kind: "donation",
    action: "paid",
    ref: {},
    paymentId: e2e,
    pix: { txid, endToEndId: e2e, amountCents },
  };
}

async function cardSubscriber() {
  const user = await insertUser("Helena Souza");
  const customerId = await sandboxSubscriber(user.id);
  const sandbox = testSandboxQueue();
  const clock = movableClock(FAILED_AT);
  const deps = testDeps({ payments: { sandboxEvents: sandbox }, clock });
  await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "prata", at: at(-30 * DAY) }), deps);
  return { user, customerId, sandbox, clock, deps };
}

describe("card recovery in the sandbox (our schedule: days 1, 3, 5, 7)", () => {
  it("e-mails the link at once, retries on schedule with a moved clock, suspends after the last, and the link's Pix brings it back with the month's receipt", async () => {
    const { customerId, sandbox, clock, deps } = await cardSubscriber();
    await processPaymentEvent(
      subscriptionEvent("invoice_failed", { customerId, at: FAILED_AT, invoice: { id: "in_nov", amountCents: 5000 } }),
      deps,
    );
    let [recovery] = await recoveries();
    expect(recovery).toMatchObject({ status: "open", failures: 1, retriesBy: "ours", method: "card" });
    expect(recovery!.nextAttemptAt).toEqual(at(1 * DAY));
    expect(await subscriptionRow()).toMatchObject({ status: "past_due" });
    const failedMail = (await outbox()).find((m) => m.template === "subscription-payment-failed")!;
    expect(failedMail.text).toContain("/assinatura/regularizar?token=");

    // Half a day later nothing is due; then each retry on its day, each answered by the sandbox's decline.
    clock.set(at(DAY / 2));
    expect(await runDueRetries(deps)).toMatchObject({ due: 0, asked: 0 });
    for (const [day, next] of [
      [1, 3],
      [3, 5],
      [5, 7],
    ] as const) {
      clock.set(at(day * DAY));
      expect(await runDueRetries(deps)).toMatchObject({ asked: 1 });
      // Asked again before the answer: nothing more is asked (never two tries at once).
      expect(await runDueRetries(deps)).toMatchObject({ asked: 0 });
      await sandbox.flush();
      [recovery] = await recoveries();
      expect(recovery!.nextAttemptAt).toEqual(at(next * DAY));
    }
    clock.set(at(7 * DAY));
    await runDueRetries(deps);
    await sandbox.flush();
    [recovery] = await recoveries();
    expect(recovery).toMatchObject({ status: "suspended", failures: 5, retriesRequested: 4, nextAttemptAt: null });
    expect(await runDueRetries(deps)).toMatchObject({ due: 0 });
    const mails = await outbox();
    expect(mails.filter((m) => m.template === "subscription-payment-failed")).toHaveLength(1);
    const suspendedMail = mails.find((m) => m.template === "subscription-suspended")!;
    expect(suspendedMail.text).toContain("Reativar minha assinatura");

    // The link: its month, then its one-off Pix, paid at the sandbox's bank.
    const token = decodeURIComponent(/token=([^\s]+)/.exec(suspendedMail.text)![1]!);
    const link = await readRecoveryLink(token, clock.now());
    expect(link).toMatchObject({ ok: true, recovery: { id: recovery!.id } });
    const pix = await ensureRecoveryPix(recovery!, { provider: deps.payments.pix, config: deps.config, now: clock.now() });
    expect(
      await ensureRecoveryPix((await recoveries())[0]!, { provider: deps.payments.pix, config: deps.config, now: clock.now() }),
    ).toEqual(pix);
    const paid = pixPaid(pix.txid, 5000, at(7 * DAY + 60_000));
    expect(await processPaymentEvent(paid, deps)).toMatchObject({ outcome: "subscription", charged: true, status: "active" });
    expect(await processPaymentEvent(paid, deps)).toEqual({ outcome: "duplicate" });
    expect(await subscriptionRow()).toMatchObject({ status: "active" });
    expect((await recoveries())[0]).toMatchObject({ status: "recovered" });
    expect((await chargeRows()).map((c) => [c.providerInvoiceId, c.amountCents])).toEqual([["in_nov", 5000]]);
    const ledger = await db.select().from(schema.ledgerEntries);
    expect(ledger.map((r) => [r.kind, r.grossCents])).toEqual([["subscription_charge_paid", 5000]]);
    expect((await outbox()).filter((m) => m.template === "subscription-receipt")).toHaveLength(1);
    expect(await history(recovery!.id)).toEqual([
      ...Array(5).fill("failed"),
      "pix_created",
      "recovered",
      ...Array(4).fill("retry_requested"),
      "suspended",
    ]);
  });

  it("'Tentar agora' asks for the next retry once, however often it is pressed", async () => {
    const { customerId, sandbox, deps } = await cardSubscriber();
    await processPaymentEvent(subscriptionEvent("invoice_failed", { customerId, at: FAILED_AT, invoice: { id: "in_x" } }), deps);
    const [recovery] = await recoveries();
    const answers = await Promise.all([retryRecovery(recovery!.id, deps), retryRecovery(recovery!.id, deps)]);
    expect(answers.sort()).toEqual(["asked", "not-allowed"]);
    expect(sandbox.pending).toBe(1);
    await sandbox.flush();
    expect((await recoveries())[0]).toMatchObject({ failures: 2, retriesRequested: 1 });
  });
});

describe("Pix Automático recovery (intraday retry, then days 2, 4 and 6)", () => {
  it("each failure is e-mailed with the month's Pix; after the last retry the plan is suspended", async () => {
    const user = await insertUser("Paula Pix");
    const customerId = await sandboxSubscriber(user.id);
    const sandbox = testSandboxQueue();
    const clock = movableClock(FAILED_AT);
    const deps = testDeps({ payments: { sandboxEvents: sandbox }, clock });
    const pixEvent = (e: SubscriptionPaymentEvent, type: string) => ({ ...e, type });
    await processPaymentEvent(pixEvent(subscriptionEvent("updated", { customerId, at: at(-DAY) }), "pix_automatico.rec_aprovada"), deps);
    await processPaymentEvent(
      pixEvent(
        subscriptionEvent("invoice_failed", { customerId, at: FAILED_AT, invoice: { id: "cobr_nov" } }),
        "pix_automatico.cobr_falhou",
      ),
      deps,
    );
    expect((await recoveries())[0]).toMatchObject({ method: "pix_automatico", nextAttemptAt: at(10 * 60 * 60 * 1000) });
    for (const offset of [10 * 60 * 60 * 1000, 2 * DAY, 4 * DAY, 6 * DAY]) {
      clock.set(at(offset));
      expect(await runDueRetries(deps)).toMatchObject({ asked: 1 });
      await sandbox.flush();
    }
    expect((await recoveries())[0]).toMatchObject({ status: "suspended", failures: 5 });
    const mails = await outbox();
    expect(mails.filter((m) => m.template === "subscription-payment-failed")).toHaveLength(4);
    expect(mails.filter((m) => m.template === "subscription-suspended")).toHaveLength(1);
    expect(mails.find((m) => m.template === "subscription-payment-failed")!.text).toContain("Pix");
  });
});

describe("Stripe retries by itself: we read its next try and never schedule ours", () => {
  async function stripeSubscriber() {
    const user = await insertUser("Carla Stripe");
    const settle = vi.fn(async () => {});
    const retry = vi.fn(async () => {});
    const stripe = { name: "stripe", settleInvoiceOutOfBand: settle, retrySubscriptionCharge: retry } as unknown as PaymentProvider;
    const base = testDeps();
    const clock = movableClock(FAILED_AT);
    const deps = testDeps({
      clock,
      payments: { byName: (name) => (name === "stripe" ? stripe : base.payments.byName(name)) },
    });
    await db.insert(schema.subscriptions).values({
      userId: user.id,
      plan: "prata",
      status: "active",
      provider: "stripe",
      providerCustomerId: "cus_1",
      providerSubscriptionId: "sub_stripe_1",
      lastEventAt: at(-30 * DAY),
    });
    const failed = (when: Date, next: Date | null): SubscriptionPaymentEvent => {
      const e = subscriptionEvent("invoice_failed", {
        subscriptionId: "sub_stripe_1",
        at: when,
        priceId: null,
        invoice: { id: "in_st", amountCents: 5000 },
      });
      return { ...e, provider: "stripe", invoice: { ...e.invoice!, nextAttemptAt: next } };
    };
    const paid = (when: Date) => ({
      ...subscriptionEvent("invoice_paid", {
        subscriptionId: "sub_stripe_1",
        at: when,
        priceId: null,
        invoice: { id: "in_st", amountCents: 5000 },
      }),
      provider: "stripe" as const,
    });
    return { deps, clock, settle, retry, failed, paid };
  }

  it("a Stripe-side retry and our schedule never charge twice in a month", async () => {
    const { deps, clock, retry, failed, paid } = await stripeSubscriber();
    await processPaymentEvent(failed(FAILED_AT, at(3 * DAY)), deps);
    const [recovery] = await recoveries();
    expect(recovery).toMatchObject({ retriesBy: "provider", nextAttemptAt: at(3 * DAY) });
    const pix = await ensureRecoveryPix(recovery!, { provider: deps.payments.pix, config: deps.config, now: clock.now() });
    for (let day = 0; day <= 14; day++) {
      clock.set(at(day * DAY));
      await runDueRetries(deps);
    }
    expect(await retryRecovery(recovery!.id, deps)).toBe("not-allowed");
    expect(retry).not.toHaveBeenCalled();
    // Stripe's own retry succeeds; the link's Pix, paid later, is not a second charge.
    await processPaymentEvent(paid(at(3 * DAY)), deps);
    await processPaymentEvent(pixPaid(pix.txid, 5000, at(3 * DAY + 60_000)), deps);
    expect(await chargeRows()).toHaveLength(1);
    expect(await db.select().from(schema.ledgerEntries)).toHaveLength(1);
    expect((await recoveries())[0]).toMatchObject({ status: "recovered" });
    expect(await history(recovery!.id)).toContain("extra_payment");
  });

  it("the link's Pix first: Stripe is told the invoice was paid, and its later invoice.paid charges nothing more; its last failure suspends", async () => {
    const { deps, clock, settle, failed, paid } = await stripeSubscriber();
    await processPaymentEvent(failed(FAILED_AT, at(3 * DAY)), deps);
    // A later failure with no next try is Stripe's last: suspended. An older one delivered late changes nothing.
    await processPaymentEvent(failed(at(8 * DAY), null), deps);
    await processPaymentEvent(failed(at(5 * DAY), at(8 * DAY)), deps);
    const [recovery] = await recoveries();
    expect(recovery).toMatchObject({ status: "suspended", failures: 3, nextAttemptAt: null });
    clock.set(at(9 * DAY));
    const pix = await ensureRecoveryPix(recovery!, { provider: deps.payments.pix, config: deps.config, now: clock.now() });
    await processPaymentEvent(pixPaid(pix.txid, 5000, at(9 * DAY)), deps);
    expect(settle).toHaveBeenCalledWith("in_st");
    await processPaymentEvent(paid(at(9 * DAY + 1000)), deps);
    expect(await chargeRows()).toHaveLength(1);
    expect((await recoveries())[0]).toMatchObject({ status: "recovered" });
  });

  it("a Pix for less than the month pays nothing and is kept for the team", async () => {
    const { deps, clock, failed } = await stripeSubscriber();
    await processPaymentEvent(failed(FAILED_AT, at(3 * DAY)), deps);
    const [recovery] = await recoveries();
    const pix = await ensureRecoveryPix(recovery!, { provider: deps.payments.pix, config: deps.config, now: clock.now() });
    expect(await processPaymentEvent(pixPaid(pix.txid, 100, at(DAY)), deps)).toMatchObject({ outcome: "ignored" });
    expect(await chargeRows()).toHaveLength(0);
    expect(await history(recovery!.id)).toContain("extra_payment");
  });
});
