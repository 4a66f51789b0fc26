/**
 * Matching sponsors (decision 215): the cap holds under concurrency — on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL) — through both paid paths (the batch statement and the single transaction),
 * refunds give the cap back, and the promised money never enters the totals or the ledger.
 */
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift, partyTotals } from "@tests/donations";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { processDonationEventAlone, processPaymentEvent } from "~/domain/donations/payment-events.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import type { DonationPaymentEvent } from "~/domain/payments";
import { activeMatchBanner } from "./matching.server";

useTestDatabase();

async function insertPledge(partyId: string, capCents: number, overrides: Partial<typeof schema.matchPledges.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.matchPledges)
    .values({
      partyId,
      sponsorName: "Padaria Pão Quente",
      sponsorDocument: "11222333000181",
      ratioPercent: 100,
      capCents,
      status: "ativa",
      deadline: new Date(Date.now() + 7 * 86_400_000),
      ...overrides,
    })
    .returning();
  return row!;
}

async function pledgeRow(id: string) {
  const [row] = await db.select().from(schema.matchPledges).where(eq(schema.matchPledges.id, id));
  return row!;
}

async function allocations(pledgeId: string) {
  return db.select().from(schema.matchAllocations).where(eq(schema.matchAllocations.pledgeId, pledgeId));
}

async function ledgerGross(partyId: string) {
  const [row] = await db
    .select({ gross: sql<number>`coalesce(sum(${schema.ledgerEntries.grossCents}), 0)`.mapWith(Number) })
    .from(schema.ledgerEntries)
    .where(eq(schema.ledgerEntries.partyId, partyId));
  return row!.gross;
}

const reconcileNow = () => reconcile({ providers: [], range: { from: new Date(0), to: new Date(Date.now() + 60_000) } });

