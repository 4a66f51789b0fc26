/**
 * Refunds (partial and full) and disputes as provider events (docs/decisions/151-refunds.md): the
 * gift's status, its ledger rows, the party's totals and the donor's e-mail move together, once
 * per refund id, whatever order the events come in; reconciliation stays clean throughout.
 */
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, donationRow, givingSetup, insertPendingGift, outboxEmails, partyTotals } from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { parseConfig } from "~/platform/config.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });
const clean = async () => (await reconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } })).discrepancies;
const rowsOf = async (donationId: string) =>
  (await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, donationId)))
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.kind.localeCompare(b.kind))
    .map((r) => [r.kind, r.grossCents, r.feeCents, r.netCents]);

let t = Date.UTC(2026, 2, 2);
const at = () => new Date((t += 60_000));

async function paidGift(amountCents: number, deps = testDeps()) {
  const { party } = await givingSetup();
  const gift = await insertPendingGift(party.id, { amountCents });
  await processPaymentEvent(donationEvent(gift, "paid", { paymentId: `pi_${gift.id}`, occurredAt: at() }), deps);
  return { party, gift };
}

describe("refunds", () => {
  it("a partial refund keeps the gift paid and drops the party total by its amount; the last part refunds it", async () => {
    const { party, gift } = await paidGift(10_000);
    const first = donationEvent(gift, "refunded", { refund: { refundId: "re_1", amountCents: 2_500 }, occurredAt: at() });
    expect(await processPaymentEvent(first, testDeps())).toMatchObject({ outcome: "applied", from: "paga", to: "paga" });
    expect((await donationRow(gift.id)).status).toBe("paga");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 7_500, paidCount: 1 });
    // Our 10% fee goes back in proportion.
    expect(await rowsOf(gift.id)).toEqual([
      ["gift_paid", 10_000, 1_000, 9_000],
      ["refund", -2_500, -250, -2_250],
    ]);
    const mail = (await outboxEmails()).filter((e) => e.template === "donation-refunded");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("Devolvemos R$ 25,00");
    expect(mail[0]!.text).toContain("Continuam doados R$ 75,00");
    expect(await clean()).toEqual([]);

    // The same refund again, under another event (Stripe sends refund.created and refund.updated): nothing moves.
    const again = donationEvent(gift, "refunded", { refund: { refundId: "re_1", amountCents: 2_500 }, occurredAt: at() });
    expect(await processPaymentEvent(again, testDeps())).toMatchObject({ outcome: "ignored" });
    expect(await processPaymentEvent(first, testDeps())).toMatchObject({ outcome: "duplicate" });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 7_500, paidCount: 1 });

    const last = donationEvent(gift, "refunded", { refund: { refundId: "re_2", amountCents: 7_500 }, occurredAt: at() });
    expect(await processPaymentEvent(last, testDeps())).toMatchObject({ outcome: "applied", to: "reembolsada" });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    expect((await rowsOf(gift.id)).reduce((s, r) => s + (r[2] as number), 0)).toBe(0);
    expect(await clean()).toEqual([]);
    const refunds = await db.select().from(schema.refunds).where(eq(schema.refunds.donationId, gift.id));
    expect(refunds.map((r) => [r.providerRefundId, r.amountCents, r.status]).sort()).toEqual([
      ["re_1", 2_500, "succeeded"],
      ["re_2", 7_500, "succeeded"],
    ]);
  });

  it("refunds in parts give back exactly the stored fee in all (cumulative rounding), whatever today's fee", async () => {
    const { gift } = await paidGift(1_000, testDeps({ config: parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "7.5" }) }));
    const later = testDeps({ config: parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "12" }) });
    for (const [i, cents] of [333, 333, 334].entries()) {
      await processPaymentEvent(
        donationEvent(gift, "refunded", { refund: { refundId: `re_p${i}`, amountCents: cents }, occurredAt: at() }),
        later,
      );
    }
    const rows = await rowsOf(gift.id);
    expect(rows[0]).toEqual(["gift_paid", 1_000, 75, 925]);
    expect(rows.slice(1).map((r) => r[2])).toEqual([-25, -25, -25]);
    expect((await donationRow(gift.id)).status).toBe("reembolsada");
    expect(await clean()).toEqual([]);
  });

  it("a refund larger than what remains gives back only the rest; 'all of it' without a refund id refunds the rest", async () => {
    const { party, gift } = await paidGift(5_000);
    await processPaymentEvent(
      donationEvent(gift, "refunded", { refund: { refundId: "re_a", amountCents: 1_000 }, occurredAt: at() }),
      testDeps(),
    );
    await processPaymentEvent(donationEvent(gift, "refunded", { occurredAt: at() }), testDeps());
    expect((await donationRow(gift.id)).status).toBe("reembolsada");
    expect(await rowsOf(gift.id)).toEqual([
      ["gift_paid", 5_000, 500, 4_500],
      ["refund", -1_000, -100, -900],
      ["refund", -4_000, -400, -3_600],
    ]);
    // The refund's own event, late: the gift is already refunded, nothing more moves.
    await processPaymentEvent(
      donationEvent(gift, "refunded", { refund: { refundId: "re_b", amountCents: 4_000 }, occurredAt: at() }),
      testDeps(),
    );
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    expect(await rowsOf(gift.id)).toHaveLength(3);
    expect(await clean()).toEqual([]);
  });

  it("a partial refund before the paid event: paid and partly refunded at once, the late paid event ignored", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 8_000 });
    const refund = donationEvent(gift, "refunded", { refund: { refundId: "re_early", amountCents: 3_000 }, occurredAt: at() });
    expect(await processPaymentEvent(refund, testDeps())).toMatchObject({ outcome: "applied", from: "pendente", to: "paga" });
    expect(await processPaymentEvent(donationEvent(gift, "paid", { occurredAt: at() }), testDeps())).toMatchObject({ outcome: "ignored" });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5_000, paidCount: 1 });
    expect((await outboxEmails()).map((e) => e.template).sort()).toEqual(["donation-receipt", "donation-received", "donation-refunded"]);
    expect(await clean()).toEqual([]);
  });
});

