/**
 * The end of a match and the sponsor's payment (decision 220), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): closing is idempotent under concurrent runs and e-mails once; the sponsor
 * pays through the gifts' checkout (card: the batch statement; Pix: the single transaction), which
 * writes the ledger and grows the party's total, never claims a match and never pays more than due;
 * the unpaid list; a dispute won claims its match again.
 */
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift, outboxEmails, partyTotals, pixEvent } from "@tests/donations";
import { insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { fixedClock } from "~/platform/clock";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { outboxMailer, readableEmail } from "~/platform/mail/outbox.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { startPledgeSettlement, SETTLEMENT_MESSAGES } from "~/domain/donations/pledge-settlement.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { findReceiptByCode } from "~/domain/receipts/receipts.server";
import { partyMatchBanner } from "./matching.server";
import { closeEndedPledges, readPledgeBill, verifyPledgePaymentToken } from "./pledge-settlement.server";
import { cancelPledgeAsAdmin, listPledges } from "./pledges-admin.server";

useTestDatabase();

const PUBLIC_URL = "http://localhost:3000";
const mailDeps = { mailer: outboxMailer, publicUrl: PUBLIC_URL };

async function insertPledge(partyId: string, overrides: Partial<typeof schema.matchPledges.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.matchPledges)
    .values({
      partyId,
      sponsorName: "Padaria Pão Quente",
      sponsorDocument: "11222333000181",
      sponsorEmail: "financeiro@padaria.com.br",
      capCents: 100_000,
      status: "ativa",
      deadline: new Date(Date.now() + 7 * 86_400_000),
      confirmedAt: new Date(Date.now() - 86_400_000),
      ...overrides,
    })
    .returning();
  return row!;
}

const pledgeRow = async (id: string) => (await db.select().from(schema.matchPledges).where(eq(schema.matchPledges.id, id)))[0]!;
const paymentEmails = async () => (await outboxEmails()).filter((e) => e.template === "pledge-payment");
const allocationOf = async (donationId: string) =>
  (await db.select().from(schema.matchAllocations).where(eq(schema.matchAllocations.donationId, donationId)))[0] ?? null;
const reconcileNow = () => reconcile({ providers: [], range: { from: new Date(0), to: new Date(Date.now() + 60_000) } });

/** A party whose pledge matched `gifts` paid gifts (1:1), then ended: what the sponsor owes. */
async function endedPledgeWithGifts(gifts: number[]) {
  const setup = await givingSetup();
  const pledge = await insertPledge(setup.party.id);
  const deps = testDeps();
  for (const amountCents of gifts)
    await processPaymentEvent(donationEvent(await insertPendingGift(setup.party.id, { amountCents }), "paid"), deps);
  await cancelPledgeAsAdmin(setup.owner.id, pledge.id, mailDeps);
  return { ...setup, pledge, deps };
}

function settlementDeps(deps: ReturnType<typeof testDeps>) {
  return { provider: deps.payments.checkout, pixProvider: deps.payments.pix, config: deps.config, clock: deps.clock };
}

