import { and, count, eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@tests/database";
import { db, schema } from "~/platform/db.server";
import { isValidCnpj } from "~/domain/organizations";
import { seedIfEmpty } from "./seed.server";

useTestDatabase();

describe("demo seed", () => {
  it("fills an empty database once, with party totals equal to their paid gifts", async () => {
    expect(await seedIfEmpty()).toBe(true);
    expect(await seedIfEmpty()).toBe(false);
    const [aadora] = await db.select().from(schema.organizations).where(eq(schema.organizations.slug, "aadora"));
    expect(aadora?.city).toBe("Belo Horizonte");
    expect(aadora?.verifiedAt).toBeInstanceOf(Date);
    expect(aadora?.verifiedBy).toBeTruthy();
    // Every demo institution has its own (fictitious) CNPJ with valid check digits.
    const orgs = await db.select().from(schema.organizations);
    expect(orgs.every((o) => o.cnpj !== null && isValidCnpj(o.cnpj))).toBe(true);
    expect(new Set(orgs.map((o) => o.cnpj)).size).toBe(orgs.length);
    expect(orgs.every((o) => o.verificationNote?.includes("fictícios"))).toBe(true);
    const parties = await db.select().from(schema.parties);
    expect(parties.length).toBeGreaterThan(3);
    for (const party of parties) {
      const [paid] = await db
        .select({ total: sum(schema.donations.amountCents).mapWith(Number), n: count() })
        .from(schema.donations)
        .where(and(eq(schema.donations.partyId, party.id), eq(schema.donations.status, "paga")));
      expect(party.raisedCents).toBe(paid?.total ?? 0);
      expect(party.paidCount).toBe(paid?.n);
    }
  });
});

describe("demo story", () => {
  it("tells of a demo party only once it has ended, with the amount it raised", async () => {
    const { DEMO_PARTIES, DEMO_TESTIMONIALS } = await import("./demo-data");
    const told = DEMO_TESTIMONIALS.map((t) => ({ t, party: DEMO_PARTIES.find((p) => p.name === t.event) }));
    expect(told.filter(({ party }) => party).length).toBeGreaterThan(0);
    for (const { t, party } of told) {
      if (!party) continue;
      expect(party.daysFromToday, t.event).toBeLessThan(0);
      const raised = party.gifts.reduce((total, gift) => total + gift.reais, 0);
      expect(t.impact).toContain(`R$ ${raised.toLocaleString("pt-BR")}`);
    }
    // No testimonial names a party that is still collecting.
    const live = DEMO_PARTIES.filter((p) => p.daysFromToday >= 0).map((p) => p.name);
    for (const t of DEMO_TESTIMONIALS) for (const name of live) expect(`${t.quote} ${t.event}`).not.toContain(name);
  });
});