describe("matching pledges", () => {
  it("200 gifts paid at once against a R$ 1.000 cap: exactly R$ 1.000,00 matched, nothing over, none of it counted as received", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id, 100_000);
    // R$ 7,00 to R$ 13,00 (R$ 2.000 asked in all): the cap runs out part-way through a gift.
    const amounts = Array.from({ length: 200 }, (_, i) => 700 + ((i * 37) % 601));
    const gifts = [];
    for (const amountCents of amounts) gifts.push(await insertPendingGift(party.id, { amountCents }));
    const deps = testDeps();
    // Half through the batch statement, half through one transaction each, all in flight together.
    // 200 at once queue for the test's 4 connections (2 s to get one, db.server.ts): an event that
    // got none is delivered again, as the provider redelivers a webhook we failed to answer.
    const deliver = async (event: DonationPaymentEvent, alone: boolean) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await (alone ? processDonationEventAlone(event, deps) : processPaymentEvent(event, deps));
        } catch (error) {
          if (attempt >= 5 || !String(error).includes("timeout exceeded when trying to connect")) throw error;
        }
      }
    };
    const answers = await Promise.all(gifts.map((gift, i) => deliver(donationEvent(gift, "paid"), i % 2 === 0)));
    expect(answers.every((a) => a.outcome === "applied")).toBe(true);

    const rows = await allocations(pledge.id);
    const matched = rows.reduce((sum, r) => sum + r.amountCents, 0);
    expect(matched).toBe(100_000);
    expect(Math.max(0, matched - pledge.capCents)).toBe(0); // overspend R$ 0,00
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(100_000);
    // Each gift claimed at most its own amount (1:1), and at most one gift claimed only part of it.
    const byGift = new Map(gifts.map((g) => [g.id, g.amountCents]));
    expect(rows.every((r) => r.amountCents > 0 && r.amountCents <= byGift.get(r.donationId)!)).toBe(true);
    expect(rows.filter((r) => r.amountCents < byGift.get(r.donationId)!).length).toBeLessThanOrEqual(1);

    // Promised, not received: the party's total and its ledger rows are the gifts alone.
    const given = amounts.reduce((a, b) => a + b, 0);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: given, paidCount: 200 });
    expect(await ledgerGross(party.id)).toBe(given);
    expect(await activeMatchBanner(party.id)).toMatchObject({ capCents: 100_000, remainingCents: 0, sponsorName: "Padaria Pão Quente" });
    const check = await reconcileNow();
    expect(check.discrepancies).toEqual([]);
  });

  it("a refund of a matched gift gives its match back to the cap (a part refunded: the part), in the refund's transaction", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id, 15_000, { ratioPercent: 200 });
    const deps = testDeps();
    const first = await insertPendingGift(party.id, { amountCents: 5_000 });
    const second = await insertPendingGift(party.id, { amountCents: 5_000 });
    await processPaymentEvent(donationEvent(first, "paid"), deps);
    await processPaymentEvent(donationEvent(second, "paid"), deps);
    // 2:1 — R$ 100 asked by the first, the R$ 50 left by the second.
    expect((await allocations(pledge.id)).map((r) => r.amountCents).sort()).toEqual([10_000, 5_000].sort());
    expect((await activeMatchBanner(party.id))?.remainingCents).toBe(0);

    // R$ 20 of the first gift back: it now holds R$ 30, worth R$ 60 of match; R$ 40 go back to the cap.
    const part = donationEvent(first, "refunded", { refund: { refundId: "re_part_1", amountCents: 2_000 } });
    expect((await processPaymentEvent(part, deps)).outcome).toBe("applied");
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(11_000);
    expect((await activeMatchBanner(party.id))?.remainingCents).toBe(4_000);

    // The rest of it: its allocation goes, the whole match is remaining again.
    const rest = donationEvent(first, "refunded", { refund: { refundId: "re_part_2", amountCents: 3_000 } });
    expect((await processPaymentEvent(rest, deps)).outcome).toBe("applied");
    const left = await allocations(pledge.id);
    expect(left.map((r) => [r.donationId, r.amountCents])).toEqual([[second.id, 5_000]]);
    expect((await activeMatchBanner(party.id))?.remainingCents).toBe(10_000);

    // A new gift claims the room the refund made.
    const third = await insertPendingGift(party.id, { amountCents: 10_000 });
    await processPaymentEvent(donationEvent(third, "paid"), deps);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(15_000);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 15_000, paidCount: 2 });
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });

  it("a gift whose donor covered the fee is matched on the gift alone, and a refund releases the match down to the gift's share", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id, 20_000);
    const deps = testDeps();
    // R$ 100 and the R$ 10 fee its donor covered: R$ 110 charged, R$ 100 matched (decision 216).
    const gift = await insertPendingGift(party.id, { amountCents: 10_000, feeCoveredCents: 1_000 });
    await processPaymentEvent(donationEvent(gift, "paid"), deps);
    expect((await allocations(pledge.id)).map((r) => r.amountCents)).toEqual([10_000]);

    // Half of what was charged back (R$ 55): the gift keeps R$ 50 of its own, so R$ 50 of match.
    const half = donationEvent(gift, "refunded", { refund: { refundId: "re_half_cov", amountCents: 5_500 } });
    expect((await processPaymentEvent(half, deps)).outcome).toBe("applied");
    expect((await allocations(pledge.id)).map((r) => r.amountCents)).toEqual([5_000]);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(5_000);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5_000, paidCount: 1 });
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });

  it("a dispute releases a matched gift's match; a partial refund that arrives before the payment matches only what the gift keeps", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id, 100_000);
    const deps = testDeps();
    const disputed = await insertPendingGift(party.id, { amountCents: 4_000 });
    await processPaymentEvent(donationEvent(disputed, "paid"), deps);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(4_000);
    expect((await processPaymentEvent(donationEvent(disputed, "disputed"), deps)).outcome).toBe("applied");
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(0);
    expect(await allocations(pledge.id)).toEqual([]);

    // The refund proves the payment (paid row first), then takes R$ 10 of R$ 30 back: R$ 20 matched.
    const early = await insertPendingGift(party.id, { amountCents: 3_000 });
    const refund = donationEvent(early, "refunded", { refund: { refundId: "re_early_1", amountCents: 1_000 } });
    expect((await processPaymentEvent(refund, deps)).outcome).toBe("applied");
    expect((await allocations(pledge.id)).map((r) => [r.donationId, r.amountCents])).toEqual([[early.id, 2_000]]);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(2_000);
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });

  it("matches nothing after the deadline, for a cancelled pledge, or twice for a repeated event; the cap is a database check", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id, 10_000, { deadline: new Date(Date.now() - 60_000) });
    const deps = testDeps();
    const late = await insertPendingGift(party.id, { amountCents: 1_000 });
    await processPaymentEvent(donationEvent(late, "paid"), deps);
    expect(await allocations(pledge.id)).toEqual([]);
    expect(await activeMatchBanner(party.id)).toBeNull();

    await db
      .update(schema.matchPledges)
      .set({ deadline: new Date(Date.now() + 86_400_000) })
      .where(eq(schema.matchPledges.id, pledge.id));
    const gift = await insertPendingGift(party.id, { amountCents: 1_000 });
    const paid = donationEvent(gift, "paid");
    await processPaymentEvent(paid, deps);
    await processDonationEventAlone({ ...paid, id: `${paid.id}-again` }, deps);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(1_000);

    await db.update(schema.matchPledges).set({ status: "cancelada" }).where(eq(schema.matchPledges.id, pledge.id));
    const after = await insertPendingGift(party.id, { amountCents: 1_000 });
    await processDonationEventAlone(donationEvent(after, "paid"), deps);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(1_000);

    await expect(
      db.update(schema.matchPledges).set({ matchedCents: 10_001 }).where(eq(schema.matchPledges.id, pledge.id)),
    ).rejects.toThrow();
  });
});