describe("closing pledges", () => {
  it("closes what passed its deadline or whose party ended, once under two concurrent runs, and e-mails each sponsor once", async () => {
    const { party, cause, owner, org } = await givingSetup();
    const late = await insertPledge(party.id, { deadline: new Date(Date.now() - 2 * 3600_000), matchedCents: 4_000 });
    const ended = await insertParty({
      userId: owner.id,
      causeId: cause.id,
      organizationId: org.id,
      eventDate: addCalendarDays(todayInSaoPaulo(), -6),
    });
    const partyOver = await insertPledge(ended.id, { matchedCents: 2_500 });
    const nothing = await insertPledge((await insertParty({ userId: owner.id, causeId: cause.id })).id, {
      deadline: new Date(Date.now() - 2 * 3600_000),
    });
    // Within the grace after the deadline: a webhook confirming a gift paid in time may still come.
    const inGrace = await insertPledge((await insertParty({ userId: owner.id, causeId: cause.id })).id, {
      deadline: new Date(Date.now() - 10 * 60_000),
      matchedCents: 1_000,
    });

    const runs = await Promise.all([closeEndedPledges(mailDeps), closeEndedPledges(mailDeps)]);
    expect(runs.reduce((n, r) => n + r.closed, 0)).toBe(3);
    expect(runs.reduce((n, r) => n + r.requested, 0)).toBe(2);
    expect(await closeEndedPledges(mailDeps)).toEqual({ closed: 0, requested: 0 });
    for (const id of [late.id, partyOver.id, nothing.id]) expect(await pledgeRow(id)).toMatchObject({ status: "encerrada" });
    expect((await pledgeRow(inGrace.id)).status).toBe("ativa");

    const emails = await paymentEmails();
    expect(emails).toHaveLength(2);
    expect(emails.every((e) => e.to === "financeiro@padaria.com.br")).toBe(true);
    const body = emails.find((e) => e.subject.includes("R$ 40,00"))!;
    expect(body.subject).toContain("Patrocínio em dobro da festa Aniversário da Ana: R$ 40,00 a pagar");
    // The signed link names the pledge; the mailbox shows it opened (sealed in the table).
    const token = decodeURIComponent(/\/patrocinio\/pagar\?t=([^\s"<]+)/.exec(readableEmail(body).text)![1]!);
    expect(verifyPledgePaymentToken(token, new Date())).toEqual({ ok: true, pledgeId: late.id });
    expect(body.text).not.toContain("/patrocinio/pagar");

    // Later in the grace's hour it closes too (a clock an hour ahead).
    const later = await closeEndedPledges({ ...mailDeps, clock: fixedClock(new Date(Date.now() + 3600_000)) });
    expect(later).toEqual({ closed: 1, requested: 1 });
  });

  it("an admin's cancel ends the match and queues the e-mail in its transaction; the job never sends it again", async () => {
    const { pledge } = await endedPledgeWithGifts([3_000]);
    expect(await pledgeRow(pledge.id)).toMatchObject({ status: "cancelada", matchedCents: 3_000 });
    expect((await pledgeRow(pledge.id)).paymentRequestedAt).not.toBeNull();
    await closeEndedPledges(mailDeps);
    expect(await paymentEmails()).toHaveLength(1);
  });

  it("an invitation the sponsor never answered ends with its deadline (cancelled, nothing owed, no e-mail); one still in time stays", async () => {
    const { party, cause, owner, org } = await givingSetup();
    const expired = await insertPledge(party.id, {
      status: "pendente_confirmacao",
      confirmedAt: null,
      deadline: new Date(Date.now() - 60_000),
    });
    const other = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id });
    const waiting = await insertPledge(other.id, { status: "pendente_confirmacao", confirmedAt: null });
    await closeEndedPledges(mailDeps);
    expect(await pledgeRow(expired.id)).toMatchObject({ status: "cancelada", matchedCents: 0 });
    expect((await pledgeRow(expired.id)).endedAt).not.toBeNull();
    expect((await pledgeRow(waiting.id)).status).toBe("pendente_confirmacao");
    expect(await paymentEmails()).toHaveLength(0);
  });
});

describe("the sponsor pays", () => {
  it("by card, through the batch statement: ledger row, the party's total grows, never matched, never twice, never more than due", async () => {
    const { party, pledge, deps } = await endedPledgeWithGifts([3_000, 2_000]);
    const before = await partyTotals(party.id);
    // A new pledge now matches the party: the sponsor's payment must not claim from it.
    const next = await insertPledge(party.id, { sponsorName: "Mercado Bom Preço" });
    expect((await listPledges({ unpaid: true })).map((p) => [p.id, p.dueCents])).toEqual([[pledge.id, 5_000]]);

    const first = await startPledgeSettlement(pledge.id, "card", settlementDeps(deps));
    const again = await startPledgeSettlement(pledge.id, "card", settlementDeps(deps));
    expect(first.ok && again.ok && first.donationId === again.donationId && first.url === again.url).toBe(true);
    expect(await startPledgeSettlement(pledge.id, "pix", settlementDeps(deps))).toEqual({
      ok: false,
      message: SETTLEMENT_MESSAGES.otherOpen("card"),
    });
    // The database holds one open checkout per pledge.
    const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.matchPledgeId, pledge.id));
    expect(gift).toMatchObject({
      amountCents: 5_000,
      status: "pendente",
      coversFee: false,
      feeCoveredCents: 0,
      donorName: "Padaria Pão Quente",
    });
    await expect(
      db
        .insert(schema.donations)
        .values({ partyId: party.id, amountCents: 1, provider: "sandbox", matchPledgeId: pledge.id, idempotencyKey: "x" }),
    ).rejects.toThrow();

    const paid = donationEvent({ id: gift!.id, checkoutId: gift!.providerCheckoutId! }, "paid");
    expect(await processPaymentEvent(paid, deps)).toMatchObject({ outcome: "applied", to: "paga" });
    const rows = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, gift!.id));
    expect(rows).toMatchObject([{ kind: "gift_paid", grossCents: 5_000, feeCoveredCents: 0, partyId: party.id }]);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: before.raisedCents + 5_000, paidCount: before.paidCount + 1 });
    expect(await allocationOf(gift!.id)).toBeNull();
    expect((await pledgeRow(next.id)).matchedCents).toBe(0);
    // Its receipt says what it is.
    expect(await findReceiptByCode(gift!.receiptCode)).toMatchObject({
      grossCents: 5_000,
      sponsorMatch: true,
      donorName: "Padaria Pão Quente",
    });

    expect(await readPledgeBill(pledge.id)).toMatchObject({ matchedCents: 5_000, paidCents: 5_000, dueCents: 0, open: null });
    expect(await startPledgeSettlement(pledge.id, "card", settlementDeps(deps))).toEqual({
      ok: false,
      message: SETTLEMENT_MESSAGES.nothingDue,
    });
    expect(await listPledges({ unpaid: true })).toEqual([]);
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });

  it("by Pix, through the single transaction: the same rows, the promise said apart from what was paid on the party page", async () => {
    const { party, pledge, deps } = await endedPledgeWithGifts([4_000]);
    expect((await partyMatchBanner(party.id))?.status).toBe(
      "Patrocínio encerrado: R$ 40,00 prometidos pelo patrocinador (entram na arrecadação quando ele pagar).",
    );
    const next = await insertPledge(party.id, { sponsorName: "Mercado Bom Preço" });
    const started = await startPledgeSettlement(pledge.id, "pix", settlementDeps(deps));
    expect(started.ok && started.url.startsWith("/doar/pix/")).toBe(true);
    const donationId = (started as { donationId: string }).donationId;
    const [charge] = await db.select().from(schema.pixCharges).where(eq(schema.pixCharges.donationId, donationId));
    expect(charge!.amountCents).toBe(4_000);
    const before = await partyTotals(party.id);
    expect(await processPaymentEvent(pixEvent(charge!), deps)).toMatchObject({ outcome: "applied", to: "paga" });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: before.raisedCents + 4_000, paidCount: before.paidCount + 1 });
    expect(await allocationOf(donationId)).toBeNull();
    expect((await pledgeRow(next.id)).matchedCents).toBe(0);
    // The new pledge is the party's banner now; once it ends unused, the paid one speaks again.
    await db.update(schema.matchPledges).set({ status: "cancelada" }).where(eq(schema.matchPledges.id, next.id));
    expect((await partyMatchBanner(party.id))?.status).toBe(
      "Patrocínio encerrado: os R$ 40,00 do patrocinador já entraram na arrecadação. Obrigado!",
    );
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });

  it("refuses while the pledge still matches, and for a pledge that does not exist", async () => {
    const { party } = await givingSetup();
    const active = await insertPledge(party.id, { matchedCents: 1_000 });
    const deps = settlementDeps(testDeps());
    expect(await startPledgeSettlement(active.id, "card", deps)).toEqual({ ok: false, message: SETTLEMENT_MESSAGES.notEnded });
    expect(await startPledgeSettlement("00000000-0000-4000-8000-000000000000", "card", deps)).toEqual({
      ok: false,
      message: SETTLEMENT_MESSAGES.missing,
    });
  });
});

