import { testDeps } from "@tests/context";
import { testConnection, useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift } from "@tests/donations";
import { startStripeBalanceFake } from "@tests/stripe-balance-fake";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { createStripeProvider } from "~/domain/payments/stripe.server";
import { seedDemoData } from "~/seed/seed.server";
import { runReconcileCommand } from "./reconcile-cli.server";
import { partyRowsDue, recordPayout } from "./ledger.server";
import { lastReconcileResult, reconcile } from "./reconcile.server";

useTestDatabase();

const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { log: (l: string) => void out.push(l), error: (l: string) => void err.push(l) }, out, err };
}

/** What an operator with database access could do: the append-only guard switched off, then an UPDATE. */
async function alterByHand(statement: ReturnType<typeof sql>) {
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
  await db.execute(statement);
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
}

describe("npm run reconcile (the command, in process)", () => {
  it("passes on the demo data, then names a row altered by hand and fails", async () => {
    await seedDemoData({ withUsers: true });
    let c = capture();
    expect(await runReconcileCommand([], c.io, { providers: [sandbox] })).toBe(0);
    expect(c.out.at(-1)).toBe("OK: nenhuma divergência. / No discrepancies.");
    expect(c.err).toEqual([]);
    expect(await lastReconcileResult()).toMatchObject({ ok: true, discrepancies: [] });

    // One of Mariana's gifts grows by R$ 1,00 in the ledger, fee and net kept consistent.
    const [party] = await db.select().from(schema.parties).where(eq(schema.parties.shareCode, "mari3"));
    const [row] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.partyId, party!.id)).limit(1);
    await alterByHand(sql`update ledger_entries set gross_cents = gross_cents + 100, net_cents = net_cents + 100 where id = ${row!.id}`);
    const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.id, row!.donationId!));

    c = capture();
    expect(await runReconcileCommand([], c.io, { providers: [sandbox] })).toBe(1);
    const printed = c.err.join("\n");
    expect(printed).toContain(
      `Festa "Aniversário de 30 anos da Mariana" (mari3): total mantido R$ 1.075,00 em 6 doações, livro-caixa R$ 1.076,00`,
    );
    expect(printed).toContain(`Party "Aniversário de 30 anos da Mariana" (mari3): maintained total R$ 1.075,00`);
    expect(printed).toContain(`Doação nº ${gift!.receiptNumber}`);
    expect(printed).toContain("taxa"); // the fee no longer is the stored percent's
    expect(printed).toMatch(/Sandbox: o evento demo_evt_mari3_\d .* moveu R\$ [\d.,]+; o livro-caixa tem/);
    const last = await lastReconcileResult();
    expect(last?.ok).toBe(false);
    expect(new Set(last!.discrepancies.map((d) => d.check))).toEqual(new Set(["party", "gift", "row", "provider"]));
  });

  it("a payout row must take money out in net; its gross may be of either sign", async () => {
    await seedDemoData({ withUsers: true });
    const [party] = await db.select().from(schema.parties).where(eq(schema.parties.shareCode, "mari3"));
    await db.transaction(async (tx) => {
      const { amounts } = await partyRowsDue(tx, party!.id);
      const [row] = await tx
        .insert(schema.payouts)
        .values({
          partyId: party!.id,
          ...amounts,
          status: "transferido",
          transferredAt: new Date(),
          proofUrl: "https://exemplo.com.br/c",
          settlementDate: "2026-04-10",
          transferDeadline: "2026-04-15",
        })
        .returning();
      await recordPayout(tx, { payoutId: row!.id, partyId: party!.id, organizationId: party!.organizationId, amounts });
    });
    const [payout] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, "payout")).limit(1);
    expect(payout!.netCents).toBeLessThan(0);
    const signErrors = async () =>
      (await reconcile({ providers: [sandbox], range: { from: new Date("2026-01-01"), to: new Date("2027-01-01") } })).discrepancies.filter(
        (d) => d.check === "row" && d.pt.includes(payout!.id),
      );
    // An institution batch whose refunds (at a higher fee) outweigh its gifts in gross, net still owed: no sign error.
    await alterByHand(sql`update ledger_entries set gross_cents = 1000, fee_cents = 1000 - net_cents where id = ${payout!.id}`);
    expect(await signErrors()).toEqual([]);
    // Money coming back in through a payout is a sign error.
    await alterByHand(sql`update ledger_entries set gross_cents = 1000, fee_cents = 0, net_cents = 1000 where id = ${payout!.id}`);
    expect((await signErrors()).map((d) => d.pt)).toEqual([expect.stringContaining("sinal errado para o tipo")]);
  });

  it("names a maintained total changed by hand", async () => {
    await seedDemoData({ withUsers: true });
    await db
      .update(schema.parties)
      .set({ raisedCents: sql`${schema.parties.raisedCents} + 1` })
      .where(eq(schema.parties.shareCode, "rjcas"));
    const c = capture();
    expect(await runReconcileCommand([], c.io, { providers: [sandbox] })).toBe(1);
    expect(c.err).toHaveLength(3); // the count and one discrepancy in two languages
    expect(c.err[1]).toBe(
      `✗ [party] Festa "Casamento Rafael & Júlia" (rjcas): total mantido R$ 1.600,01 em 3 doações, livro-caixa R$ 1.600,00 em 3.`,
    );
  });

  it("refuses wrong usage with exit 2", async () => {
    for (const args of [
      ["--dias"],
      ["--dias", "0"],
      ["--desde", "2026-13-45x"],
      ["--quando"],
      ["--desde", "2026-03-01", "--ate", "2026-02-01"],
    ]) {
      const c = capture();
      expect(await runReconcileCommand(args, c.io, { providers: [] }), args.join(" ")).toBe(2);
      expect(c.err[0]).toContain("npm run reconcile");
    }
  });
});

