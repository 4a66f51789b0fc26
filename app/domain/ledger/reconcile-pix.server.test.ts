import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup, insertPendingPixGift } from "@tests/donations";
import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { createPixApiProvider } from "~/domain/payments/pix-api.server";
import type { PixApiConfig } from "~/platform/config.server";
import type { FeeSchedule } from "~/platform/fee-schedule";
import { reconcile } from "./reconcile.server";

useTestDatabase();

const certs = makeTestCertificates();
let psp: Awaited<ReturnType<typeof startPixPspFake>>;
const TOKEN = "t".repeat(40);
beforeAll(async () => {
  psp = await startPixPspFake(certs);
});
afterAll(async () => {
  await psp.close();
  certs.cleanup();
});

function pixProvider(fee: FeeSchedule | null): ReturnType<typeof createPixApiProvider> {
  const config: PixApiConfig = {
    baseUrl: `${psp.url}/v2`,
    oauthUrl: `${psp.url}/oauth/token`,
    clientId: "Client_Id_teste",
    clientSecret: "Client_Secret_teste",
    certificate: { kind: "pem", certPath: certs.file("client.crt"), keyPath: certs.file("client.key") },
    caPath: certs.file("ca.crt"),
    pixKey: "pix@festasolidaria.org.br",
    webhookToken: TOKEN,
    automatico: false,
    fee,
  };
  return createPixApiProvider(config);
}

// Decision 207: the ledger against the PSP's own list of Pix received (GET /pix?inicio&fim).
describe("reconciliation with the Pix PSP", () => {
  it("is clean when the PSP's Pix match the ledger, and names a Pix the ledger lacks, another amount, another fee and a row the PSP lacks", async () => {
    const tariff = { percent: 1.19, fixedCents: 0 };
    const provider = pixProvider(tariff);
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id, { provider: "pix", amountCents: 5_000 });
    const horario = new Date(Date.now() - 3_600_000).toISOString();
    const pix = {
      endToEndId: "E12345678202611281000abcdefghijk",
      txid: gift.txid,
      valor: "50.00",
      horario,
      chave: "pix@festasolidaria.org.br",
    };
    psp.extraPix.push(pix);
    // The PSP's webhook for it: the adapter writes the configured tariff as the PSP's fee (decision 206).
    const body = JSON.stringify({ pix: [pix] });
    const [event] = provider.parseWebhook(body, new Headers(), new URL(`http://localhost:3000/api/webhooks/pix?token=${TOKEN}`));
    expect(event).toMatchObject({ kind: "donation", action: "paid", providerFeeCents: 60 }); // 1.19% of R$ 50,00 = 59.5 → 60
    expect((await processPaymentEvent(event!, testDeps())).outcome).toBe("applied");

    const range = { from: new Date(Date.now() - 86_400_000), to: new Date() };
    const clean = await reconcile({ providers: [provider], range });
    expect(clean.discrepancies).toEqual([]);
    expect(clean.checked.providerRecords).toBe(1);
    const listed = psp.requests.filter((r) => r.path === "/v2/pix" && r.method === "GET");
    expect(listed.length).toBeGreaterThan(0);

    // A Pix the ledger never booked, and the gift's Pix of another amount at the PSP.
    psp.extraPix.push({ ...pix, endToEndId: "E12345678202611281000zzzzzzzzzzz", txid: "outra", valor: "20.00" });
    psp.extraPix[0] = { ...pix, valor: "50.10" };
    const dirty = await reconcile({ providers: [provider], range });
    expect(dirty.ok).toBe(false);
    expect(dirty.discrepancies.map((d) => d.en)).toEqual([
      expect.stringMatching(
        /^PSP Pix: E12345678202611281000abcdefghijk moved R\$ 50,10; the ledger has R\$ 50,00 \(gift_paid, gift #\d+\)\.$/,
      ),
      // (1.19% of R$ 50,10 is still R$ 0,60: the fee matches.)
      expect.stringMatching(/^PSP Pix: E12345678202611281000zzzzzzzzzzz \(payment, R\$ 20,00, .*\) has no ledger row\.$/),
    ]);

    // Another tariff than the one the ledger recorded: the fee differs.
    psp.extraPix.splice(0, psp.extraPix.length, pix);
    const otherFee = await reconcile({ providers: [pixProvider({ percent: 0.99, fixedCents: 0 })], range });
    expect(otherFee.discrepancies.map((d) => d.pt)).toEqual([
      expect.stringMatching(
        /^PSP Pix: E12345678202611281000abcdefghijk teve taxa do provedor de R\$ 0,50; o livro-caixa registra R\$ 0,60 \(doação nº \d+\)\.$/,
      ),
    ]);

    // The PSP does not list the Pix the ledger has.
    psp.extraPix.splice(0, psp.extraPix.length);
    const missing = await reconcile({ providers: [provider], range });
    expect(missing.discrepancies.map((d) => d.en)).toEqual([
      expect.stringMatching(/^PSP Pix: gift_paid row \(gift #\d+, R\$ 50,00\) with no matching record at the provider\.$/),
    ]);
  });
});