describe("disputes", () => {
  it("a dispute after a partial refund withdraws what remains; won, it comes back (a reversal) and the gift counts again", async () => {
    const { party, gift } = await paidGift(10_000);
    await processPaymentEvent(
      donationEvent(gift, "refunded", { refund: { refundId: "re_d", amountCents: 4_000 }, occurredAt: at() }),
      testDeps(),
    );
    expect(await processPaymentEvent(donationEvent(gift, "disputed", { occurredAt: at() }), testDeps())).toMatchObject({
      to: "contestada",
    });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    expect(await clean()).toEqual([]);
    expect(await processPaymentEvent(donationEvent(gift, "dispute_won", { occurredAt: at() }), testDeps())).toMatchObject({ to: "paga" });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 6_000, paidCount: 1 });
    expect(await rowsOf(gift.id)).toEqual([
      ["gift_paid", 10_000, 1_000, 9_000],
      ["refund", -4_000, -400, -3_600],
      ["chargeback", -6_000, -600, -5_400],
      ["reversal", 6_000, 600, 5_400],
    ]);
    expect(await clean()).toEqual([]);
    // A second dispute of the same payment does not happen; a repeated one changes nothing.
    expect(await processPaymentEvent(donationEvent(gift, "disputed", { occurredAt: at() }), testDeps())).toMatchObject({
      outcome: "ignored",
    });
  });

  it("won before the dispute itself arrives: withdrawn and returned at once, the late dispute ignored", async () => {
    const { party, gift } = await paidGift(4_000);
    expect(await processPaymentEvent(donationEvent(gift, "dispute_won", { occurredAt: at() }), testDeps())).toMatchObject({
      outcome: "applied",
      to: "paga",
    });
    expect(await processPaymentEvent(donationEvent(gift, "disputed", { occurredAt: at() }), testDeps())).toMatchObject({
      outcome: "ignored",
    });
    expect((await donationRow(gift.id)).status).toBe("paga");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 4_000, paidCount: 1 });
    expect((await rowsOf(gift.id)).map((r) => r[0])).toEqual(["gift_paid", "chargeback", "reversal"]);
    expect(await clean()).toEqual([]);
  });
});
