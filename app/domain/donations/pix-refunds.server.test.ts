/**
 * Pix refunds and MED end to end (docs/decisions/150-pix.md, "Refunds and MED"): a Pix gift paid at
 * the PSP (local mTLS fake) or at the sandbox's test bank is refunded from /admin; the devolução's
 * webhook moves the money once; a MED devolução withdraws what remains as a dispute.
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminPost, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { testContext, testSandboxQueue, type TestDepsOverrides } from "@tests/context";
import { donationRow, givingSetup, outboxEmails, partyTotals } from "@tests/donations";
import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { adminTabAction as adminAction } from "@tests/admin";
import { action as pixWebhook } from "~/routes/api.webhooks.pix";
import { action as doarAction } from "~/routes/doar";
import { action as bankAction, loader as bankLoader } from "~/routes/sandbox.pix.$txid";

type Fn = (args: never) => unknown;
const call = async (fn: Fn, context: AppLoadContext, url: string, init?: RequestInit, params: Record<string, string> = {}) =>
  (await fn({ request: new Request(`http://localhost:3000${url}`, init), params, context } as never)) as Response & Record<string, unknown>;
const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

/** A R$ 50 Pix gift from /doar; its id. */
async function givePix(context: AppLoadContext, festa: string) {
  const res = await call(
    doarAction as Fn,
    context,
    "/doar",
    form({ preset: "50", nome: "Bia", email: "bia@exemplo.com.br", festa, metodo: "Pix" }),
  );
  return res.headers.get("Location")!.split("/").pop()!.split(".")[0]!;
}
const refundsOf = (donationId: string) => db.select().from(schema.refunds).where(eq(schema.refunds.donationId, donationId));

async function adminRefund(deps: TestDepsOverrides, donationId: string, amount: string) {
  const admin = await createTestUser({ admin: true, name: "Admin" });
  const fields = { intent: "refundDonation", donationId, amount, reason: "Pedido do doador", confirmed: "sim" };
  return outcome(() => adminAction(routeArgs(adminPost(admin.cookie, fields), deps)));
}

