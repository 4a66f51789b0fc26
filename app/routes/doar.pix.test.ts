import { testContext, testSandboxQueue } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationRow, givingSetup, partyTotals } from "@tests/donations";
import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { eq } from "drizzle-orm";
import { hasError, parsePix } from "pix-utils";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { action as pixWebhook } from "./api.webhooks.pix";
import { action as doarAction } from "./doar";
import { action as pixAction, loader as pixLoader } from "./doar.pix.$ref";
import { PIX_CHECKS_PER_GIFT, PIX_CHECKS_PER_IP } from "~/domain/donations/pix-checkout.server";
import { action as bankAction, loader as bankLoader } from "./sandbox.pix.$txid";

useTestDatabase();

type Fn = (args: never) => unknown;
const call = async (fn: Fn, context: AppLoadContext, url: string, init?: RequestInit, params: Record<string, string> = {}) => {
  try {
    return (await fn({ request: new Request(`http://localhost:3000${url}`, init), params, context } as never)) as Response &
      Record<string, unknown>;
  } catch (thrown) {
    // Loaders refuse with `throw data(null, { status })`.
    return thrown as Response & Record<string, unknown>;
  }
};
const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200));

async function give(context: AppLoadContext, festa: string, metodo = "Pix") {
  const res = await call(
    doarAction as Fn,
    context,
    "/doar",
    form({ preset: "50", nome: "Bia", email: "bia@exemplo.com.br", festa, metodo }),
  );
  expect(res).toBeInstanceOf(Response);
  const location = res.headers.get("Location")!;
  expect(location).toMatch(/^\/doar\/pix\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}(\?erro=1)?$/);
  const ref = location.split("/").pop()!.split("?")[0]!;
  return { ref, location };
}
const page = (context: AppLoadContext, ref: string) => call(pixLoader as Fn, context, `/doar/pix/${ref}`, undefined, { ref });
const giftOf = (ref: string) => donationRow(ref.split(".")[0]!);

