import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { seedDemoData } from "~/seed/seed.server";
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
    expect(figures).toMatchObject({ raisedCents: 0, parties: 0, activeSubscribers: 0, familiesHelped: 0 });
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
    expect(figures.raisedCents).toBeGreaterThan(0);
    expect(mainOrganization?.slug).toBe("aadora");
  });

  it("move only with paid money: pending, failed and refunded gifts and inactive subscriptions do not count", async () => {
    await seedDemoData();
    const before = (await homeData()).figures;
    const [party] = await db.select().from(schema.parties).limit(1);
    const gift = { partyId: party!.id, provider: "sandbox", donorName: "Teste" };
    await db.insert(schema.donations).values([
      { ...gift, amountCents: 1_000, status: "pendente" },
      { ...gift, amountCents: 2_000, status: "falhou" },
      { ...gift, amountCents: 3_000, status: "reembolsada" },
      { ...gift, amountCents: 4_000, status: "paga" },
    ]);
    const [sub] = await db.select().from(schema.subscriptions).limit(1);
    await db.update(schema.subscriptions).set({ status: "canceled" }).where(eq(schema.subscriptions.id, sub!.id));
    await db
      .insert(schema.subscriptionCharges)
      .values({ subscriptionId: sub!.id, providerInvoiceId: "in_extra", amountCents: 10_000, paidAt: new Date() });

    const after = (await homeData()).figures;
    expect(after.raisedCents - before.raisedCents).toBe(4_000 + 10_000);
    expect(after.activeSubscribers).toBe(before.activeSubscribers - 1);
    expect(after.raisedCents).toBe((await ledger()).raised);
  });

  it("shows the admin-maintained families figure", async () => {
    await db.insert(schema.siteSettings).values({ key: "families_helped", value: 1234 });
    expect((await homeData()).figures.familiesHelped).toBe(1234);
  });
});
