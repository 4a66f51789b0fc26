import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PixApiConfig } from "~/platform/config.server";
import { createPixApiProvider, pixRefundId, pixWebhookUrl, webhookTokenMatches } from "./pix-api.server";
import { pixTxid } from "./pix-codes.server";
import { CheckoutError, RefundError, WebhookSignatureError } from "./types";

const certs = makeTestCertificates();
let psp: Awaited<ReturnType<typeof startPixPspFake>>;
const TOKEN = "t".repeat(40);

function config(overrides: Partial<PixApiConfig> = {}): PixApiConfig {
  return {
    baseUrl: `${psp.url}/v2`,
    oauthUrl: `${psp.url}/oauth/token`,
    clientId: "Client_Id_teste",
    clientSecret: "Client_Secret_teste",
    certificate: { kind: "pem", certPath: certs.file("client.crt"), keyPath: certs.file("client.key") },
    caPath: certs.file("ca.crt"),
    pixKey: "pix@festasolidaria.org.br",
    webhookToken: TOKEN,
    automatico: false,
    ...overrides,
  };
}

beforeAll(async () => {
  psp = await startPixPspFake(certs);
});
afterAll(async () => {
  await psp.close();
  certs.cleanup();
});

const charge = (txid: string, amountCents = 5000) => ({
  donationId: "0b7c7a3e-2d1f-4c55-9a51-6f0f2f1a9e10",
  txid,
  amountCents,
  expiresInSeconds: 1800,
  description: "Doação para Aniversário da Ana",
});

