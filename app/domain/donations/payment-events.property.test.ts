import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { countedCents, donationRow, givingSetup, insertPendingGift, partyTotals, type Step, stepEvent } from "@tests/donations";
import { insertParty } from "@tests/parties";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DonationPaymentEvent } from "~/domain/payments/types";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

/**
 * What really happened to a gift at the provider, in order. A step is an action, or a refund of
 * part of the gift (30%) or of the rest, under its own refund id; `counted` is what the party
 * keeps of the gift (its whole amount, or net of the part refunded).
 */
const HISTORIES: Array<{ actions: Step[]; final: string; counted: "all" | "part-refunded" | "none" }> = [
  { actions: [], final: "pendente", counted: "none" },
  { actions: ["paid"], final: "paga", counted: "all" },
  { actions: ["failed"], final: "falhou", counted: "none" },
  { actions: ["canceled"], final: "cancelada", counted: "none" },
  { actions: ["paid", "refunded"], final: "reembolsada", counted: "none" },
  { actions: ["paid", "disputed"], final: "contestada", counted: "none" },
  { actions: ["paid", "refund-part"], final: "paga", counted: "part-refunded" },
  { actions: ["paid", "refund-part", "refund-rest"], final: "reembolsada", counted: "none" },
  { actions: ["paid", "refund-part", "disputed"], final: "contestada", counted: "none" },
  { actions: ["paid", "disputed", "dispute_won"], final: "paga", counted: "all" },
  // The refund reaches us and the payment's own event never does.
  { actions: ["refund-part"], final: "paga", counted: "part-refunded" },
];

const scenario = fc.record({
  gifts: fc.array(
    fc.record({ amountCents: fc.integer({ min: 500, max: 5_000_000 }), history: fc.integer({ min: 0, max: HISTORIES.length - 1 }) }),
    {
      minLength: 1,
      maxLength: 6,
    },
  ),
  // How often each event is delivered (providers deliver at least once, sometimes more).
  deliveries: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 12, maxLength: 12 }),
  order: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  concurrent: fc.integer({ min: 1, max: 4 }),
});

describe("event streams (property)", () => {
  it("shuffled, duplicated, concurrent deliveries, partial refunds and disputes: total = what the paid gifts keep, every final status right", async () => {
    const { owner, cause } = await givingSetup();
    await fc.assert(
      fc.asyncProperty(scenario, async ({ gifts, deliveries, order, concurrent }) => {
        const party = await insertParty({ userId: owner.id, causeId: cause.id });
        const created = [];
        const stream: DonationPaymentEvent[] = [];
        for (const g of gifts) {
          const gift = await insertPendingGift(party.id, { amountCents: g.amountCents });
          const { actions, final, counted } = HISTORIES[g.history]!;
          created.push({ ...gift, final, keeps: countedCents(g.amountCents, counted) });
          for (const action of actions) {
            const event = stepEvent(gift, action, { paymentId: action === "paid" ? `pi_${gift.id}` : undefined });
            const times = deliveries[stream.length % deliveries.length]!;
            for (let i = 0; i < times; i++) stream.push(event);
          }
        }
        // A deterministic shuffle driven by the generated keys.
        const shuffled = stream
          .map((e, i) => ({ e, k: order[i % order.length]! * 1000 + i }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.e);
        for (let i = 0; i < shuffled.length; i += concurrent) {
          await Promise.all(shuffled.slice(i, i + concurrent).map((e) => processPaymentEvent(e, testDeps())));
        }

        for (const gift of created) expect((await donationRow(gift.id)).status).toBe(gift.final);
        const paid = created.filter((g) => g.final === "paga");
        expect(await partyTotals(party.id)).toEqual({ raisedCents: paid.reduce((s, g) => s + g.keeps, 0), paidCount: paid.length });
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
  }, 240_000);
});