describe("Pix through a PSP: refunds and MED", () => {
  const certs = makeTestCertificates();
  let psp: Awaited<ReturnType<typeof startPixPspFake>>;
  const TOKEN = "m".repeat(40);
  beforeAll(async () => {
    psp = await startPixPspFake(certs);
  });
  afterAll(async () => {
    await psp.close();
    certs.cleanup();
  });
  const deps = (): TestDepsOverrides => ({
    config: parseConfig({
      ...process.env,
      PIX_API_URL: `${psp.url}/v2`,
      PIX_CLIENT_ID: "Client_Id_teste",
      PIX_CLIENT_SECRET: "Client_Secret_teste",
      PIX_CERT_PATH: certs.file("client.crt"),
      PIX_CERT_KEY_PATH: certs.file("client.key"),
      PIX_CA_PATH: certs.file("ca.crt"),
      PIX_KEY: "pix@festasolidaria.org.br",
      PIX_WEBHOOK_TOKEN: TOKEN,
    }),
  });
  const webhook = (body: object) =>
    call(pixWebhook as Fn, testContext(deps()), `/api/webhooks/pix?token=${TOKEN}&ignorar=/pix`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });

  async function paidPixGift(ip: string) {
    const { party } = await givingSetup();
    const id = await givePix(testContext({ ...deps(), clientIp: ip }), party.shareCode);
    const [charge] = await db.select().from(schema.pixCharges).where(eq(schema.pixCharges.donationId, id));
    const paid = psp.pay(charge!.txid);
    expect((await webhook(paid)).status).toBe(200);
    expect((await donationRow(id)).status).toBe("paga");
    return { party, id, e2e: paid.pix[0]!.endToEndId };
  }

  it("the admin's partial then full refund become devoluções at the PSP; each settles once through the webhook", async () => {
    const { party, id, e2e } = await paidPixGift("203.0.113.40");
    const asked = await adminRefund(deps(), id, "20,00");
    expect(asked).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await refundsOf(id);
    expect(row).toMatchObject({ provider: "pix", status: "requested", amountCents: 2000 });
    expect(psp.devolucoes.get(`${e2e}/${row!.providerRefundId}`)).toMatchObject({ valor: "20.00", status: "EM_PROCESSAMENTO" });
    // Asked, not settled: no money moved.
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });

    const settled = psp.settle(e2e, row!.providerRefundId!);
    for (let i = 0; i < 2; i++) expect((await webhook(settled)).status).toBe(200);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 3000, paidCount: 1 });
    expect((await refundsOf(id)).map((r) => r.status)).toEqual(["succeeded"]);
    expect((await donationRow(id)).status).toBe("paga");

    expect((await adminRefund(deps(), id, "30,00")).status).toBe(200);
    const second = (await refundsOf(id)).find((r) => r.amountCents === 3000)!;
    expect((await webhook(psp.settle(e2e, second.providerRefundId!))).status).toBe(200);
    expect((await donationRow(id)).status).toBe("reembolsada");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    const mail = (await outboxEmails()).filter((e) => e.template === "donation-refunded" && e.to === "bia@exemplo.com.br");
    expect(mail.length).toBeGreaterThanOrEqual(2);
  });

  it("the PSP refuses a devolução: the admin reads why, nothing is recorded", async () => {
    const { id } = await paidPixGift("203.0.113.41");
    psp.state.refuseRefunds = true;
    try {
      const refused = await adminRefund(deps(), id, "10,00");
      expect(refused.status).toBe(502);
      expect(JSON.stringify(refused.body)).toMatch(/recusou a devolução do Pix/);
    } finally {
      psp.state.refuseRefunds = false;
    }
    expect(await refundsOf(id)).toEqual([]);
  });

  it("a MED devolução (natureza MED_*) is a dispute: what remains is withdrawn, the gift is contestada, once", async () => {
    const { party, id, e2e } = await paidPixGift("203.0.113.42");
    const med = psp.settle(e2e, undefined, { valor: "50.00", natureza: "MED_FRAUDE", motivo: "Golpe relatado pelo pagador" });
    for (let i = 0; i < 2; i++) expect((await webhook(med)).status).toBe(200);
    expect((await donationRow(id)).status).toBe("contestada");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    const rows = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, id));
    expect(rows.map((r) => [r.kind, r.grossCents]).sort()).toEqual([
      ["chargeback", -5000],
      ["gift_paid", 5000],
    ]);
  });
});

describe("Pix at the sandbox's test bank: refunded from /admin", () => {
  it("a Pix gift paid at the banco de testes is refunded by the admin, end to end through the signed sandbox events", async () => {
    const { party } = await givingSetup();
    const queue = testSandboxQueue();
    const deps: TestDepsOverrides = { payments: { sandboxEvents: queue } };
    const context = testContext({ ...deps, clientIp: "203.0.113.43" });
    const id = await givePix(context, party.shareCode);
    const [charge] = await db.select().from(schema.pixCharges).where(eq(schema.pixCharges.donationId, id));
    const txid = charge!.txid;
    expect(await call(bankLoader as Fn, context, `/sandbox/pix/${txid}`, undefined, { txid })).toMatchObject({ amountCents: 5000 });
    await call(bankAction as Fn, context, `/sandbox/pix/${txid}`, form({ intent: "pagar" }), { txid });
    await queue.flush();
    const paid = await donationRow(id);
    expect(paid).toMatchObject({ status: "paga", provider: "sandbox" });
    expect(paid.providerPaymentId).toMatch(/^E0{8}/);

    expect((await adminRefund(deps, id, "50,00")).status).toBe(200);
    expect((await donationRow(id)).status).toBe("paga");
    expect((await queue.flush()).map((r) => r.status)).toEqual([200]);
    expect((await donationRow(id)).status).toBe("reembolsada");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
    expect((await refundsOf(id)).map((r) => [r.status, r.amountCents])).toEqual([["succeeded", 5000]]);
  });
});
