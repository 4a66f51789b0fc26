import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import {
  countedCents,
  donationRow,
  givingSetup,
  insertPendingGift,
  insertPendingPixGift,
  partyTotals,
  pixEvent,
  pixStepBodies,
  type Step,
  stepEvent,
} from "@tests/donations";
import { insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { db, schema } from "~/platform/db.server";
import { describe, expect, it } from "vitest";
import type { DonationPaymentEvent } from "~/domain/payments/types";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

/**
 * What really happened to a gift at the provider, in order. A step is an action, or a refund of
 * part of the gift (30%) or of the rest, under its own refund id; `counted` is what the party
 * keeps of the gift (its whole amount, or net of the part refunded). Pix gifts (issue 15): `pix`
 * is the exact payment of the charge, `pix-other-amount` a payment of another amount (flagged,
 * never counted), `pix-again` a second, distinct Pix for the same charge (flagged once the gift is
 * paid); `pixSteps`: a Pix gift's devoluções and MEDs, each step delivered as the PSP's webhook body
 * (the Pix with its devoluções so far).
 */
type PixAction = "pix" | "pix-other-amount" | "pix-again";
const HISTORIES: Array<{
  actions: Array<Step | PixAction>;
  pixSteps?: Step[];
  final: string;
  counted: "all" | "part-refunded" | "none";
}> = [
  { actions: [], pixSteps: ["paid", "refund-part"], final: "paga", counted: "part-refunded" },
  { actions: [], pixSteps: ["paid", "refund-part", "refund-rest"], final: "reembolsada", counted: "none" },
  { actions: [], pixSteps: ["paid", "refunded"], final: "reembolsada", counted: "none" },
  { actions: [], pixSteps: ["paid", "disputed"], final: "contestada", counted: "none" },
  { actions: [], pixSteps: ["paid", "refund-part", "disputed"], final: "contestada", counted: "none" },
  { actions: [], pixSteps: ["refund-part"], final: "paga", counted: "part-refunded" },
  { actions: ["pix"], final: "paga", counted: "all" },
  { actions: ["pix-other-amount"], final: "pendente", counted: "none" },
  { actions: ["pix-other-amount", "pix"], final: "paga", counted: "all" },
  { actions: ["pix", "pix-again"], final: "paga", counted: "all" },
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
        // Each delivery is a webhook body, its events applied in order (one event, or a Pix with its devoluções).
        const stream: DonationPaymentEvent[][] = [];
        for (const g of gifts) {
          const { actions, pixSteps, final, counted } = HISTORIES[g.history]!;
          const isPix = pixSteps !== undefined || actions.some((a) => a.startsWith("pix"));
          const gift: { id: string; checkoutId: string; amountCents: number; txid?: string } = isPix
            ? { ...(await insertPendingPixGift(party.id, { amountCents: g.amountCents })), checkoutId: "" }
            : await insertPendingGift(party.id, { amountCents: g.amountCents });
          const charge = { txid: gift.txid ?? "", amountCents: g.amountCents };
          created.push({ ...gift, final, keeps: countedCents(g.amountCents, counted) });
          const bodies = actions.map((action) => [
            action === "pix" || action === "pix-again"
              ? pixEvent(charge)
              : action === "pix-other-amount"
                ? pixEvent(charge, { amountCents: g.amountCents + 100 })
                : stepEvent(gift, action as Step, { paymentId: action === "paid" ? `pi_${gift.id}` : undefined }),
          ]);
          if (pixSteps) bodies.push(...pixStepBodies(charge, pixSteps, () => new Date()));
          for (const body of bodies) {
            const times = deliveries[stream.length % deliveries.length]!;
            for (let i = 0; i < times; i++) stream.push(body);
          }
        }
        // A deterministic shuffle driven by the generated keys.
        const shuffled = stream
          .map((e, i) => ({ e, k: order[i % order.length]! * 1000 + i }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.e);
        for (let i = 0; i < shuffled.length; i += concurrent) {
          await Promise.all(
            shuffled.slice(i, i + concurrent).map(async (body) => {
              for (const e of body) await processPaymentEvent(e, testDeps());
            }),
          );
        }

        for (const gift of created) {
          expect((await donationRow(gift.id)).status).toBe(gift.final);
          // A Pix gift: every distinct Pix is recorded, and at most one of them counts (also when given back later).
          if (gift.txid) {
            const rows = await db.select().from(schema.pixPayments).where(eq(schema.pixPayments.donationId, gift.id));
            expect(rows.filter((r) => r.flagReason === null)).toHaveLength(gift.final === "pendente" ? 0 : 1);
          }
        }
        const paid = created.filter((g) => g.final === "paga");
        expect(await partyTotals(party.id)).toEqual({ raisedCents: paid.reduce((s, g) => s + g.keeps, 0), paidCount: paid.length });
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
  }, 240_000);
});
