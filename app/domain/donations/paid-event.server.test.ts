import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, historyOf, insertPendingGift, partyTotals } from "@tests/donations";
import { insertParty } from "@tests/parties";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { applyPaidEvent } from "./paid-event.server";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

// The paying statement's own answers; the whole paid path is payment-events.server.test.ts.
describe("applyPaidEvent", () => {
  it("answers a repeat of a paid event from the paying statement alone, and leaves a new event for a paid gift to the general path", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 3000 });
    const paid = donationEvent(gift, "paid");
    const options = { feePercent: testDeps().config.PLATFORM_FEE_PERCENT, publicUrl: testDeps().config.PUBLIC_URL };
    expect((await applyPaidEvent(paid, options))?.outcome).toBe("applied");
    // null would send it through a transaction of its own to get the same answer.
    expect(await applyPaidEvent(paid, options)).toEqual({ outcome: "duplicate" });
    const another = { ...paid, id: `${paid.id}-again` };
    expect(await applyPaidEvent(another, options)).toBeNull();
    expect((await processPaymentEvent(another, testDeps())).outcome).toBe("ignored"); // the state machine's answer
    expect(await partyTotals(party.id)).toMatchObject({ raisedCents: 3000, paidCount: 1 });
  });

  it("applies a burst in batches: one transaction for what arrived together, one gift per event, repeats and strangers answered as alone", async () => {
    const { owner, cause, org, party } = await givingSetup();
    const other = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, name: "Casamento de Leo" });
    const amounts = [1000, 2000, 3000, 4000, 5000];
    const gifts = await Promise.all(amounts.map((amountCents, i) => insertPendingGift(i % 2 ? other.id : party.id, { amountCents })));
    const [g1, g2, g3, g4, g5] = gifts.map((gift) => donationEvent(gift, "paid"));
    const stranger = donationEvent({ id: randomUUID(), checkoutId: "cs_sbx_nobody" }, "paid");
    const g3Again = { ...g3!, id: `${g3!.id}-b` };
    const options = { feePercent: testDeps().config.PLATFORM_FEE_PERCENT, publicUrl: testDeps().config.PUBLIC_URL };

    // The first goes alone; the rest arrive while it is applied and go together, except the second
    // event for g3's gift (after g3, as if it had come later) and g2 delivered twice (the repeat).
    const answers = await Promise.all([g1, g2, g3, g4, g3Again, g2, g5, stranger].map((event) => applyPaidEvent(event!, options)));
    expect(answers.map((a) => a?.outcome ?? null)).toEqual([
      "applied",
      "applied",
      "applied",
      "applied",
      null,
      "duplicate",
      "applied",
      "unmatched",
    ]);

    expect(await partyTotals(party.id)).toEqual({ raisedCents: 1000 + 3000 + 5000, paidCount: 3 });
    expect(await partyTotals(other.id)).toEqual({ raisedCents: 2000 + 4000, paidCount: 2 });
    const ids = gifts.map((g) => g.id);
    const ledger = await db.select().from(schema.ledgerEntries).where(inArray(schema.ledgerEntries.donationId, ids));
    expect(ledger.map((row) => [row.kind, row.grossCents]).sort()).toEqual(amounts.map((a) => ["gift_paid", a]).sort());
    for (const gift of gifts) expect((await historyOf(gift.id)).filter((h) => h.toStatus === "paga")).toHaveLength(1);
    const mails = await db.select().from(schema.emailOutbox);
    // Every donor's receipt; the creator's note once per party (the digest default, issue 31: the
    // rest of the burst goes in the digest), whether the batch or the lone path paid it.
    const ours = mails.filter((m) => ids.some((id) => m.dedupeKey?.endsWith(id)));
    expect(ours.filter((m) => m.template === "donation-receipt")).toHaveLength(gifts.length);
    expect(ours.filter((m) => m.template === "donation-received")).toHaveLength(2);

    // One statement for g2…g5: their events were recorded by one transaction (one now()).
    const recorded = await db
      .select({ id: schema.paymentEvents.id, at: schema.paymentEvents.receivedAt })
      .from(schema.paymentEvents)
      .where(inArray(schema.paymentEvents.id, [g1!.id, g2!.id, g3!.id, g4!.id, g5!.id]));
    const at = new Map(recorded.map((r) => [r.id, r.at.getTime()]));
    expect(new Set([g2, g3, g4, g5].map((e) => at.get(e!.id))).size).toBe(1);
    expect(at.get(g1!.id)).not.toBe(at.get(g2!.id));
    const [g3Row] = await db
      .select({ status: schema.donations.status })
      .from(schema.donations)
      .where(eq(schema.donations.id, gifts[2]!.id));
    expect(g3Row!.status).toBe("paga");
  });

  it("a batch that fails is applied again event by event: only the bad event fails, the others are paid once", async () => {
    const { party } = await givingSetup();
    const gifts = await Promise.all([1000, 2000, 3000, 4000].map((amountCents) => insertPendingGift(party.id, { amountCents })));
    const events = gifts.map((gift) => donationEvent(gift, "paid"));
    const broken = { ...events[2]!, occurredAt: new Date("not a date") };
    const options = { feePercent: testDeps().config.PLATFORM_FEE_PERCENT, publicUrl: testDeps().config.PUBLIC_URL };
    const answers = await Promise.allSettled([events[0], events[1], broken, events[3]].map((event) => applyPaidEvent(event!, options)));
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value?.outcome : "rejected"))).toEqual([
      "applied",
      "applied",
      "rejected",
      "applied",
    ]);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 1000 + 2000 + 4000, paidCount: 3 });
  });
});
