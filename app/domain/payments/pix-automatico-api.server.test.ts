/**
 * Pix Automático at a PSP (local mTLS fake): the adapter's `POST /rec`, `GET /rec/{idRec}` and
 * `PUT /cobr/{txid}`, and the `rec` / `cobr` webhooks through /api/webhooks/pix applied by the
 * subscription code: approved → active, a month paid → a charge, failed → past due with e-mail,
 * cancelled by the payer → cancelled with e-mail.
 */
import { createTestUser } from "@tests/auth";
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { outbox } from "@tests/subscriptions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type PixApiConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { getSubscriptionStatus, saveBillingCustomer } from "~/domain/subscriptions/subscriptions.server";
import { action as pixWebhook } from "~/routes/api.webhooks.pix";
import { createPixApiProvider } from "./pix-api.server";
import { pixTxid } from "./pix-codes.server";

useTestDatabase();

const certs = makeTestCertificates();
let psp: Awaited<ReturnType<typeof startPixPspFake>>;
const TOKEN = "a".repeat(40);
beforeAll(async () => {
  psp = await startPixPspFake(certs);
});
afterAll(async () => {
  await psp.close();
  certs.cleanup();
});

const env = () => ({
  ...process.env,
  PIX_API_URL: `${psp.url}/v2`,
  PIX_CLIENT_ID: "Client_Id_teste",
  PIX_CLIENT_SECRET: "Client_Secret_teste",
  PIX_CERT_PATH: certs.file("client.crt"),
  PIX_CERT_KEY_PATH: certs.file("client.key"),
  PIX_CA_PATH: certs.file("ca.crt"),
  PIX_KEY: "pix@festasolidaria.org.br",
  PIX_WEBHOOK_TOKEN: TOKEN,
});

describe("Pix Automático through a PSP's API (local mTLS fake)", () => {
  it("recurrence, monthly charges and cancellation in the bank, applied as subscription events", async () => {
    const config = parseConfig(env());
    const provider = createPixApiProvider(config.pixApi as PixApiConfig);
    const { user } = await createTestUser({ name: "Rita Souza" });
    const customerId = "cus_pix_0123456789abcdef01234567";
    await saveBillingCustomer(user.id, "pix", customerId);

    const rec = await provider.pixAutomatico.createRecurrence({
      planId: "prata",
      planName: "Prata",
      customerId,
      payerName: "Rita Souza",
      amountCents: 5000,
      startDate: "2026-12-01",
    });
    expect(rec.status).toBe("CRIADA");
    const post = psp.requests.find((r) => r.method === "POST" && r.path === "/v2/rec")!;
    expect(post.clientCn).toBe("festa-solidaria");
    expect(post.body).toMatchObject({
      vinculo: { contrato: `p-${customerId}` },
      calendario: { dataInicial: "2026-12-01", periodicidade: "MENSAL" },
      valor: { valorRec: "50.00" },
    });
    expect((post.body as { vinculo: { contrato: string } }).vinculo.contrato.length).toBeLessThanOrEqual(35);
    expect((await provider.pixAutomatico.getRecurrence(rec.idRec))?.dadosQR?.pixCopiaECola).toContain(rec.idRec);

    const context = testContext({ config });
    const webhook = async (body: object, token = TOKEN) =>
      (
        (await pixWebhook({
          request: new Request(`http://localhost:3000/api/webhooks/pix?token=${token}&ignorar=`, {
            method: "POST",
            body: JSON.stringify(body),
          }),
          params: {},
          context,
        } as never)) as Response
      ).status;

    const approved = psp.recStatus(rec.idRec, "APROVADA");
    expect(await webhook(approved, "x".repeat(40))).toBe(401);
    expect(await webhook(approved)).toBe(200);
    expect(await webhook(approved)).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "prata", status: "active" });

    // A month's charge, created ahead of its due date with our txid: asking again is the same charge.
    const txid = pixTxid("c".repeat(32), `${rec.idRec}:2026-12`, 0, 32);
    const charge = { txid, idRec: rec.idRec, amountCents: 5000, dueDate: "2026-12-05", info: "Assine o Bem · Prata · dezembro" };
    expect((await provider.pixAutomatico.createRecurringCharge(charge)).status).toBe("ATIVA");
    expect((await provider.pixAutomatico.createRecurringCharge(charge)).txid).toBe(txid);
    expect(psp.cobrs.size).toBe(1);
    await expect(provider.pixAutomatico.createRecurringCharge({ ...charge, amountCents: 7000 })).rejects.toThrow(/cobr/);

    expect(await webhook(psp.cobrStatus(txid, "REJEITADA"))).toBe(200);
    expect((await getSubscriptionStatus(user.id)).status).toBe("past_due");
    expect((await outbox()).map((m) => m.template)).toContain("subscription-payment-failed");
    // The PSP's retry (politicaRetentativa) settles it: the same charge, paid once.
    const paid = psp.cobrStatus(txid, "CONCLUIDA");
    expect(await webhook(paid)).toBe(200);
    expect(await webhook(paid)).toBe(200);
    expect((await getSubscriptionStatus(user.id)).status).toBe("active");
    const charges = await db.select().from(schema.subscriptionCharges);
    expect(charges.map((c) => [c.providerInvoiceId, c.amountCents])).toEqual([[txid, 5000]]);

    expect(await webhook(psp.recStatus(rec.idRec, "CANCELADA", "PAGADOR"))).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "canceled" });
    expect((await outbox()).filter((m) => m.template === "subscription-bank-cancel")).toHaveLength(1);
  });
});
