import { testDeps } from "@tests/context";
import { useTestDatabase, testConnection } from "@tests/database";
import {
  donationEvent,
  donationRow,
  expireAsStale,
  givingSetup,
  historyOf,
  insertPendingGift,
  outboxEmails,
  partyTotals,
} from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { DONATION_PAID_CHANNEL } from "~/domain/donations/live-events.server";
import { OUTBOX_CHANNEL } from "~/platform/mail/outbox.server";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

describe("processPaymentEvent", () => {
  it("paid: status, paidAt, history with the event id, totals, payment id", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000 });
    const at = new Date("2026-03-01T12:00:00Z");
    const event = donationEvent(gift, "paid", { occurredAt: at, paymentId: "pi_sbx_1" });

    expect(await processPaymentEvent(event, testDeps())).toEqual({ outcome: "applied", donationId: gift.id, from: "pendente", to: "paga" });
    const row = await donationRow(gift.id);
    expect(row.status).toBe("paga");
    expect(row.paidAt?.toISOString()).toBe(at.toISOString());
    expect(row.providerPaymentId).toBe("pi_sbx_1");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
    const history = await historyOf(gift.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.providerEventId])).toEqual([
      [null, "pendente", null],
      ["pendente", "paga", event.id],
    ]);
    const [stored] = await db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.id, event.id));
    expect(stored).toMatchObject({ provider: "sandbox", type: "test.paid" });
  });

  it.each([
    ["failed", "falhou"],
    ["canceled", "cancelada"],
  ] as const)("pendente + %s → %s, totals untouched", async (action, status) => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    await processPaymentEvent(donationEvent(gift, action), testDeps());
    expect((await donationRow(gift.id)).status).toBe(status);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    expect(await outboxEmails()).toHaveLength(0);
  });

  it.each([
    ["refunded", "reembolsada"],
    ["disputed", "contestada"],
  ] as const)("paga + %s → %s takes the gift out of the totals", async (action, status) => {
    const { party } = await givingSetup();
    const kept = await insertPendingGift(party.id, { amountCents: 2500 });
    const gift = await insertPendingGift(party.id, { amountCents: 10000 });
    await processPaymentEvent(donationEvent(kept, "paid"), testDeps());
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 12500, paidCount: 2 });
    await processPaymentEvent(donationEvent(gift, action), testDeps());
    expect((await donationRow(gift.id)).status).toBe(status);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 2500, paidCount: 1 });
    expect((await historyOf(gift.id)).at(-1)).toMatchObject({ fromStatus: "paga", toStatus: status });
  });

  it.each([
    ["falhou", "failed", ["paid", "refunded", "canceled"]],
    ["cancelada", "canceled", ["paid", "failed", "disputed"]],
    ["reembolsada", "refunded", ["paid", "disputed", "failed"]],
    ["contestada", "disputed", ["paid", "refunded", "canceled"]],
  ] as const)("%s is final: later events are recorded and ignored", async (status, action, later) => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    if (action === "refunded" || action === "disputed") await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    await processPaymentEvent(donationEvent(gift, action), testDeps());
    const before = await partyTotals(party.id);
    for (const next of later) {
      const result = await processPaymentEvent(donationEvent(gift, next), testDeps());
      expect(result.outcome).toBe("ignored");
    }
    expect((await donationRow(gift.id)).status).toBe(status);
    expect(await partyTotals(party.id)).toEqual(before);
  });

  it("the same event three times counts once", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 7000 });
    const event = donationEvent(gift, "paid");
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await processPaymentEvent(event, testDeps())).outcome);
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate"]);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 7000, paidCount: 1 });
    expect(await historyOf(gift.id)).toHaveLength(2);
    expect(await outboxEmails()).toHaveLength(2);
  });

  it("concurrent deliveries of the same event apply it once", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000 });
    const event = donationEvent(gift, "paid");
    const results = await Promise.all(Array.from({ length: 6 }, () => processPaymentEvent(event, testDeps())));
    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "duplicate")).toHaveLength(5);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("concurrent different events for one gift: paid and refunded end refunded, never counted", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000 });
    await Promise.all([
      processPaymentEvent(donationEvent(gift, "refunded"), testDeps()),
      processPaymentEvent(donationEvent(gift, "paid"), testDeps()),
    ]);
    expect((await donationRow(gift.id)).status).toBe("reembolsada");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
  });

  it("out of order: a refund before the payment leaves the gift refunded and uncounted", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000 });
    await processPaymentEvent(donationEvent(gift, "refunded", { occurredAt: new Date("2026-03-02T00:00:00Z") }), testDeps());
    const late = await processPaymentEvent(donationEvent(gift, "paid", { occurredAt: new Date("2026-03-01T00:00:00Z") }), testDeps());
    expect(late.outcome).toBe("ignored");
    expect((await donationRow(gift.id)).status).toBe("reembolsada");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    // No receipt for a gift never counted; the donor is told the money came back.
    expect((await outboxEmails()).map((e) => e.template)).toEqual(["donation-refunded"]);
  });

  it("an event from the other provider never touches the gift", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { provider: "stripe" });
    expect((await processPaymentEvent(donationEvent(gift, "paid", { provider: "sandbox" }), testDeps())).outcome).toBe("unmatched");
    expect((await donationRow(gift.id)).status).toBe("pendente");
  });

  it("unknown gifts are not recorded, so a redelivery can still match", async () => {
    const event = donationEvent({ id: "00000000-0000-4000-8000-000000000000", checkoutId: "cs_sbx_nope" }, "paid");
    expect((await processPaymentEvent(event, testDeps())).outcome).toBe("unmatched");
    expect(await db.select().from(schema.paymentEvents)).toHaveLength(0);
    // A forged, non-uuid donation id is simply not a match (no database error).
    const forged = donationEvent({ id: "x'; drop table donations; --", checkoutId: "nope" }, "paid");
    expect((await processPaymentEvent(forged, testDeps())).outcome).toBe("unmatched");
  });

  it("refunds and disputes match by the payment id remembered at payment", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 3000 });
    await processPaymentEvent(donationEvent(gift, "paid", { paymentId: "pi_123" }), testDeps());
    const dispute = { ...donationEvent(gift, "disputed"), ref: { paymentId: "pi_123" } };
    expect((await processPaymentEvent(dispute, testDeps())).outcome).toBe("applied");
    expect((await donationRow(gift.id)).status).toBe("contestada");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
  });

  it("gifts to the main charity (no party) become paid without touching any party", async () => {
    const { party, org } = await givingSetup();
    const gift = await insertPendingGift(null, { organizationId: org.id });
    expect((await processPaymentEvent(donationEvent(gift, "paid"), testDeps())).outcome).toBe("applied");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    const mails = await outboxEmails();
    expect(mails.map((m) => m.template)).toEqual(["donation-receipt"]);
  });

  it("announces the paid gift to the creator's live dashboard on commit", async () => {
    const { party, owner } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000 });
    const heard: string[] = [];
    const stop = await testConnection().listen(DONATION_PAID_CHANNEL, (p) => heard.push(p));
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    await new Promise((r) => setTimeout(r, 100));
    await stop();
    expect(heard.map((p) => JSON.parse(p))).toEqual([{ donationId: gift.id, partyId: party.id, ownerUserId: owner.id, amountCents: 5000 }]);
  });

  it("both paths announce once committed: the live event and the outbox wake-up, once per paid gift, none for a repeat", async () => {
    const { party } = await givingSetup();
    // Each gift's creator note queued by each path (the digest default would hold the second one:
    // creator-digest.server.test.ts).
    await db.update(schema.parties).set({ creatorEmails: "cada" }).where(eq(schema.parties.id, party.id));
    const fast = await insertPendingGift(party.id, { amountCents: 3000 });
    // Cancelled by our expiry, then paid: the general transaction's way.
    const late = await insertPendingGift(party.id, { amountCents: 4000 });
    await expireAsStale(late.id);
    const heard: string[] = [];
    const stopPaid = await testConnection().listen(DONATION_PAID_CHANNEL, (p) => heard.push(JSON.parse(p).donationId));
    const stopOutbox = await testConnection().listen(OUTBOX_CHANNEL, () => heard.push("outbox"));
    const fastEvent = donationEvent(fast, "paid");
    await processPaymentEvent(fastEvent, testDeps());
    // Sent before the event is answered; the wait is only the listener's delivery.
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual([fast.id, "outbox"]);
    expect(await processPaymentEvent(fastEvent, testDeps())).toEqual({ outcome: "duplicate" });
    expect((await processPaymentEvent(donationEvent(late, "paid"), testDeps())).outcome).toBe("applied");
    await new Promise((r) => setTimeout(r, 100));
    await stopPaid();
    await stopOutbox();
    expect(heard).toEqual([fast.id, "outbox", late.id, "outbox"]);
    expect(await outboxEmails()).toHaveLength(4);
  });
});