describe("Pix with the sandbox: /doar → Pix page → banco de testes → webhook → confirmation", () => {
  it("a R$ 50 Pix gift: QR and copia e cola on our page, paid at the test bank, counted once", async () => {
    const { party } = await givingSetup();
    const sandbox = testSandboxQueue();
    const context = testContext({ clientIp: "203.0.113.5", payments: { sandboxEvents: sandbox } });
    const { ref } = await give(context, party.shareCode);
    expect((await giftOf(ref)).paymentMethod).toBe("pix");
    const waiting = await page(context, ref);
    expect(waiting).toMatchObject({ state: "aguardando", amountCents: 5000, destination: "Aniversário da Ana" });
    expect(waiting.qr).toMatch(/^data:image\/svg\+xml/);
    const brCode = parsePix(waiting.copyPaste as string);
    expect(hasError(brCode)).toBe(false);
    expect(brCode).toMatchObject({ transactionAmount: 50 });
    expect((waiting.institution as { name: string }).name).toBe("AADORA");
    const txid = (waiting.testBank as string).split("/").pop()!;

    // Nobody reaches a gift without its signed reference.
    const [id, sig] = ref.split(".");
    expect(statusOf(await page(context, `${id}.${sig!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`))).toBe(404);
    expect(statusOf(await page(context, id!))).toBe(404);

    expect(await call(bankLoader as Fn, context, `/sandbox/pix/${txid}`, undefined, { txid })).toMatchObject({
      amountCents: 5000,
      expired: false,
    });
    await call(bankAction as Fn, context, `/sandbox/pix/${txid}`, form({ intent: "pagar" }), { txid });
    // Like a real bank: nothing changed until the signed event reaches the webhook.
    expect((await giftOf(ref)).status).toBe("pendente");
    expect((await sandbox.flush()).map((r) => r.status)).toEqual([200]);
    const paid = await page(context, ref);
    expect(paid.state).toBe("paga");
    // The confirmation names the receipt (its PDF and verification page) and a fresh party link.
    expect(paid.receipt).toMatchObject({
      number: expect.stringMatching(/^\d{6}$/),
      page: expect.stringMatching(/^\/recibo\/[0-9a-f]{32}$/),
    });
    expect(paid.partyLink).toMatch(/^\/festa\/[^/?]+\?doacao=\d+$/);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("another amount at the test bank: flagged on the page, not counted", async () => {
    const { party } = await givingSetup();
    const sandbox = testSandboxQueue();
    const context = testContext({ clientIp: "203.0.113.6", payments: { sandboxEvents: sandbox } });
    const { ref } = await give(context, party.shareCode);
    const txid = ((await page(context, ref)).testBank as string).split("/").pop()!;
    await call(bankAction as Fn, context, `/sandbox/pix/${txid}`, form({ intent: "pagar", valor: "45,00" }), { txid });
    await sandbox.flush();
    expect(await page(context, ref)).toMatchObject({ state: "aguardando", flagged: true });
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 0, paidCount: 0 });
  });

  it("an expired code offers a new one for the same gift (new txid); the old one paid late is flagged", async () => {
    const { party } = await givingSetup();
    const sandbox = testSandboxQueue();
    const context = testContext({ clientIp: "203.0.113.7", payments: { sandboxEvents: sandbox } });
    const { ref } = await give(context, party.shareCode);
    const oldTxid = ((await page(context, ref)).testBank as string).split("/").pop()!;
    await call(bankAction as Fn, context, `/sandbox/pix/${oldTxid}`, form({ intent: "expirar" }), { oldTxid, txid: oldTxid });
    expect((await page(context, ref)).state).toBe("expirada");
    const renewed = await call(pixAction as Fn, context, `/doar/pix/${ref}`, form({ intent: "novo-codigo" }), { ref });
    expect(renewed.status).toBe(302);
    const again = await page(context, ref);
    expect(again.state).toBe("aguardando");
    const newTxid = (again.testBank as string).split("/").pop()!;
    expect(newTxid).not.toBe(oldTxid);
    const charges = await db
      .select()
      .from(schema.pixCharges)
      .where(eq(schema.pixCharges.donationId, ref.split(".")[0]!));
    expect(charges).toHaveLength(2);
    await call(bankAction as Fn, context, `/sandbox/pix/${oldTxid}`, form({ intent: "pagar-atrasado" }), { txid: oldTxid });
    await call(bankAction as Fn, context, `/sandbox/pix/${newTxid}`, form({ intent: "pagar" }), { txid: newTxid });
    await sandbox.flush();
    expect((await page(context, ref)).state).toBe("paga");
    const payments = await db
      .select()
      .from(schema.pixPayments)
      .where(eq(schema.pixPayments.donationId, ref.split(".")[0]!));
    expect(payments.map((p) => p.flagReason).sort()).toEqual(["apos_expiracao", null]);
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("choosing Cartão still goes to the card checkout", async () => {
    const { party } = await givingSetup();
    const context = testContext({ clientIp: "203.0.113.8" });
    const res = await call(
      doarAction as Fn,
      context,
      "/doar",
      form({ preset: "50", nome: "Bia", email: "b@e.com.br", festa: party.shareCode, metodo: "Cartão" }),
    );
    expect(res.headers.get("Location")).toMatch(/\/sandbox\/checkout\/cs_sbx_/);
  });
});

describe("Pix through a PSP's API Pix (local mTLS fake)", () => {
  const certs = makeTestCertificates();
  let psp: Awaited<ReturnType<typeof startPixPspFake>>;
  const TOKEN = "w".repeat(40);
  let context: AppLoadContext;
  beforeAll(async () => {
    psp = await startPixPspFake(certs);
  });
  afterAll(async () => {
    await psp.close();
    certs.cleanup();
  });
  const pspContext = (ip: string) => {
    const config = parseConfig({
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
    return testContext({ clientIp: ip, config });
  };
  const webhook = (body: object, query: string) =>
    call(pixWebhook as Fn, context, `/api/webhooks/pix${query}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });

  it("charge at the PSP; a webhook without the token is refused (401) and changes nothing; with it the gift is paid, once", async () => {
    const { party } = await givingSetup();
    context = pspContext("203.0.113.9");
    const { ref } = await give(context, party.shareCode);
    const gift = await giftOf(ref);
    expect(gift.provider).toBe("pix");
    const [charge] = await db.select().from(schema.pixCharges).where(eq(schema.pixCharges.donationId, gift.id));
    expect(psp.cobs.get(charge!.txid)).toMatchObject({ valor: { original: "50.00" }, status: "ATIVA" });
    const body = psp.pay(charge!.txid);
    for (const query of ["", `?token=${"x".repeat(40)}`]) {
      expect((await webhook(body, query)).status).toBe(401);
    }
    expect((await giftOf(ref)).status).toBe("pendente");
    // Efí appends /pix after the registered URL: `ignorar=` absorbs it.
    for (let i = 0; i < 3; i++) expect((await webhook(body, `?token=${TOKEN}&ignorar=/pix`)).status).toBe(200);
    expect((await giftOf(ref)).status).toBe("paga");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 5000, paidCount: 1 });
  });

  it("'Já paguei' re-reads the charge at the PSP when the webhook is late", async () => {
    const { party } = await givingSetup();
    context = pspContext("203.0.113.10");
    const { ref } = await give(context, party.shareCode);
    const [charge] = await db
      .select()
      .from(schema.pixCharges)
      .where(eq(schema.pixCharges.donationId, ref.split(".")[0]!));
    psp.pay(charge!.txid);
    const res = await call(pixAction as Fn, context, `/doar/pix/${ref}`, form({ intent: "ja-paguei" }), { ref });
    expect(res.status).toBe(302);
    expect((await page(context, ref)).state).toBe("paga");
  });

  /** `context` with its PSP provider's status reads counted. */
  const countingPspReads = (base: AppLoadContext) => {
    const counter = { reads: 0 };
    const byNameOf = base.payments.byName.bind(base.payments);
    const payments = Object.assign(Object.create(Object.getPrototypeOf(base.payments) as object) as object, base.payments, {
      byName: (name: Parameters<typeof byNameOf>[0]) => {
        const provider = byNameOf(name);
        if (!provider?.getPixCharge) return provider;
        const read = provider.getPixCharge.bind(provider);
        return Object.assign(Object.create(provider) as object, provider, {
          getPixCharge: (txid: string) => {
            counter.reads++;
            return read(txid);
          },
        }) as typeof provider;
      },
    }) as AppLoadContext["payments"];
    return { context: { ...base, payments } as AppLoadContext, counter };
  };

  it("'Já paguei' is limited per gift and per address, and asks the PSP nothing once the gift is settled (issue 31)", async () => {
    const { party } = await givingSetup();
    const counted = countingPspReads(pspContext("203.0.113.12"));
    context = counted.context;
    const { ref } = await give(context, party.shareCode);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push(statusOf(await call(pixAction as Fn, context, `/doar/pix/${ref}`, form({ intent: "ja-paguei" }), { ref })));
    }
    // A person taps a few times; past that the PSP is asked no more for this gift.
    expect(counted.counter.reads).toBeLessThanOrEqual(PIX_CHECKS_PER_GIFT.limit);
    expect(statuses.at(-1)).toBe(429);
    const refused = await call(pixAction as Fn, context, `/doar/pix/${ref}`, form({ intent: "ja-paguei" }), { ref });
    expect(JSON.stringify(refused)).toMatch(/Aguarde/);

    // Per address: many gifts from one address stop reaching the PSP too.
    const readsBefore = counted.counter.reads;
    for (let i = 0; i < PIX_CHECKS_PER_IP.limit + 5; i++) {
      const other = await give(context, party.shareCode);
      await call(pixAction as Fn, context, `/doar/pix/${other.ref}`, form({ intent: "ja-paguei" }), { ref: other.ref });
    }
    expect(counted.counter.reads - readsBefore).toBeLessThanOrEqual(PIX_CHECKS_PER_IP.limit);

    // A settled gift: nothing to ask, from any address.
    const elsewhere = countingPspReads(pspContext("198.51.100.77"));
    const paid = await give(elsewhere.context, party.shareCode);
    const [charge] = await db
      .select()
      .from(schema.pixCharges)
      .where(eq(schema.pixCharges.donationId, paid.ref.split(".")[0]!));
    const body = psp.pay(charge!.txid);
    context = elsewhere.context;
    expect((await webhook(body, `?token=${TOKEN}&ignorar=`)).status).toBe(200);
    const reads = elsewhere.counter.reads;
    for (let i = 0; i < 3; i++) {
      const res = await call(pixAction as Fn, elsewhere.context, `/doar/pix/${paid.ref}`, form({ intent: "ja-paguei" }), { ref: paid.ref });
      expect(res.status).toBe(302);
    }
    expect(elsewhere.counter.reads).toBe(reads);
  });

  it("PSP unreachable: the page says so and the retry reuses the same pending gift", async () => {
    const { party } = await givingSetup();
    context = pspContext("203.0.113.11");
    psp.state.down = true;
    let ref: string;
    try {
      const given = await give(context, party.shareCode);
      expect(given.location).toMatch(/\?erro=1$/);
      ref = given.ref;
      expect((await call(pixLoader as Fn, context, `/doar/pix/${ref}?erro=1`, undefined, { ref })).state).toBe("erro");
      const failed = await call(pixAction as Fn, context, `/doar/pix/${ref}`, form({ intent: "novo-codigo" }), { ref });
      expect(statusOf(failed)).toBe(502);
      expect(JSON.stringify(failed)).toMatch(/Tente novamente/);
    } finally {
      psp.state.down = false;
    }
    const retried = await call(pixAction as Fn, context, `/doar/pix/${ref}`, form({ intent: "novo-codigo" }), { ref });
    expect(retried.status).toBe(302);
    expect((await page(context, ref)).state).toBe("aguardando");
    const gifts = await db.select().from(schema.donations).where(eq(schema.donations.partyId, party.id));
    expect(gifts).toHaveLength(1);
  });
});
