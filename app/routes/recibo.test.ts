import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { authedRequest, createTestUser } from "@tests/auth";
import { donationEvent, givingSetup, insertPendingGift, outboxEmails } from "@tests/donations";
import { parseConfig } from "~/platform/config.server";
import { insertPaidGift, insertUser } from "@tests/parties";
import { startAppServer } from "@tests/app-server";
import { sandboxSubscriber, subscriptionEvent } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { findGiftReceipt, findReceiptByCode } from "~/domain/receipts/receipts.server";
import { loader as pageLoader } from "./recibo.$codigo";
import { loader as pdfLoader } from "./recibo.$codigo.pdf";
import { loader as statementLoader } from "./conta.recibos.$arquivo";

useTestDatabase();

const ctx = testContext();
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: ctx }) as never;

/** Text of a PDF through poppler's pdftotext, whitespace collapsed (a long cell wraps). */
function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recibo-")), "r.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

async function codeOf(donationId: string) {
  const [row] = await db.select({ code: schema.donations.receiptCode }).from(schema.donations).where(eq(schema.donations.id, donationId));
  return row!.code;
}

async function downloadPdf(code: string) {
  const response = (await pdfLoader(args(authedRequest(`/recibo/${code}/pdf`), { codigo: code }))) as Response;
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const LONG_NAME = "Maria da Conceição Gonçalves de Albuquerque Nóbrega e Ávila Pêssego 🎉✨ Müller";

describe("receipt (recibo de doação)", () => {
  it("reads amount, fee and net from the stored ledger row, names the institution and its CNPJ, and renders accents", async () => {
    const { org, party } = await givingSetup({ partyName: "Aniversário da Júlia 🎂" });
    await db.update(schema.organizations).set({ cnpj: "10485736000150" }).where(eq(schema.organizations.id, org.id));
    // Charged at 7.5% when it moved; today's configuration says 10%: the receipt says 7.5%.
    const gift = await insertPaidGift(party.id, { amountCents: 12345, name: LONG_NAME, email: "maria@exemplo.com.br", feePercent: 7.5 });
    const receipt = await findGiftReceipt(gift.id);
    const [row] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, gift.id));
    expect(receipt).toMatchObject({
      grossCents: 12345,
      feeCents: row!.feeCents,
      netCents: row!.netCents,
      feePercent: 7.5,
      cancelled: false,
    });
    expect(row!.feeCents).toBe(926);

    const code = await codeOf(gift.id);
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const { response, bytes } = await downloadPdf(code);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(`Recibo nº ${String(gift.receiptNumber).padStart(6, "0")}`);
    expect(text).toContain("Maria da Conceição Gonçalves de Albuquerque Nóbrega e Ávila Pêssego Müller");
    expect(text).not.toContain("🎉");
    expect(text).toContain("Aniversário da Júlia");
    expect(text).toContain("R$ 123,45");
    expect(text).toContain("(7,5%)");
    expect(text).toContain("R$ 9,26");
    expect(text).toContain("R$ 114,19");
    expect(text).toContain("10.485.736/0001-50");
    expect(text).toContain(`/recibo/${code}`);
    expect(text).not.toContain("maria@exemplo.com.br");
  });

  it("the donor's paid-gift e-mail links the receipt PDF and its verification page, with the ledger's fee", async () => {
    const { party } = await givingSetup();
    const pending = await insertPendingGift(party.id, { amountCents: 10000, donorEmail: "bia@exemplo.com.br" });
    const config = parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "8" });
    await processPaymentEvent(donationEvent(pending, "paid"), testDeps({ config }));
    const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.id, pending.id));
    const mail = (await outboxEmails()).find((m) => m.template === "donation-receipt")!;
    expect(mail.text).toContain(`/recibo/${gift!.receiptCode}/pdf`);
    expect(mail.html).toContain(`/recibo/${gift!.receiptCode}`);
    expect(mail.text).toContain("Taxa da plataforma (8%): R$ 8,00");
    expect(mail.text).toContain("Valor líquido para a instituição: R$ 92,00");
  });

  it("the verification page confirms amount, date, institution and first name, and its HTML carries no e-mail", async () => {
    const { party } = await givingSetup();
    const gift = await insertPaidGift(party.id, {
      amountCents: 5000,
      name: "Joaquim Brandão Teixeira",
      email: "joaquim.secreto@exemplo.com.br",
    });
    const code = await codeOf(gift.id);
    const app = await startAppServer();
    try {
      const res = await fetch(`${app.url}/recibo/${code}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Recibo verdadeiro");
      expect(html).toContain("Joaquim");
      expect(html).toMatch(/R\$\s50,00/);
      expect(html).toContain("AADORA");
      expect(html).not.toContain("Brandão");
      expect(html).not.toContain("joaquim.secreto");
      expect(html).not.toContain("@exemplo.com.br");

      const anonymous = await insertPaidGift(party.id, { name: null, email: "anonimo@exemplo.com.br" });
      const anonymousHtml = await (await fetch(`${app.url}/recibo/${await codeOf(anonymous.id)}`)).text();
      expect(anonymousHtml).toContain("Doação anônima");
      expect(anonymousHtml).not.toContain("anonimo@");
    } finally {
      await app.close();
    }
  });

  it("an unknown, tampered or malformed code is 'not found', with nothing about any gift", async () => {
    const { party } = await givingSetup();
    const gift = await insertPaidGift(party.id, { name: "Renata Alves" });
    const code = await codeOf(gift.id);
    const tampered = (code[0] === "a" ? "b" : "a") + code.slice(1);
    for (const codigo of [tampered, "0".repeat(32), String(gift.receiptNumber), "../admin", code.toUpperCase()]) {
      const page = (await pageLoader(args(authedRequest(`/recibo/${codigo}`), { codigo }))) as unknown as {
        data: { receipt: null };
        init: { status: number };
      };
      expect(page.data.receipt).toBeNull();
      expect(page.init.status).toBe(404);
      const { response, bytes } = await downloadPdf(codigo);
      expect(response.status).toBe(404);
      expect(bytes.toString()).toContain("Recibo não encontrado");
    }
  });

  it("a refunded gift's receipt still verifies as ours, marked cancelled", async () => {
    const { party } = await givingSetup();
    const gift = await insertPaidGift(party.id, { name: "Otávio" });
    const [checkout] = await db
      .select({ checkoutId: schema.donations.providerCheckoutId })
      .from(schema.donations)
      .where(eq(schema.donations.id, gift.id));
    await processPaymentEvent(
      {
        kind: "donation",
        id: `evt_refund_${gift.id}`,
        provider: "sandbox",
        type: "test.refunded",
        occurredAt: new Date(),
        action: "refunded",
        ref: { donationId: gift.id, checkoutId: checkout!.checkoutId, paymentId: null },
        paymentId: null,
      },
      testDeps(),
    );
    const receipt = await findReceiptByCode(await codeOf(gift.id));
    expect(receipt).toMatchObject({ cancelled: true, grossCents: 5000 });
    const text = pdfText((await downloadPdf(await codeOf(gift.id))).bytes);
    expect(text).toContain("foi estornado");
  });

  it("a subscription charge has its own receipt (AB- series), for the main charity, with the subscriber's name", async () => {
    await givingSetup(); // the main charity
    const user = await insertUser("Helena Souza Araújo");
    const customerId = await sandboxSubscriber(user.id);
    await processPaymentEvent(subscriptionEvent("updated", { customerId }), testDeps());
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId, invoice: { id: "in_rec_1", amountCents: 7000 } }),
      testDeps(),
    );
    const [charge] = await db.select().from(schema.subscriptionCharges);
    const receipt = await findReceiptByCode(charge!.receiptCode);
    expect(receipt).toMatchObject({
      kind: "subscription",
      grossCents: 7000,
      feeCents: 700,
      netCents: 6300,
      donorName: "Helena Souza Araújo",
    });
    expect(receipt!.institution?.name).toBe("AADORA");
    const text = pdfText((await downloadPdf(charge!.receiptCode)).bytes);
    expect(text).toContain(`AB-${String(charge!.receiptNumber).padStart(6, "0")}`);
    expect(text).toContain("Assine o Bem");
    expect(text).toContain("fundo principal");
  });
});

describe("yearly statement (/conta/recibos/{ano}.pdf)", () => {
  it("lists only the signed-in donor's own receipts of that year", async () => {
    const { party } = await givingSetup();
    const me = await createTestUser({ name: "Débora Quitéria" });
    const other = await createTestUser({ name: "Outra Pessoa" });
    const year = new Date().getFullYear();
    const mine = await insertPaidGift(party.id, { amountCents: 2500, name: "Débora Quitéria" });
    const mine2 = await insertPaidGift(null, { amountCents: 4000, name: "Débora Quitéria" });
    const lastYear = await insertPaidGift(party.id, {
      amountCents: 9900,
      name: "Débora Quitéria",
      createdAt: new Date(`${year - 1}-06-15T12:00:00Z`),
    });
    const theirs = await insertPaidGift(party.id, { amountCents: 7777, name: "Outra Pessoa" });
    for (const g of [mine, mine2, lastYear])
      await db.update(schema.donations).set({ userId: me.user.id }).where(eq(schema.donations.id, g.id));
    await db.update(schema.donations).set({ userId: other.user.id }).where(eq(schema.donations.id, theirs.id));

    const response = (await statementLoader(
      args(authedRequest(`/conta/recibos/${year}.pdf`, { cookie: me.cookie }), { arquivo: `${year}.pdf` }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`Extrato de doações de ${year}`);
    expect(text).toContain(String(mine.receiptNumber).padStart(6, "0"));
    expect(text).toContain(String(mine2.receiptNumber).padStart(6, "0"));
    expect(text).toContain("R$ 65,00"); // the total of this year's two
    expect(text).not.toContain(String(lastYear.receiptNumber).padStart(6, "0"));
    expect(text).not.toContain(String(theirs.receiptNumber).padStart(6, "0"));
    expect(text).not.toContain("77,77");

    // Nobody signed in: to the login page. A year that is not one: 404.
    const visitor = await Promise.resolve(
      statementLoader(args(authedRequest(`/conta/recibos/${year}.pdf`), { arquivo: `${year}.pdf` })),
    ).catch((r: unknown) => r);
    expect((visitor as Response).status).toBe(302);
    for (const arquivo of ["1999.pdf", `${year + 1}.pdf`, `${year}`, "abcd.pdf"]) {
      const bad = (await statementLoader(args(authedRequest(`/conta/recibos/${arquivo}`, { cookie: me.cookie }), { arquivo }))) as Response;
      expect(bad.status).toBe(404);
    }
  });
});