describe("e-mails of a paid gift", () => {
  it("creator gets amount and message; donor gets the receipt with fee, net and number", async () => {
    const { party, owner } = await givingSetup({ partyName: "Aniversário de 30 anos da Mariana" });
    const gift = await insertPendingGift(party.id, { amountCents: 5000, message: "Parabéns, Mari!", donorEmail: "bia@exemplo.com.br" });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    const mails = await outboxEmails();
    const toCreator = mails.find((m) => m.template === "donation-received")!;
    const receipt = mails.find((m) => m.template === "donation-receipt")!;
    expect(toCreator.to).toBe(owner.email);
    expect(toCreator.subject).toContain("R$ 50,00");
    expect(toCreator.text).toContain("Parabéns, Mari!");
    expect(toCreator.text).toContain("Beatriz Lima");
    expect(toCreator.text).not.toContain("bia@exemplo.com.br");
    expect(receipt.to).toBe("bia@exemplo.com.br");
    const { receiptNumber } = await donationRow(gift.id);
    expect(receipt.subject).toContain(String(receiptNumber).padStart(6, "0"));
    expect(receipt.text).toContain("Valor doado: R$ 50,00");
    expect(receipt.text).toContain("Festa: Aniversário de 30 anos da Mariana");
    expect(receipt.text).toContain("Causa: Doenças Raras");
    expect(receipt.text).toContain("Taxa da plataforma (10%): R$ 5,00");
    expect(receipt.text).toContain("Valor líquido para a instituição: R$ 45,00");
  });

  it("anonymous gift without e-mail: creator sees 'Doador Anônimo', no receipt", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { anonymous: true, donorName: null, donorEmail: null });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    const mails = await outboxEmails();
    expect(mails.map((m) => m.template)).toEqual(["donation-received"]);
    expect(mails[0]!.text).toContain("Doador Anônimo");
  });

  it("nothing is mailed for gifts that never become paid", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    await processPaymentEvent(donationEvent(gift, "failed"), testDeps());
    expect(await outboxEmails()).toHaveLength(0);
  });
});

describe("declined attempts (abuse limits)", () => {
  it("counts a declined card against the checkout's address, party and card, and changes no status", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    await db.update(schema.donations).set({ abuseSubject: "subject-1" }).where(eq(schema.donations.id, gift.id));
    const declined = { ...donationEvent(gift, "declined"), cardFingerprint: "fp_x" };
    expect(await processPaymentEvent(declined, testDeps())).toEqual({ outcome: "declined", donationId: gift.id });
    expect(await processPaymentEvent(declined, testDeps())).toEqual({ outcome: "duplicate" });
    expect((await donationRow(gift.id)).status).toBe("pendente");
    const counters = Object.fromEntries((await db.select().from(schema.rateLimits)).map((r) => [r.key, r.count]));
    expect(counters).toEqual({ "payfail:ip:subject-1": 1, [`payfail:party:${party.id}`]: 1, "payfail:card:fp_x": 1 });
    // The donor tries another card and pays: the gift is counted as usual.
    expect(await processPaymentEvent(donationEvent(gift, "paid"), testDeps())).toMatchObject({ outcome: "applied", to: "paga" });
  });
});
