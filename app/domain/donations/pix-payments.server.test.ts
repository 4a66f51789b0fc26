import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationRow, givingSetup, insertPendingPixGift, partyTotals, pixEvent } from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { loadDonationsPanel } from "./donations-panel.server";
import { processPaymentEvent } from "./payment-events.server";
import { hasFlaggedPixPayment, listFlaggedPixPayments } from "./pix-payments.server";

useTestDatabase();

const apply = (event: Parameters<typeof processPaymentEvent>[0]) => processPaymentEvent(event, testDeps());
const ledgerRows = (donationId: string) => db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, donationId));
const pixRows = (donationId: string) => db.select().from(schema.pixPayments).where(eq(schema.pixPayments.donationId, donationId));

describe("Pix payments: matched to their charge, counted once, anything odd flagged", () => {
  it("the exact Pix, delivered three times: the gift is paid once, the party total moves once, one ledger row", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id, { amountCents: 5000 });
    const event = pixEvent(gift);
    expect(await apply(event)).toMatchObject({ outcome: "applied", to: "paga" });
    expect(await apply(event)).toEqual({ outcome: "duplicate" });
    expect(await apply(event)).toEqual({ outcome: "duplicate" });
    const row = await donationRow(gift.id);
    expect(row.status).toBe("paga");
    expect(row.providerPaymentId).toBe(event.id);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
    expect(await ledgerRows(gift.id)).toHaveLength(1);
    expect(await pixRows(gift.id)).toMatchObject([{ endToEndId: event.id, amountCents: 5000, flagReason: null }]);
  });

  it("another amount: recorded and flagged for the admin, the gift stays pending, nothing counted", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id, { amountCents: 5000 });
    const event = pixEvent(gift, { amountCents: 4500 });
    expect(await apply(event)).toMatchObject({ outcome: "flagged", reason: "valor_diferente" });
    expect(await apply(event)).toEqual({ outcome: "duplicate" });
    expect((await donationRow(gift.id)).status).toBe("pendente");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    expect(await ledgerRows(gift.id)).toHaveLength(0);
    expect(await hasFlaggedPixPayment(gift.id)).toBe(true);
    const [listed] = await listFlaggedPixPayments();
    expect(listed).toMatchObject({ endToEndId: event.id, amountCents: 4500, expectedCents: 5000, flagReason: "valor_diferente" });
    // The admin's Doações tab lists it.
    const tab = await loadDonationsPanel(new URL("http://localhost:3000/admin/doacoes"));
    expect(tab.flaggedPix.map((p) => p.endToEndId)).toContain(event.id);
  });

  it("paid after the code expired: flagged, not counted", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id, { expiresInMinutes: 1 });
    const outcome = await apply(pixEvent(gift, { paidAt: new Date(gift.expiresAt.getTime() + 60_000) }));
    expect(outcome).toMatchObject({ outcome: "flagged", reason: "apos_expiracao" });
    expect((await donationRow(gift.id)).status).toBe("pendente");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
  });

  it("a second Pix for a gift already paid: flagged, the total counts the gift once", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id);
    await apply(pixEvent(gift));
    expect(await apply(pixEvent(gift))).toMatchObject({ outcome: "flagged", reason: "pagamento_repetido" });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
    expect(await pixRows(gift.id)).toHaveLength(2);
  });

  it("an end-to-end id seen before with other data: flagged as repeated, never counted again", async () => {
    const { party } = await givingSetup();
    const first = await insertPendingPixGift(party.id);
    const second = await insertPendingPixGift(party.id);
    const paid = pixEvent(first);
    await apply(paid);
    const reused = pixEvent(second, { endToEndId: paid.id });
    expect(await apply(reused)).toMatchObject({ outcome: "flagged", reason: "e2e_repetido" });
    expect(await apply(reused)).toEqual({ outcome: "duplicate" });
    expect((await donationRow(second.id)).status).toBe("pendente");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("a Pix for a txid we never issued is an unknown event (the existing unmatched path), not a payment", async () => {
    expect(await apply(pixEvent({ txid: "N".repeat(25), amountCents: 5000 }))).toEqual({ outcome: "unmatched" });
  });

  it("a sandbox Pix cannot pay a PSP charge (providers never cross)", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id, { provider: "pix" });
    expect(await apply(pixEvent(gift, { provider: "sandbox" }))).toEqual({ outcome: "unmatched" });
    expect(await apply(pixEvent(gift, { provider: "pix" }))).toMatchObject({ outcome: "applied", to: "paga" });
  });
});