describe("a dispute won", () => {
  it("claims the gift's match again from the same pledge while it is active with room; not once it ended", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id, { capCents: 10_000 });
    const deps = testDeps();
    const gift = await insertPendingGift(party.id, { amountCents: 6_000 });
    await processPaymentEvent(donationEvent(gift, "paid"), deps);
    await processPaymentEvent(donationEvent(gift, "disputed"), deps);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(0);
    // Meanwhile another gift took most of the cap: the won gift gets the R$ 40 left.
    await processPaymentEvent(donationEvent(await insertPendingGift(party.id, { amountCents: 6_000 }), "paid"), deps);
    expect(await processPaymentEvent(donationEvent(gift, "dispute_won"), deps)).toMatchObject({ outcome: "applied", to: "paga" });
    expect((await allocationOf(gift.id))?.amountCents).toBe(4_000);
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(10_000);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 12_000, paidCount: 2 });
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });

  it("claims nothing when its pledge ended before the money came back", async () => {
    const { party } = await givingSetup();
    const pledge = await insertPledge(party.id);
    const deps = testDeps();
    const gift = await insertPendingGift(party.id, { amountCents: 2_000 });
    await processPaymentEvent(donationEvent(gift, "paid"), deps);
    await processPaymentEvent(donationEvent(gift, "disputed"), deps);
    await db.update(schema.matchPledges).set({ status: "encerrada", endedAt: new Date() }).where(eq(schema.matchPledges.id, pledge.id));
    await processPaymentEvent(donationEvent(gift, "dispute_won"), deps);
    expect(await allocationOf(gift.id)).toBeNull();
    expect((await pledgeRow(pledge.id)).matchedCents).toBe(0);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 2_000, paidCount: 1 });
    expect((await reconcileNow()).discrepancies).toEqual([]);
  });
});
