import { mkdirSync, writeFileSync } from "node:fs";
import { useTestDatabase } from "@tests/database";
import { testDeps } from "@tests/context";
import { donationEvent, insertPendingGift } from "@tests/donations";
import { parseConfig } from "~/platform/config.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { insertCause, insertInstitution, insertPaidGift, insertParty, insertUser } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { giftMoney, recordRefund } from "~/domain/ledger/index.server";
import { loader as verificationLoader } from "~/routes/certificado.$codigo";
import { announcePartyCertificates } from "./certificate-job.server";
import { renderCertificatePdf } from "./certificate-pdf.server";
import { renderCertificatePng } from "./certificate-image.server";
import { findCertificateByCode, partyCertificateForOwner } from "./certificates.server";

useTestDatabase();

const today = todayInSaoPaulo();
const PUBLIC_URL = "https://festa.example";
const LONG_NAME = "Aniversário de 80 anos da Vovó Conceição Aparecida dos Santos Gonçalves — festança em família 🎉🎂 com açúcar e afeto";

async function endedParty(name = "Festa da Ana") {
  const owner = await insertUser("Joana Festeira");
  const cause = await insertCause({ name: "Doenças Raras" });
  const org = await insertInstitution(cause.id, { name: "Instituto Vidas Raras" });
  const party = await insertParty({
    userId: owner.id,
    causeId: cause.id,
    organizationId: org.id,
    name,
    eventDate: addCalendarDays(today, -10),
  });
  return { owner, cause, org, party };
}

async function refund(donationId: string) {
  const [d] = await db.select().from(schema.donations).where(eq(schema.donations.id, donationId));
  await db.update(schema.donations).set({ status: "reembolsada" }).where(eq(schema.donations.id, donationId));
  await recordRefund(db, await giftMoney(db, donationId), d!.amountCents, {
    provider: "sandbox",
    providerEventId: `evt_refund_${donationId}`,
    occurredAt: new Date(),
  });
}

