/**
 * "Quero cobrir a taxa" (issue 29, item 5; decision 216): from /doar's action to the paid ledger
 * row, the party's total, a refund and reconciliation.
 */
import { testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, partyTotals, pixEvent } from "@tests/donations";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { action as doarAction } from "~/routes/doar";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { findDonationByCheckoutId } from "./donations.server";
import { findPixGift } from "./pix-checkout.server";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

const config10 = parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "10" });
// Not an integer: the general path (recordGiftPaid) instead of the one-statement batch.
const config75 = parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "7.5" });
const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });

let ip = 0;
async function give(fields: Record<string, string>, config = config10) {
  const context = testContext({ clientIp: `203.0.113.${++ip}`, config });
  const request = new Request("http://localhost:3000/doar", { method: "POST", body: new URLSearchParams(fields) });
  const result = await doarAction({ request, params: {}, context } as never);
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get("Location")!;
}

async function giveByCard(festa: string, fields: Record<string, string> = {}, config = config10) {
  const location = await give({ preset: "50", nome: "Bia", email: "bia@exemplo.com.br", festa, metodo: "Cartão", ...fields }, config);
  const checkoutId = location.split("/").pop()!;
  const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.providerCheckoutId, checkoutId));
  return { ...gift!, checkoutId };
}

const paidRows = () => db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, "gift_paid"));
const discrepancies = async () =>
  (await reconcile({ providers: [sandbox], range: { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) } }))
    .discrepancies;

describe("the donor covers the fee", () => {
  it("charges gift + fee computed by the server; the paid row keeps the fee covered and the institution's net is the gift", async () => {
    const { party } = await givingSetup();
    // A forged figure for the fee is never read: the server computes it from the gift.
    const gift = await giveByCard(party.shareCode, { cobrirTaxa: "on", feeCoveredCents: "1", taxa: "0,01", total: "50,01" });
    expect(gift).toMatchObject({ amountCents: 5000, coversFee: true, feeCoveredCents: 500 });
    // The provider's checkout charges the total.
    expect((await findDonationByCheckoutId(gift.checkoutId))!.amountCents).toBe(5500);

    const deps = testDeps({ config: config10 });
    const paid = donationEvent(gift, "paid");
    expect(await processPaymentEvent(paid, deps)).toMatchObject({ outcome: "applied", to: "paga" });
    // The same event again, and a second event for the same payment: one row.
    await processPaymentEvent(paid, deps);
    await processPaymentEvent(donationEvent(gift, "paid"), deps);
    const rows = await paidRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ grossCents: 5500, feeCents: 500, netCents: 5000, feeCoveredCents: 500 });
    // The party's total counts the gift, not the fee that pays the platform.
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
    expect(await discrepancies()).toEqual([]);
  });

  it("the general path writes the same row (a fee of 7,5%)", async () => {
    const { party } = await givingSetup();
    const gift = await giveByCard(party.shareCode, { cobrirTaxa: "on" }, config75);
    expect(gift.feeCoveredCents).toBe(375);
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps({ config: config75 }));
    expect(await paidRows()).toMatchObject([{ grossCents: 5375, feeCents: 375, netCents: 5000, feeCoveredCents: 375 }]);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
    expect(await discrepancies()).toEqual([]);
  });

  it("unticked (the default), nothing is added and the fee comes out of the gift as before", async () => {
    const { party } = await givingSetup();
    const gift = await giveByCard(party.shareCode);
    expect(gift).toMatchObject({ amountCents: 5000, coversFee: false, feeCoveredCents: 0 });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps({ config: config10 }));
    expect(await paidRows()).toMatchObject([{ grossCents: 5000, feeCents: 500, netCents: 4500, feeCoveredCents: 0 }]);
  });

  it("refunds give back gift and fee together; the party's total moves by the gift's share", async () => {
    const { party } = await givingSetup();
    const gift = await giveByCard(party.shareCode, { cobrirTaxa: "on" });
    const deps = testDeps({ config: config10 });
    await processPaymentEvent(donationEvent(gift, "paid"), deps);
    await processPaymentEvent(donationEvent(gift, "refunded", { refund: { refundId: "re_half", amountCents: 2750 } }), deps);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 2500, paidCount: 1 });
    await processPaymentEvent(donationEvent(gift, "refunded", { refund: { refundId: "re_rest", amountCents: 2750 } }), deps);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    const [sum] = await db
      .select({
        gross: sql<number>`sum(${schema.ledgerEntries.grossCents})`.mapWith(Number),
        net: sql<number>`sum(${schema.ledgerEntries.netCents})`.mapWith(Number),
      })
      .from(schema.ledgerEntries);
    expect(sum).toEqual({ gross: 0, net: 0 });
    expect(await discrepancies()).toEqual([]);
  });

  it("with Pix, the charge is for gift + fee", async () => {
    const { party } = await givingSetup();
    const location = await give({
      preset: "50",
      nome: "Bia",
      email: "bia@exemplo.com.br",
      festa: party.shareCode,
      metodo: "Pix",
      cobrirTaxa: "on",
    });
    const donationId = location.split("/").pop()!.split(".")[0]!;
    const [charge] = await db.select().from(schema.pixCharges).where(eq(schema.pixCharges.donationId, donationId));
    expect(charge!.amountCents).toBe(5500);
    expect((await findPixGift(donationId))!.amountCents).toBe(5500);
    // Paid in full, the Pix matches its charge (not flagged) and the institution's net is the gift.
    expect(await processPaymentEvent(pixEvent(charge!), testDeps({ config: config10 }))).toMatchObject({ outcome: "applied", to: "paga" });
    expect(await db.select({ flag: schema.pixPayments.flagReason }).from(schema.pixPayments)).toEqual([{ flag: null }]);
    expect(await paidRows()).toMatchObject([{ grossCents: 5500, feeCents: 500, netCents: 5000, feeCoveredCents: 500 }]);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("the database refuses a fee covered the donor did not choose, or on any row but a gift's paid one", async () => {
    const { party } = await givingSetup();
    const gift = await giveByCard(party.shareCode);
    await expect(db.update(schema.donations).set({ feeCoveredCents: 100 }).where(eq(schema.donations.id, gift.id))).rejects.toThrow();
    await expect(
      db.update(schema.donations).set({ coversFee: true, feeCoveredCents: -1 }).where(eq(schema.donations.id, gift.id)),
    ).rejects.toThrow();
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps({ config: config10 }));
    await expect(
      db.insert(schema.ledgerEntries).values({
        kind: "refund",
        donationId: gift.id,
        partyId: party.id,
        grossCents: -100,
        feeCents: -10,
        netCents: -90,
        feeCoveredCents: 10,
        occurredAt: new Date(),
      }),
    ).rejects.toThrow();
  });
});
