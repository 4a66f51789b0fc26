import { and, count, eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@tests/database";
import { db, schema } from "~/db.server";
import { seedIfEmpty } from "./seed.server";

useTestDatabase();

describe("demo seed", () => {
  it("fills an empty database once, with party totals equal to their paid gifts", async () => {
    expect(await seedIfEmpty()).toBe(true);
    expect(await seedIfEmpty()).toBe(false);
    const [aadora] = await db.select().from(schema.organizations).where(eq(schema.organizations.slug, "aadora"));
    expect(aadora?.city).toBe("Belo Horizonte");
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