describe("party certificates", () => {
  it("reads the total and the donors from the ledger (refunds taken out) and speaks the institution's units", async () => {
    const { owner, org, party } = await endedParty();
    await insertPaidGift(party.id, { amountCents: 10000, email: "a@exemplo.com.br" });
    await insertPaidGift(party.id, { amountCents: 6000, email: "b@exemplo.com.br" });
    const refunded = await insertPaidGift(party.id, { amountCents: 2500, email: "c@exemplo.com.br" });
    await refund(refunded.id);
    await db.insert(schema.impactUnits).values({ organizationId: org.id, singular: "consulta", plural: "consultas", costCents: 8000 });

    const certificate = await partyCertificateForOwner(party.id, owner.id);
    expect(certificate).toMatchObject({
      kind: "festa",
      partyName: "Festa da Ana",
      raisedCents: 16000,
      donors: 2,
      organizationName: "Instituto Vidas Raras",
      causeName: "Doenças Raras",
      // R$ 160,00 raised, R$ 144,00 reach the institution (10%): one whole consultation.
      impactLine: "Os R$ 144,00 que chegam à instituição equivalem a 1 consulta (R$ 80,00 cada).",
    });
    expect(certificate!.code).toMatch(/^[0-9A-Z]{16}$/);
    // The same party always has the same code.
    expect((await partyCertificateForOwner(party.id, owner.id))!.code).toBe(certificate!.code);
  });

  it("counts units from the institution's share, net of the fee: R$ 80 at 10% buys 7 books of R$ 10, not 8", async () => {
    const { owner, org, party } = await endedParty();
    await insertPaidGift(party.id, { amountCents: 8000, feePercent: 10 });
    await db.insert(schema.impactUnits).values({ organizationId: org.id, singular: "livro", plural: "livros", costCents: 1000 });
    const certificate = await partyCertificateForOwner(party.id, owner.id);
    expect(certificate).toMatchObject({
      raisedCents: 8000,
      impactLine: "Os R$ 72,00 que chegam à instituição equivalem a 7 livros (R$ 10,00 cada).",
    });
  });

  it("counts a gift whose donor covered the fee as the gift alone, as the party's total does (decision 216)", async () => {
    const { owner, party } = await endedParty();
    const deps = testDeps({ config: parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "10" }) });
    const covered = await insertPendingGift(party.id, { amountCents: 5000, feeCoveredCents: 500 });
    await processPaymentEvent(donationEvent(covered, "paid"), deps);
    await insertPaidGift(party.id, { amountCents: 3000 });
    const raised = async () => (await partyCertificateForOwner(party.id, owner.id))!.raisedCents;
    expect(await raised()).toBe(8000);
    await processPaymentEvent(donationEvent(covered, "refunded", { refund: { refundId: "re_half", amountCents: 2750 } }), deps);
    expect(await raised()).toBe(5500);
    const [totals] = await db.select({ raised: schema.parties.raisedCents }).from(schema.parties).where(eq(schema.parties.id, party.id));
    expect(totals!.raised).toBe(5500);
  });

  it("is only for the party's creator, and only once the party has ended", async () => {
    const { owner, cause, org, party } = await endedParty();
    const stranger = await insertUser("Outra Pessoa");
    expect(await partyCertificateForOwner(party.id, stranger.id)).toBeNull();
    const live = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: today });
    expect(await partyCertificateForOwner(live.id, owner.id)).toBeNull();
  });

  it("the verification page confirms a real code without any e-mail, and refuses unknown ones", async () => {
    const { owner, party } = await endedParty();
    await insertPaidGift(party.id, { amountCents: 5000, email: "convidada.secreta@exemplo.com.br" });
    const { code } = (await partyCertificateForOwner(party.id, owner.id))!;
    const page = await verificationLoader({ params: { codigo: code.toLowerCase() } } as never);
    expect(page).toMatchObject({ name: "Festa da Ana", institution: "Instituto Vidas Raras" });
    expect(page.body).toContain("R$ 50,00");
    const ownerEmail = (await db.select().from(schema.user).where(eq(schema.user.id, owner.id)))[0]!.email;
    expect(JSON.stringify(page)).not.toContain("@");
    expect(JSON.stringify(await findCertificateByCode(code))).not.toContain(ownerEmail);

    for (const bad of ["0000000000000000", "nao-existe", `${code.slice(0, 15)}X`]) {
      const thrown = await verificationLoader({ params: { codigo: bad } } as never).catch((e: unknown) => e);
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
    }
  });

  it("the daily job e-mails the creator once, even when it runs again", async () => {
    const { owner, party } = await endedParty("Chá de bebê do Théo");
    await insertPaidGift(party.id, { amountCents: 12000 });
    // The creator downloaded it before the job ran: the e-mail is still sent, once.
    await partyCertificateForOwner(party.id, owner.id);
    const first = await announcePartyCertificates({ mailer: outboxMailer, publicUrl: PUBLIC_URL, now: new Date() });
    const second = await announcePartyCertificates({ mailer: outboxMailer, publicUrl: PUBLIC_URL, now: new Date() });
    expect(first.sent).toBe(1);
    expect(second).toEqual({ due: 0, sent: 0 });
    const mails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "certificate-ready"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Chá de bebê do Théo");
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/certificado/`);
  });

  it("renders a PDF and a 1080×1080 PNG with a long accented name and emoji", async () => {
    const { owner, org, party } = await endedParty(LONG_NAME);
    await insertPaidGift(party.id, { amountCents: 163050 });
    await db
      .insert(schema.impactUnits)
      .values({ organizationId: org.id, singular: "sessão de terapia", plural: "sessões de terapia", costCents: 12000 });
    const certificate = (await partyCertificateForOwner(party.id, owner.id))!;
    const pdf = await renderCertificatePdf(certificate, { publicUrl: PUBLIC_URL });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const png = await renderCertificatePng(certificate, { publicUrl: PUBLIC_URL });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1080]);
    if (process.env.CERTIFICATE_SHOTS) {
      mkdirSync(process.env.CERTIFICATE_SHOTS, { recursive: true });
      writeFileSync(`${process.env.CERTIFICATE_SHOTS}/festa.pdf`, pdf);
      writeFileSync(`${process.env.CERTIFICATE_SHOTS}/festa.png`, png);
    }
  });
});
