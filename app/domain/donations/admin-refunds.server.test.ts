/**
 * The admin's refunds end to end, through /admin's action and the sandbox's signed events
 * (docs/decisions/151-refunds.md): asking changes no money; the provider's event drops the party
 * total, completes the request and e-mails the donor; a refusal (ours or the provider's) changes
 * nothing; a cancelled party's gifts are all refunded by the worker, with progress.
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, adminPost, countAudit, outcome, routeArgs, snapshotDatabase } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { testDeps, testSandboxQueue } from "@tests/context";
import { outboxEmails, partyTotals } from "@tests/donations";
import { insertPaidGift } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";
import { db, schema } from "~/platform/db.server";
import { drainQueuedRefunds } from "./party-refunds.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { RefundError, type PaymentProvider } from "~/domain/payments/types";
import { reconcile } from "~/domain/ledger/reconcile.server";

async function setup() {
  const fx = await adminFixture();
  const admin = await createTestUser({ admin: true, name: "Admin" });
  const queue = testSandboxQueue();
  const deps = { payments: { sandboxEvents: queue } };
  testDeps(deps); // binds the queue: flush() delivers through the real webhook
  const post = (fields: Record<string, string>) => outcome(() => action(routeArgs(adminPost(admin.cookie, fields), deps)));
  return { fx, admin, queue, deps, post };
}

const refundsOf = (donationId: string) => db.select().from(schema.refunds).where(eq(schema.refunds.donationId, donationId));
const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });

describe("Doações, Reembolsar", () => {
  it("asks the provider; the party total drops only when its event arrives, and the donor is e-mailed", async () => {
    const { fx, admin, queue, post } = await setup();
    const fields = {
      intent: "refundDonation",
      donationId: fx.liveGift.id,
      amount: "23,45",
      reason: "Doação em duplicidade",
      confirmed: "sim",
    };
    const done = await post(fields);
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    // A double-submitted form asks once: the same refund, one event.
    expect((await post(fields)).status).toBe(200);
    expect(new Set(queue.queued.map((e) => e.id)).size).toBe(1);
    expect(await partyTotals(fx.liveParty.id)).toEqual({ raisedCents: 12_345, paidCount: 1 });
    expect((await refundsOf(fx.liveGift.id)).map((r) => [r.status, r.amountCents, r.reason, r.requestedBy])).toEqual([
      ["requested", 2_345, "Doação em duplicidade", admin.user.id],
    ]);
    const tab = await outcome(() => loader(routeArgs(adminGet("/admin/doacoes", admin.cookie))));
    const row = (tab.body as { data: { rows: Array<{ id: string; pendingRefundCents: number; refundableCents: number }> } }).data.rows.find(
      (r) => r.id === fx.liveGift.id,
    );
    expect(row).toMatchObject({ pendingRefundCents: 2_345, refundableCents: 10_000 });

    await queue.flush();
    expect(await partyTotals(fx.liveParty.id)).toEqual({ raisedCents: 10_000, paidCount: 1 });
    expect((await refundsOf(fx.liveGift.id)).map((r) => r.status)).toEqual(["succeeded"]);
    const mail = (await outboxEmails()).filter((e) => e.template === "donation-refunded");
    expect(mail.map((e) => e.to)).toEqual(["convidado@exemplo.com.br"]);
    expect((await reconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } })).discrepancies).toEqual([]);
  });

  it("refuses more than what remains, a missing reason or confirmation, with nothing changed", async () => {
    const { fx, post } = await setup();
    const before = await snapshotDatabase();
    const tooMuch = await post({
      intent: "refundDonation",
      donationId: fx.liveGift.id,
      amount: "200,00",
      reason: "Pedido do doador",
      confirmed: "sim",
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain("O máximo que ainda pode ser reembolsado é R$ 123,45.");
    const blank = await post({ intent: "refundDonation", donationId: fx.liveGift.id, amount: "10,00", reason: "" });
    expect(JSON.stringify(blank.body)).toContain("Informe o motivo do reembolso.");
    expect(JSON.stringify(blank.body)).toContain("Confirme o reembolso.");
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("a provider that refuses answers its pt-BR reason, and nothing changes", async () => {
    const { fx, admin } = await setup();
    const refusing: PaymentProvider = {
      ...sandbox,
      async refund() {
        throw new RefundError("A Stripe recusou o reembolso: saldo insuficiente.");
      },
    };
    const before = await snapshotDatabase();
    const audits = await countAudit();
    const fields = { intent: "refundDonation", donationId: fx.liveGift.id, amount: "10,00", reason: "Pedido do doador", confirmed: "sim" };
    const refused = await outcome(() =>
      action(routeArgs(adminPost(admin.cookie, fields), { payments: { byName: (name) => (name === "sandbox" ? refusing : null) } })),
    );
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ ok: false, message: "A Stripe recusou o reembolso: saldo insuficiente." });
    expect(await snapshotDatabase()).toEqual(before);
    expect(await countAudit()).toBe(audits);
  });
});

describe("Festas, Cancelar festa e reembolsar todas as doações", () => {
  it("takes the party off the air, the worker refunds every paid gift, progress counts them, each donor is e-mailed", async () => {
    const { fx, queue, deps, post, admin } = await setup();
    await insertPaidGift(fx.liveParty.id, { amountCents: 5_000, email: "rui@exemplo.com.br" });
    const done = await post({ intent: "cancelParty", partyId: fx.liveParty.id, reason: "A família cancelou a festa", confirmed: "sim" });
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    const [party] = await db.select().from(schema.parties).where(eq(schema.parties.id, fx.liveParty.id));
    expect(party!.active).toBe(false);
    const progress = async () => {
      const tab = await outcome(() => loader(routeArgs(adminGet("/admin/festas", admin.cookie))));
      return (tab.body as { data: { rows: Array<{ id: string; refunds: unknown }> } }).data.rows.find((r) => r.id === fx.liveParty.id)!
        .refunds;
    };
    expect(await progress()).toEqual({ total: 2, done: 0, failed: 0 });

    expect(await drainQueuedRefunds(testDeps(deps).payments)).toBe(2);
    expect(queue.pending).toBe(2);
    // A second drain (a restart, a retry) asks nothing twice.
    expect(await drainQueuedRefunds(testDeps(deps).payments)).toBe(0);
    await queue.flush();
    expect(await progress()).toEqual({ total: 2, done: 2, failed: 0 });
    expect(await partyTotals(fx.liveParty.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    const mail = (await outboxEmails()).filter((e) => e.template === "donation-refunded");
    expect(mail.map((e) => e.to).sort()).toEqual(["convidado@exemplo.com.br", "rui@exemplo.com.br"]);
    expect(mail[0]!.text).toContain("A festa foi cancelada");
    expect((await reconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } })).discrepancies).toEqual([]);
  });
});
