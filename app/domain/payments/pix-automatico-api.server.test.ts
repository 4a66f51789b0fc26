/**
 * Pix Automático at a PSP (local mTLS fake speaking BCB's API Pix 2.9.0): Assine o Bem's checkout
 * (`POST /locrec`, `POST /rec`, our row, the QR code of `GET /rec/{idRec}`), the `rec` / `cobr`
 * webhooks in the standard's shape (`recs`, `cobsr`: no amount, no contract) through
 * /api/webhooks/pix, the monthly job's `PUT /cobr/{txid}` (one charge per month however often it
 * runs), cancelling on our pages (`PATCH /rec`) and in the bank app, and the webhook registration.
 */
import { createTestUser } from "@tests/auth";
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { outbox } from "@tests/subscriptions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type PixApiConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { getSubscriptionStatus } from "~/domain/subscriptions/subscriptions.server";
import { startSubscription } from "~/domain/subscriptions/subscribe.server";
import { requestSubscriptionChange } from "~/domain/subscriptions/manage.server";
import { createMonthlyPixCharges, recurringChargeTxid } from "~/domain/subscriptions/pix-automatico-charges.server";
import { retryRecovery } from "~/domain/subscriptions/recovery-retries.server";
import { dueDateInWindow, findOwnRecurrence, firstDueDate } from "~/domain/subscriptions/pix-automatico.server";
import { fixedClock } from "~/platform/clock";
import { action as pixWebhook } from "~/routes/api.webhooks.pix";
import { createPixApiProvider } from "./pix-api.server";
import { pixWebhookUrl } from "./pix-api.server";

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
  PIX_AUTOMATICO: "on",
  PUBLIC_URL: "https://festa.example",
});