describe("API Pix adapter against a local PSP with mutual TLS", () => {
  it("gets an OAuth token with the client credentials, creates the charge with PUT /cob/{txid} in the standard's shape", async () => {
    const provider = createPixApiProvider(config());
    const txid = pixTxid("s".repeat(32), "gift-1", 0, 32);
    const created = await provider.createPixCharge(charge(txid));
    expect(created.txid).toBe(txid);
    expect(created.copyPaste).toMatch(/^000201/);
    expect(created.expiresAt.getTime() - Date.now()).toBeGreaterThan(1790_000);
    const put = psp.requests.find((r) => r.method === "PUT" && r.path === `/v2/cob/${txid}`)!;
    expect(put.clientCn).toBe("festa-solidaria");
    expect(put.body).toEqual({
      calendario: { expiracao: 1800 },
      valor: { original: "50.00" },
      chave: "pix@festasolidaria.org.br",
      solicitacaoPagador: "Doação para Aniversário da Ana",
      infoAdicionais: [{ nome: "Doação", valor: "0b7c7a3e-2d1f-4c55-9a51-6f0f2f1a9e10" }],
    });
    // One token for both calls.
    const again = await provider.createPixCharge(charge(pixTxid("s".repeat(32), "gift-2", 0, 32), 1234));
    expect(psp.cobs.get(again.txid)!.valor.original).toBe("12.34");
    expect(psp.state.tokenCalls).toBe(1);
  });

  it("a retried request for a charge the PSP already created finds it instead of failing", async () => {
    const provider = createPixApiProvider(config());
    const txid = pixTxid("s".repeat(32), "gift-retry", 0, 32);
    const first = await provider.createPixCharge(charge(txid));
    const second = await provider.createPixCharge(charge(txid));
    expect(second.copyPaste).toBe(first.copyPaste);
    // Same txid, another amount: not the same charge.
    await expect(provider.createPixCharge(charge(txid, 9999))).rejects.toBeInstanceOf(CheckoutError);
  });

  it("works with a PKCS#12 certificate too; without the PSP's client certificate the TLS handshake fails", async () => {
    const pfx = createPixApiProvider(config({ certificate: { kind: "pfx", pfxPath: certs.file("client.p12"), passphrase: "segredo" } }));
    await expect(pfx.createPixCharge(charge(pixTxid("p".repeat(32), "gift-pfx", 0, 32)))).resolves.toMatchObject({});
    const stranger = createPixApiProvider(
      config({ certificate: { kind: "pem", certPath: certs.file("stranger.crt"), keyPath: certs.file("stranger.key") } }),
    );
    await expect(stranger.createPixCharge(charge(pixTxid("p".repeat(32), "gift-x", 0, 32)))).rejects.toThrow(/não respondeu/);
  });

  it("PSP down: a pt-BR CheckoutError", async () => {
    const provider = createPixApiProvider(config());
    psp.state.down = true;
    try {
      await expect(provider.createPixCharge(charge(pixTxid("d".repeat(32), "gift-down", 0, 32)))).rejects.toBeInstanceOf(CheckoutError);
    } finally {
      psp.state.down = false;
    }
  });

  it("GET /cob/{txid} reads the Pix received; the webhook body becomes one event per Pix, keyed by end-to-end id", async () => {
    const provider = createPixApiProvider(config());
    const txid = pixTxid("g".repeat(32), "gift-read", 0, 32);
    await provider.createPixCharge(charge(txid));
    expect(await provider.getPixCharge(txid)).toEqual({ txid, status: "ATIVA", payments: [] });
    const body = psp.pay(txid, "50.00");
    const status = await provider.getPixCharge(txid);
    expect(status).toMatchObject({ status: "CONCLUIDA", payments: [{ endToEndId: body.pix[0]!.endToEndId, amountCents: 5000 }] });
    expect(await provider.getPixCharge("N".repeat(32))).toBeNull();

    const url = new URL(pixWebhookUrl("https://festa.example", TOKEN) + "/pix");
    const events = provider.parseWebhook(JSON.stringify(body), new Headers(), url);
    expect(events).toEqual([
      expect.objectContaining({
        kind: "donation",
        id: body.pix[0]!.endToEndId,
        provider: "pix",
        action: "paid",
        pix: { txid, endToEndId: body.pix[0]!.endToEndId, amountCents: 5000 },
      }),
    ]);
    // The PSP's test call on registration carries no Pix.
    expect(provider.parseWebhook(JSON.stringify({ evento: "teste_webhook" }), new Headers(), url)).toEqual([]);
    // A Pix to our key without a charge of ours is ignored, not applied.
    const loose = { pix: [{ endToEndId: "E1", valor: "10.00", horario: new Date().toISOString() }] };
    expect(provider.parseWebhook(JSON.stringify(loose), new Headers(), url)[0]).toMatchObject({ kind: "ignored" });
  });

  it("the webhook is refused (401) without the registered token, or with a wrong one", () => {
    const provider = createPixApiProvider(config());
    const body = JSON.stringify({ pix: [] });
    for (const url of [
      undefined,
      new URL("https://festa.example/api/webhooks/pix"),
      new URL(`https://festa.example/api/webhooks/pix?token=${"x".repeat(40)}`),
    ]) {
      let error: unknown;
      try {
        provider.parseWebhook(body, new Headers(), url);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as WebhookSignatureError).status).toBe(401);
    }
    expect(webhookTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(webhookTokenMatches(TOKEN.slice(1), TOKEN)).toBe(false);
  });

  it("registers the webhook (PUT /webhook/{chave}) and asks for a refund (PUT /pix/{e2eid}/devolucao/{id})", async () => {
    const provider = createPixApiProvider(config());
    await provider.registerWebhook(pixWebhookUrl("https://festa.example", TOKEN));
    expect(psp.webhooks.get("pix@festasolidaria.org.br")).toBe(`https://festa.example/api/webhooks/pix?token=${TOKEN}&ignorar=`);
    const refund = await provider.refundPix({ endToEndId: "E12345678202611250000abcdefghijk", refundId: "D1", amountCents: 5000 });
    expect(refund).toMatchObject({ id: "D1", status: "EM_PROCESSAMENTO" });
    expect(psp.requests.at(-1)!.body).toEqual({ valor: "50.00" });
  });

  it("refund() of the seam: PUT /pix/{e2eid}/devolucao/{id} with the id derived from the key; a retry is the same devolução", async () => {
    const provider = createPixApiProvider(config());
    const txid = pixTxid("r".repeat(32), "gift-refund", 0, 32);
    await provider.createPixCharge(charge(txid));
    const e2e = psp.pay(txid).pix[0]!.endToEndId;
    const request = {
      paymentId: e2e,
      donationId: "gift-refund",
      amountCents: 2000,
      reason: "Pedido do doador",
      idempotencyKey: "refund:g:0:2000",
    };
    const first = await provider.refund(request);
    expect(first.refundId).toBe(pixRefundId("refund:g:0:2000"));
    expect(first.refundId).toMatch(/^[a-zA-Z0-9]{1,35}$/);
    expect(psp.requests.at(-1)).toMatchObject({
      method: "PUT",
      path: `/v2/pix/${e2e}/devolucao/${first.refundId}`,
      body: { valor: "20.00" },
    });
    // The PSP refuses the same id twice; the adapter finds the devolução it already has.
    expect(await provider.refund(request)).toEqual(first);
    expect([...psp.devolucoes.keys()].filter((k) => k.startsWith(e2e))).toHaveLength(1);
    // Same key, another amount: not the same devolução.
    await expect(provider.refund({ ...request, amountCents: 3000 })).rejects.toBeInstanceOf(RefundError);
    psp.state.refuseRefunds = true;
    try {
      await expect(provider.refund({ ...request, idempotencyKey: "refund:g:0:9999" })).rejects.toThrow(/recusou a devolução.*excede/);
    } finally {
      psp.state.refuseRefunds = false;
    }
  });

  it("the webhook's devoluções: DEVOLVIDO is a `refunded` event naming the devolução; MED is `disputed`; in progress is nothing", async () => {
    const provider = createPixApiProvider(config());
    const url = new URL(pixWebhookUrl("https://festa.example", TOKEN));
    const txid = pixTxid("w".repeat(32), "gift-dev", 0, 32);
    await provider.createPixCharge(charge(txid));
    const e2e = psp.pay(txid).pix[0]!.endToEndId;
    const { refundId } = await provider.refund({
      paymentId: e2e,
      donationId: "g",
      amountCents: 1500,
      reason: "r",
      idempotencyKey: "k-dev",
    });
    const inProgress = { pix: [{ ...psp.cobs.get(txid)!.pix![0]!, devolucoes: [psp.devolucoes.get(`${e2e}/${refundId}`)] }] };
    expect(provider.parseWebhook(JSON.stringify(inProgress), new Headers(), url).map((e) => e.type)).toEqual(["pix"]);

    const settled = provider.parseWebhook(JSON.stringify(psp.settle(e2e, refundId)), new Headers(), url);
    expect(settled[1]).toEqual(
      expect.objectContaining({
        id: `devolucao:${e2e}:${refundId}`,
        kind: "donation",
        provider: "pix",
        action: "refunded",
        ref: { paymentId: e2e },
        refund: { refundId, amountCents: 1500 },
      }),
    );
    const med = psp.settle(e2e, undefined, { valor: "35.00", natureza: "MED_FRAUDE", motivo: "Golpe relatado pelo pagador" });
    const events = provider.parseWebhook(JSON.stringify(med), new Headers(), url);
    expect(events.map((e) => (e.kind === "donation" ? e.action : e.kind))).toEqual(["paid", "refunded", "disputed"]);
    expect(events[2]).toMatchObject({ type: "pix.med", ref: { paymentId: e2e }, refund: null });
  });
});
