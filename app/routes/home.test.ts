import { testContext, testDeps } from "@tests/context";
import { donationEvent, insertPendingGift } from "@tests/donations";
import { subscriptionEvent } from "@tests/subscriptions";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { seedDemoData } from "~/seed/seed.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { loader } from "./home";

async function homeData() {
  return loader({ context: testContext() } as never);
}

/** Sums straight over the ledger, independent of the models under test. */
async function ledger() {
  const donations = await db.select().from(schema.donations);
  const charges = await db.select().from(schema.subscriptionCharges);
  const subs = await db.select().from(schema.subscriptions);
  return {
    raised:
      donations.filter((d) => d.status === "paga").reduce((s, d) => s + d.amountCents, 0) + charges.reduce((s, c) => s + c.amountCents, 0),
    parties: (await db.select().from(schema.parties)).length,
    active: subs.filter((s) => s.status === "active").length,
  };
}

describe("home figures", () => {
  it("are all zero on an empty database", async () => {
    const { figures, testimonials, causes, mainOrganization, ad } = await homeData();
    expect(figures).toMatchObject({ raisedCents: 0, parties: 0, activeSubscribers: 0, familiesHelped: 0, familiesReport: null });
    expect({ testimonials, causes, mainOrganization, ad }).toEqual({ testimonials: [], causes: [], mainOrganization: null, ad: null });
  });

  it("equal the paid ledger: paid one-off gifts plus subscription charges", async () => {
    await seedDemoData();
    const expected = await ledger();
    const { figures, mainOrganization } = await homeData();
    expect(figures.raisedCents).toBe(expected.raised);
    expect(figures.parties).toBe(expected.parties);
    expect(figures.activeSubscribers).toBe(expected.active);
    expect(figures.familiesHelped).toBe(2847);
    // The one figure nobody can compute is the institutions' own report: it carries its source and date.
    expect(figures.familiesReport).toEqual({
      source: expect.stringMatching(/\S/),
      reportedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(figures.raisedCents).toBeGreaterThan(0);
    expect(mainOrganization?.slug).toBe("aadora");
  });

  it("move only with paid money: pending, failed and refunded gifts and inactive subscriptions do not count", async () => {
    await seedDemoData();
    const before = (await homeData()).figures;
    const [party] = await db.select().from(schema.parties).limit(1);
    // Through the provider's events, as in production (each writes its ledger row).
    const deps = testDeps();
    const [, failed, refunded, paid] = await Promise.all(
      [1_000, 2_000, 3_000, 4_000].map((amountCents) => insertPendingGift(party!.id, { amountCents })),
    );
    await processPaymentEvent(donationEvent(failed!, "failed"), deps);
    await processPaymentEvent(donationEvent(refunded!, "paid"), deps);
    await processPaymentEvent(donationEvent(refunded!, "refunded"), deps);
    await processPaymentEvent(donationEvent(paid!, "paid"), deps);
    const [sub] = await db.select().from(schema.subscriptions).limit(1);
    const invoice = { id: "in_extra", amountCents: 10_000 };
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { subscriptionId: sub!.providerSubscriptionId, plan: sub!.plan as "prata", invoice }),
      deps,
    );
    await db.update(schema.subscriptions).set({ status: "canceled" }).where(eq(schema.subscriptions.id, sub!.id));

    const after = (await homeData()).figures;
    expect(after.raisedCents - before.raisedCents).toBe(4_000 + 10_000);
    expect(after.activeSubscribers).toBe(before.activeSubscribers - 1);
    expect(after.raisedCents).toBe((await ledger()).raised);
  });

  it("shows the admin-maintained families figure", async () => {
    await db.insert(schema.siteSettings).values({ key: "families_helped", value: 1234 });
    expect((await homeData()).figures.familiesHelped).toBe(1234);
  });

  it("labels the families figure as the institutions' report with its date; a figure saved before that keeps the day it was saved", async () => {
    await db
      .insert(schema.siteSettings)
      .values({ key: "families_helped", value: { count: 310, source: "Relatório anual da AADORA", reportedOn: "2026-10-31" } });
    expect((await homeData()).figures).toMatchObject({
      familiesHelped: 310,
      familiesReport: { source: "Relatório anual da AADORA", reportedOn: "2026-10-31" },
    });
    await db
      .update(schema.siteSettings)
      .set({ value: 42, updatedAt: new Date("2026-09-15T15:00:00Z") })
      .where(eq(schema.siteSettings.key, "families_helped"));
    expect((await homeData()).figures.familiesReport).toEqual({ source: null, reportedOn: "2026-09-15" });
  });

  it("the raised figure is the ledger's report, the same the transparency page shows", async () => {
    await seedDemoData();
    const { raisedTotals } = await import("~/domain/ledger/index.server");
    expect((await homeData()).figures.raisedCents).toBe((await raisedTotals()).grossCents);
  });
});