describe("Pix Automático through a PSP's API (local mTLS fake)", () => {
  it("due dates: three days ahead on a day every month has, and each month's charge 2–10 days before it is due", () => {
    expect(firstDueDate(new Date("2026-11-25T15:00:00Z"))).toEqual({ startDate: "2026-11-28", dueDay: 28 });
    expect(firstDueDate(new Date("2026-11-27T15:00:00Z"))).toEqual({ startDate: "2026-12-01", dueDay: 1 });
    expect(dueDateInWindow("2026-11-25", 28)).toBe("2026-11-28");
    expect(dueDateInWindow("2026-11-25", 1)).toBe("2026-12-01");
    expect(dueDateInWindow("2026-11-25", 26)).toBeNull();
    expect(dueDateInWindow("2026-11-25", 10)).toBeNull();
  });

  it("checkout, approval, monthly charges, a failed month retried, cancelling on our page", async () => {
    const config = parseConfig(env());
    const provider = createPixApiProvider(config.pixApi as PixApiConfig, { publicUrl: config.PUBLIC_URL });
    const context = testContext({ config });
    const { user } = await createTestUser({ name: "Rita Souza" });
    const clock = fixedClock(new Date("2026-11-25T15:00:00Z"));
    const deps = { provider, config, clock, method: "pix-automatico" as const };

    expect(await startSubscription(user, "prata", deps)).toMatchObject({ ok: false, status: 400 });
    const started = await startSubscription(user, "prata", { ...deps, pixPayer: { cpf: "52998224725" } });
    if (!started.ok) throw new Error(started.error.description);
    const idRec = /\/assine-o-bem\/pix-automatico\/(RR\w{27})$/.exec(started.url)![1]!;
    // A second click reuses the waiting recurrence.
    expect(await startSubscription(user, "prata", { ...deps, pixPayer: { cpf: "52998224725" } })).toEqual(started);
    expect(psp.recs.size).toBe(1);
    const post = psp.requests.find((r) => r.method === "POST" && r.path === "/v2/rec")!;
    expect(post.clientCn).toBe("festa-solidaria");
    expect(post.body).toMatchObject({
      vinculo: { devedor: { cpf: "52998224725", nome: "Rita Souza" } },
      calendario: { dataInicial: "2026-11-28", periodicidade: "MENSAL" },
      valor: { valorRec: "50.00" },
      politicaRetentativa: "PERMITE_3R_7D",
      loc: 100,
    });
    expect((post.body as { vinculo: { contrato: string } }).vinculo.contrato).toMatch(/^p-cus_pix_\w{24}$/);
    const row = (await findOwnRecurrence(user.id, idRec))!;
    expect(row).toMatchObject({ status: "incomplete", plan: "prata", paymentMethod: "pix_automatico", pixDueDay: 28 });
    expect((await provider.getPixRecurrence!(idRec))?.copyPaste).toContain("/qr/v2/rec/");
    const { user: stranger } = await createTestUser();
    expect(await findOwnRecurrence(stranger.id, idRec)).toBeNull();

    const webhook = async (body: object, token = TOKEN, path = "/rec") =>
      (
        (await pixWebhook({
          request: new Request(`http://localhost:3000/api/webhooks/pix?token=${token}&ignorar=${path}`, {
            method: "POST",
            body: JSON.stringify(body),
          }),
          params: {},
          context,
        } as never)) as Response
      ).status;

    // No charge before the payer authorises.
    expect(await createMonthlyPixCharges({ provider, secret: config.APP_SECRET, now: clock.now() })).toMatchObject({ due: 0 });
    const approved = psp.recStatus(idRec, "APROVADA");
    expect(await webhook(approved, "x".repeat(40))).toBe(401);
    expect(await webhook(approved)).toBe(200);
    expect(await webhook(approved)).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "prata", status: "active" });

    // The job, run twice (and a duplicate), asks for one charge for the month due on the 28th.
    const run = () => createMonthlyPixCharges({ provider, secret: config.APP_SECRET, now: clock.now() });
    expect(await run()).toMatchObject({ due: 1, created: 1 });
    expect((await Promise.all([run(), run()])).map((r) => r.created)).toEqual([0, 0]);
    expect(psp.cobrs.size).toBe(1);
    const txid = recurringChargeTxid(config.APP_SECRET, idRec, "2026-11-28");
    expect(psp.cobrs.get(txid)).toMatchObject({ idRec, valor: { original: "50.00" }, calendario: { dataDeVencimento: "2026-11-28" } });
    // No PIX_RECEBEDOR_*: no `recebedor` (the PSP fills in its own account).
    expect(psp.cobrs.get(txid)).not.toHaveProperty("recebedor");
    // The adapter accepts the same txid again only for the same recurrence and amount.
    const again = { txid, recurrenceId: idRec, amountCents: 5000, dueDate: "2026-11-28", info: "x" };
    await provider.createPixRecurringCharge!(again);
    await expect(provider.createPixRecurringCharge!({ ...again, amountCents: 7000 })).rejects.toThrow(/cobr/);

    expect(await webhook(psp.cobrStatus(txid, "REJEITADA"), TOKEN, "/cobr")).toBe(200);
    expect((await getSubscriptionStatus(user.id)).status).toBe("past_due");
    expect((await outbox()).map((m) => m.template)).toContain("subscription-payment-failed");
    // Our schedule's intraday retry, asked of the PSP on the day (issue 30); asked twice, asked once.
    const [recovery] = await db.select().from(schema.subscriptionRecoveries);
    const retryDeps = { ...context, payments: { byName: () => provider }, clock: fixedClock(new Date("2026-11-28T22:00:00Z")) };
    expect(await retryRecovery(recovery!.id, retryDeps)).toBe("asked");
    expect(await retryRecovery(recovery!.id, retryDeps)).toBe("not-allowed");
    expect(psp.requests.filter((r) => r.path.includes("/retentativa/")).map((r) => r.path)).toEqual([
      `/v2/cobr/${txid}/retentativa/2026-11-28`,
    ]);
    // The PSP's retry (politicaRetentativa) settles it: the same charge, paid once, at our amount; a month paid.
    const paid = psp.cobrStatus(txid, "CONCLUIDA");
    expect(await webhook(paid, TOKEN, "/cobr")).toBe(200);
    expect(await webhook(paid, TOKEN, "/cobr")).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ status: "active", currentPeriodEnd: new Date("2026-12-28T12:00:00Z") });
    const charges = await db.select().from(schema.subscriptionCharges);
    expect(charges.map((c) => [c.providerInvoiceId, c.amountCents])).toEqual([[txid, 5000]]);
    // Next month: nothing until 2–10 days before 28 December.
    expect(await createMonthlyPixCharges({ provider, secret: config.APP_SECRET, now: new Date("2026-12-10T15:00:00Z") })).toMatchObject({
      due: 0,
    });
    expect(await createMonthlyPixCharges({ provider, secret: config.APP_SECRET, now: new Date("2026-12-20T15:00:00Z") })).toMatchObject({
      created: 1,
    });

    // "Cancelar" on our pages: PATCH /rec, then its webhook cancels (no "cancelled in your bank" e-mail).
    const live = (await findOwnRecurrence(user.id, idRec))!;
    await requestSubscriptionChange(live, { kind: "cancel-now" }, { payments: context.payments, config });
    await requestSubscriptionChange(live, { kind: "cancel-now" }, { payments: context.payments, config });
    expect(psp.requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toContainEqual({ status: "CANCELADA" });
    expect(await webhook(psp.recStatus(idRec, "CANCELADA"))).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "canceled" });
    expect((await outbox()).filter((m) => m.template === "subscription-bank-cancel")).toHaveLength(0);
  });

  it("cancelled by the payer in the bank app: cancelled here with the e-mail; webhooks registered", async () => {
    const config = parseConfig(env());
    const provider = createPixApiProvider(config.pixApi as PixApiConfig, { publicUrl: config.PUBLIC_URL });
    const context = testContext({ config });
    const { user } = await createTestUser({ name: "Ana Lima" });
    const clock = fixedClock(new Date("2026-11-25T15:00:00Z"));
    const started = await startSubscription(user, "ouro", {
      provider,
      config,
      clock,
      method: "pix-automatico",
      pixPayer: { cpf: "52998224725" },
    });
    if (!started.ok) throw new Error(started.error.description);
    const idRec = started.url.split("/").at(-1)!;
    const send = async (body: object) =>
      (
        (await pixWebhook({
          request: new Request(`http://localhost:3000/api/webhooks/pix?token=${TOKEN}&ignorar=/rec`, {
            method: "POST",
            body: JSON.stringify(body),
          }),
          params: {},
          context,
        } as never)) as Response
      ).status;
    expect(await send(psp.recStatus(idRec, "APROVADA"))).toBe(200);
    expect(await send(psp.recStatus(idRec, "CANCELADA", "USUARIO_PAGADOR"))).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "canceled" });
    expect((await outbox()).filter((m) => m.template === "subscription-bank-cancel")).toHaveLength(1);

    const url = pixWebhookUrl(config.PUBLIC_URL, TOKEN);
    expect(await provider.registerAllWebhooks(url)).toEqual(["webhook", "webhookrec", "webhookcobr"]);
    expect(psp.webhooks.get("webhookrec")).toBe(url);
    expect(psp.webhooks.get("webhookcobr")).toBe(url);
    expect(psp.webhooks.get("pix@festasolidaria.org.br")).toBe(url);
  });

  it("PIX_RECEBEDOR_*: the receiving account goes in PUT /cobr; a recurrence refused in the bank ends its row once", async () => {
    const config = parseConfig({
      ...env(),
      PIX_RECEBEDOR_AGENCIA: "0001",
      PIX_RECEBEDOR_CONTA: "1234567",
      PIX_RECEBEDOR_TIPO_CONTA: "CORRENTE",
    });
    const provider = createPixApiProvider(config.pixApi as PixApiConfig, { publicUrl: config.PUBLIC_URL });
    const context = testContext({ config });
    const clock = fixedClock(new Date("2026-11-25T15:00:00Z"));
    const deps = { provider, config, clock, method: "pix-automatico" as const, pixPayer: { cpf: "52998224725" } };
    const send = async (body: object) =>
      (
        (await pixWebhook({
          request: new Request(`http://localhost:3000/api/webhooks/pix?token=${TOKEN}&ignorar=/rec`, {
            method: "POST",
            body: JSON.stringify(body),
          }),
          params: {},
          context,
        } as never)) as Response
      ).status;

    const { user: paying } = await createTestUser({ name: "Lia Souza" });
    const started = await startSubscription(paying, "prata", deps);
    if (!started.ok) throw new Error(started.error.description);
    const idRec = started.url.split("/").at(-1)!;
    expect(await send(psp.recStatus(idRec, "APROVADA"))).toBe(200);
    expect(await createMonthlyPixCharges({ provider, secret: config.APP_SECRET, now: clock.now() })).toMatchObject({ created: 1 });
    const txid = recurringChargeTxid(config.APP_SECRET, idRec, "2026-11-28");
    const put = psp.requests.find((r) => r.method === "PUT" && r.path === `/v2/cobr/${txid}`)!;
    expect(put.body).toMatchObject({ idRec, recebedor: { agencia: "0001", conta: "1234567", tipoConta: "CORRENTE" } });
    expect(psp.cobrs.get(txid)).toMatchObject({ recebedor: { agencia: "0001", conta: "1234567", tipoConta: "CORRENTE" } });
    // A refusal arriving for an active recurrence ends nothing.
    const stale = { recs: [{ idRec, status: "REJEITADA", atualizacao: [{ status: "REJEITADA", data: "2099-01-01T00:00:00Z" }] }] };
    expect(await send(stale)).toBe(200);
    expect((await getSubscriptionStatus(paying.id)).status).toBe("active");

    // Refused in the bank app: incomplete → incomplete_expired, once; a late approval does not revive it.
    const bankCancels = async () => (await outbox()).filter((m) => m.template === "subscription-bank-cancel").length;
    const cancelsBefore = await bankCancels();
    const { user } = await createTestUser({ name: "Davi Reis" });
    const refused = await startSubscription(user, "bronze", deps);
    if (!refused.ok) throw new Error(refused.error.description);
    const refusedRec = refused.url.split("/").at(-1)!;
    const body = psp.recStatus(refusedRec, "REJEITADA");
    expect(await send(body)).toBe(200);
    expect(await send(body)).toBe(200);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, plan: null, status: "incomplete_expired" });
    const late = { recs: [{ idRec: refusedRec, status: "APROVADA", atualizacao: [{ status: "APROVADA", data: "2099-01-01T00:00:00Z" }] }] };
    expect(await send(late)).toBe(200);
    expect((await getSubscriptionStatus(user.id)).status).toBe("incomplete_expired");
    expect(await createMonthlyPixCharges({ provider, secret: config.APP_SECRET, now: clock.now() })).toMatchObject({ created: 0 });
    expect(await bankCancels()).toBe(cancelsBefore);
  });
});