describe("the ledger table", () => {
  it("is append-only: UPDATE and DELETE are refused", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    await expect(db.update(schema.ledgerEntries).set({ grossCents: 1 })).rejects.toThrow();
    await expect(db.delete(schema.ledgerEntries)).rejects.toThrow();
    const rows = await db.select().from(schema.ledgerEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.grossCents).toBe(5000);
    expect(testConnection()).toBeTruthy();
  });

  it("writes one row per movement, whatever the repeats, and a refund is the stored row negated after a fee change", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 10_005 });
    const paid = donationEvent(gift, "paid", { paymentId: "pi_1" });
    const at10 = testDeps();
    await processPaymentEvent(paid, at10);
    await processPaymentEvent(paid, at10);
    const at5 = testDeps({ config: { ...at10.config, PLATFORM_FEE_PERCENT: 5 } });
    // Two different events for the same refund (e.g. two provider notifications): one row.
    await processPaymentEvent(donationEvent(gift, "refunded", { paymentId: "pi_1" }), at5);
    await processPaymentEvent(donationEvent(gift, "refunded", { paymentId: "pi_1" }), at5);
    const rows = await db.select().from(schema.ledgerEntries).orderBy(schema.ledgerEntries.grossCents);
    expect(rows.map((r) => [r.kind, r.grossCents, r.feeCents, r.netCents, r.feePercent])).toEqual([
      ["refund", -10_005, -1_001, -9_004, 10],
      ["gift_paid", 10_005, 1_001, 9_004, 10],
    ]);
    expect(rows[0]!.reversesId).toBe(rows[1]!.id);
  });
});

describe("the provider's books", () => {
  it("sandbox: a fee other than the simulated one, an event with no ledger row, and a ledger row with no event are named", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 7_000 });
    // With a fee other than the one the sandbox simulates (3.99% + R$ 0,39 of R$ 70,00 = R$ 3,18).
    await processPaymentEvent({ ...donationEvent(gift, "paid", { id: "evt_sbx_paid_1" }), providerFeeCents: 300 }, testDeps());
    expect(
      (await reconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } })).discrepancies.map((d) => d.en),
    ).toEqual([
      expect.stringMatching(/^Sandbox: gift #\d+ \(R\$ 70,00\) would have a provider fee of R\$ 3,18; the ledger records R\$ 3,00\.$/),
    ]);
    await alterByHand(sql`update ledger_entries set provider_fee_cents = 318 where donation_id = ${gift.id}`);
    expect((await reconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } })).ok).toBe(true);
    // The history says a second event refunded it, but no row was written for it (and the status
    // moved by hand, so the gift checks would also notice).
    await db.insert(schema.donationStatusHistory).values({
      donationId: gift.id,
      fromStatus: "paga",
      toStatus: "reembolsada",
      providerEventId: "evt_sbx_refund_1",
      occurredAt: new Date(),
    });
    const result = await reconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } });
    expect(result.discrepancies.filter((d) => d.check === "provider").map((d) => d.en)).toEqual([
      expect.stringContaining("Sandbox: event evt_sbx_refund_1 (gift #"),
    ]);
  });

  it("Stripe: balance transactions of the period match our rows by payment, and every difference is named", async () => {
    const fake = await startStripeBalanceFake();
    try {
      const stripe = createStripeProvider({
        secretKey: "sk_test_fake",
        webhookSecret: "whsec_fake",
        apiHost: fake.apiHost,
        paymentMethods: ["card"],
      });
      const { party } = await givingSetup();
      const at = new Date(Date.now() - 3_600_000);
      const a = await insertPendingGift(party.id, { provider: "stripe", amountCents: 5_000 });
      const b = await insertPendingGift(party.id, { provider: "stripe", amountCents: 8_000 });
      const deps = testDeps();
      const stripeEvent = (gift: typeof a, action: "paid" | "refunded" | "disputed", paymentId: string, providerFeeCents?: number) => ({
        ...donationEvent(gift, action, { provider: "stripe", paymentId, occurredAt: at }),
        providerFeeCents,
      });
      // Each with Stripe's fee as its webhook read it (decision 206).
      await processPaymentEvent(stripeEvent(a, "paid", "pi_a", 199), deps);
      await processPaymentEvent(stripeEvent(b, "paid", "pi_b", 299), deps);
      await processPaymentEvent(stripeEvent(b, "disputed", "pi_b"), deps);
      const created = Math.floor(at.getTime() / 1000);
      fake.transactions.push(
        fake.charge({ id: "txn_a", amount: 5_000, fee: 199, created, paymentIntent: "pi_a", donationId: a.id }),
        fake.charge({ id: "txn_b", amount: 8_000, fee: 299, created, paymentIntent: "pi_b", donationId: b.id }),
        fake.dispute({ id: "txn_b_dispute", amount: -8_000, created, paymentIntent: "pi_b" }),
        // Stripe's own movements are not gifts: left out.
        { id: "txn_fee", object: "balance_transaction", type: "stripe_fee", amount: -500, fee: 0, created, source: null },
      );
      const range = { from: new Date(Date.now() - 86_400_000), to: new Date() };
      const clean = await reconcile({ providers: [stripe], range });
      expect(clean.discrepancies).toEqual([]);
      expect(clean.checked.providerRecords).toBe(3);
      const request = fake.requests.at(-1)!;
      expect(request.path).toBe("/v1/balance_transactions");
      expect(request.query.getAll("expand[0]")).toEqual(["data.source"]);
      expect(Number(request.query.get("created[gte]"))).toBeLessThan(range.from.getTime() / 1000); // a day's margin each side

      // A partial refund we never booked, a payment of another amount, and a fee that differs.
      fake.transactions.push(fake.refund({ id: "txn_a_refund", amount: -1_000, created, paymentIntent: "pi_a" }));
      fake.transactions[0] = fake.charge({ id: "txn_a", amount: 5_100, fee: 199, created, paymentIntent: "pi_a", donationId: a.id });
      fake.transactions[1] = fake.charge({ id: "txn_b", amount: 8_000, fee: 310, created, paymentIntent: "pi_b", donationId: b.id });
      const dirty = await reconcile({ providers: [stripe], range });
      expect(dirty.discrepancies.map((d) => d.en)).toEqual([
        expect.stringMatching(/^Stripe: txn_a moved R\$ 51,00; the ledger has R\$ 50,00 \(gift_paid, gift #\d+\)\.$/),
        expect.stringMatching(/^Stripe: txn_b had a provider fee of R\$ 3,10; the ledger records R\$ 2,99 \(gift #\d+\)\.$/),
        expect.stringMatching(/^Stripe: txn_a_refund \(refund, -R\$ 10,00, .*\) has no ledger row\.$/),
      ]);

      // Stripe out of reach: the check fails rather than passing silently.
      fake.failWith(400);
      const down = await reconcile({ providers: [stripe], range });
      expect(down.ok).toBe(false);
      expect(down.discrepancies.at(-1)!.pt).toContain("Stripe: não foi possível ler a lista de movimentos");
    } finally {
      await fake.close();
    }
  });
});
