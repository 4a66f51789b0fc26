/**
 * Repasses às instituições (decision 152): an institution's direct gifts and Assine o Bem charges,
 * due by settlement date, paid out in a batch with a proof, a ledger row, an e-mail and an audit
 * entry. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { type TestDepsOverrides, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminGet, adminPost, outcome, routeArgs, tinyPng } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { donationEvent, insertPendingGift } from "@tests/donations";
import { fieldErrors } from "@tests/forms";
import { insertCause, insertInstitution } from "@tests/parties";
import { sandboxSubscriber, subscriptionEvent } from "@tests/subscriptions";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { institutionBalances, payoutsBetween, payoutTotals } from "~/domain/ledger/ledger-reports.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { fixedClock } from "~/platform/clock";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { seedDemoData } from "~/seed/seed.server";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";

const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });
const allTime = { from: new Date(0), to: new Date("2100-01-01") };

type Batch = { cutoff: string; netCents: number; grossCents: number; feeCents: number; deadline: string | null };
type InstitutionView = {
  id: string;
  name: string;
  dueNow: Batch & { firstDue: string | null };
  overdue: boolean;
  upcoming: Array<{ date: string; netCents: number }>;
  options: Batch[];
  idempotencyKey: string;
  transfers: Array<{ id: string; netCents: number; proofHref: string | null }>;
};

/** São Paulo noon of a calendar day, as a clock. */
const at = (date: string) => ({ clock: fixedClock(`${date}T15:00:00Z`) });

async function view(cookie: string, deps?: TestDepsOverrides) {
  const result = (await loader(routeArgs(adminGet("/admin/repasses?situacao=instituicoes", cookie), deps))) as {
    data: { institutions: { institutions: InstitutionView[]; dueCount: number } };
  };
  return result.data.institutions;
}

async function post(cookie: string, fields: Record<string, string | Blob>, deps?: TestDepsOverrides) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, { intent: "markInstitutionPayoutTransferred", ...fields }), deps)));
  const body = r.body as { ok: boolean; message?: string; result?: FormResult };
  return { ...r, body: { ...body, errors: fieldErrors(body?.result) } };
}

/** An institution (not the main one), the main charity, and an admin. */
async function setup() {
  const cause = await insertCause();
  const main = await insertInstitution(cause.id, { name: "AADORA", isMain: true, email: "contato@aadora.org.br" });
  const org = await insertInstitution(cause.id, { name: "Prato Cheio", email: "repasses@pratocheio.org.br" });
  const admin = await createTestUser({ admin: true });
  return { cause, main, org, admin };
}

/** A direct gift (/doar?ong=) paid through a provider event at `paidAt`. */
async function directGift(organizationId: string, amountCents: number, paidAt: string) {
  const gift = await insertPendingGift(null, { organizationId, amountCents });
  await processPaymentEvent(donationEvent(gift, "paid", { occurredAt: new Date(paidAt) }), testDeps());
  return gift;
}

const ledgerOf = (where: ReturnType<typeof eq>) => db.select().from(schema.ledgerEntries).where(where);

describe("Assine o Bem charges belong to the main charity", () => {
  it("names the main institution on the charge and on its ledger row", async () => {
    const { main } = await setup();
    const user = await createTestUser();
    const customerId = await sandboxSubscriber(user.user.id);
    const deps = testDeps();
    await processPaymentEvent(subscriptionEvent("checkout_completed", { customerId, userId: user.user.id }), deps);
    await processPaymentEvent(subscriptionEvent("invoice_paid", { customerId, invoice: { id: "in_main_1", amountCents: 5_000 } }), deps);
    const [charge] = await db.select().from(schema.subscriptionCharges);
    expect(charge!.organizationId).toBe(main.id);
    const [row] = await ledgerOf(eq(schema.ledgerEntries.subscriptionChargeId, charge!.id));
    expect(row).toMatchObject({ kind: "subscription_charge_paid", organizationId: main.id, partyId: null, grossCents: 5_000 });
  });
});

describe("Repasses às instituições", () => {
  it("lists what is due by settlement date, what comes later, and the deadline in business days", async () => {
    const { main, org, admin } = await setup();
    // Paid Sunday 2026-03-15 → settles Friday 2026-04-17 → due by Thursday 23 (Tiradentes on Tuesday 21).
    await directGift(org.id, 10_000, "2026-03-15T15:00:00Z");
    await directGift(org.id, 5_000, "2026-03-20T15:00:00Z"); // settles 2026-04-22
    await directGift(main.id, 2_000, "2026-03-16T02:00:00Z"); // still the 15th in São Paulo

    const before = (await view(admin.cookie, at("2026-04-16"))).institutions.find((i) => i.id === org.id)!;
    expect(before.dueNow.netCents).toBe(0);
    expect(before.upcoming).toEqual([
      expect.objectContaining({ date: "2026-04-17", netCents: 9_000 }),
      expect.objectContaining({ date: "2026-04-22", netCents: 4_500 }),
    ]);

    const onTheDay = await view(admin.cookie, at("2026-04-17"));
    const prato = onTheDay.institutions.find((i) => i.id === org.id)!;
    expect(prato.dueNow).toMatchObject({
      netCents: 9_000,
      grossCents: 10_000,
      feeCents: 1_000,
      firstDue: "2026-04-17",
      deadline: "2026-04-23",
    });
    expect(prato.overdue).toBe(false);
    expect(onTheDay.institutions.find((i) => i.id === main.id)!.dueNow.netCents).toBe(1_800);
    expect(onTheDay.dueCount).toBe(2);

    expect((await view(admin.cookie, at("2026-04-23"))).institutions.find((i) => i.id === org.id)!.overdue).toBe(false);
    expect((await view(admin.cookie, at("2026-04-24"))).institutions.find((i) => i.id === org.id)!.overdue).toBe(true);
  });

  it("records the transfer: ledger row, items, proof file, e-mail, audit; a repeated submit changes nothing", async () => {
    const { org, admin } = await setup();
    await directGift(org.id, 10_000, "2026-03-15T15:00:00Z");
    const later = await directGift(org.id, 5_000, "2026-03-20T15:00:00Z");
    const deps = at("2026-04-20");
    const prato = (await view(admin.cookie, deps)).institutions.find((i) => i.id === org.id)!;
    const fields = {
      organizationId: org.id,
      batch: `${prato.options[0]!.cutoff}:${prato.options[0]!.netCents}`,
      idempotencyKey: prato.idempotencyKey,
      proofFile: tinyPng("pix-prato.png"),
    };

    const done = await post(admin.cookie, fields, deps);
    expect(done.status).toBe(200);
    expect(done.body.ok).toBe(true);

    const [payout] = await db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, org.id));
    expect(payout).toMatchObject({
      partyId: null,
      status: "transferido",
      grossCents: 10_000,
      feeCents: 1_000,
      netCents: 9_000,
      periodEnd: "2026-04-20",
      settlementDate: "2026-04-17",
      transferDeadline: "2026-04-23",
      proofFileName: "pix-prato.png",
    });
    expect((await readAll((await getStorage().get(payout!.proofKey!))!))[0]).toBe(0x89);
    const [row] = await ledgerOf(and(eq(schema.ledgerEntries.payoutId, payout!.id), eq(schema.ledgerEntries.kind, "payout"))!);
    expect(row).toMatchObject({ organizationId: org.id, partyId: null, grossCents: -10_000, feeCents: -1_000, netCents: -9_000 });
    const items = await db.select().from(schema.payoutItems).where(eq(schema.payoutItems.payoutId, payout!.id));
    expect(items).toHaveLength(1);

    const [mail] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, "repasses@pratocheio.org.br"));
    expect(mail!.subject).toBe("Comprovante de repasse: Prato Cheio");
    expect(mail!.text).toContain(`/repasses/${payout!.id}/comprovante?t=`);
    expect(mail!.text).toContain("Valor líquido transferido: R$ 90,00");
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "payout.institution_transfer"));
    expect(audit).toMatchObject({ entityId: payout!.id, actorUserId: admin.user.id });
    expect(audit!.details).toMatchObject({ organizationId: org.id, netCents: 9_000, earlyReason: null, proofFileName: "pix-prato.png" });

    // The same form again (a double click, a resubmitted page): refused, nothing written twice.
    const again = await post(admin.cookie, { ...fields, proofFile: tinyPng() }, deps);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Este repasse já foi marcado como transferido.");
    expect(await db.select().from(schema.payouts)).toHaveLength(1);
    expect(await ledgerOf(eq(schema.ledgerEntries.kind, "payout"))).toHaveLength(1);

    // What is left: the later gift, upcoming; the transfer is listed with its proof.
    const after = (await view(admin.cookie, deps)).institutions.find((i) => i.id === org.id)!;
    expect(after.dueNow.netCents).toBe(0);
    expect(after.upcoming).toEqual([expect.objectContaining({ date: "2026-04-22", netCents: 4_500 })]);
    expect(after.transfers).toEqual([
      expect.objectContaining({ id: payout!.id, netCents: 9_000, proofHref: `/repasses/${payout!.id}/comprovante` }),
    ]);
    expect(later).toBeTruthy();
    expect((await reconcile({ providers: [sandbox], range: allTime })).ok).toBe(true);
    // The monthly report (and its PDF) lists it: no party, the institution, what was transferred.
    expect(await payoutsBetween(allTime)).toEqual([
      expect.objectContaining({ partyName: null, organizationName: "Prato Cheio", grossCents: 10_000, netCents: 9_000 }),
    ]);
    expect((await payoutTotals()).netCents).toBe(9_000);
  });

  it("refuses a stale amount, and an early transfer without a reason; keeps the reason in the audit log", async () => {
    const { org, admin } = await setup();
    await directGift(org.id, 10_000, "2026-03-15T15:00:00Z");
    await directGift(org.id, 5_000, "2026-03-20T15:00:00Z"); // settles 2026-04-22
    const deps = at("2026-04-20");
    const prato = (await view(admin.cookie, deps)).institutions.find((i) => i.id === org.id)!;
    const early = prato.options.find((o) => o.cutoff === "2026-04-22")!;
    expect(early.netCents).toBe(13_500);
    const base = { organizationId: org.id, idempotencyKey: prato.idempotencyKey, proofUrl: "https://banco.example/comprovante/7" };

    const stale = await post(admin.cookie, { ...base, batch: "2026-04-20:8000" }, deps);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain("agora são R$ 90,00");

    const noReason = await post(admin.cookie, { ...base, batch: `2026-04-22:${early.netCents}` }, deps);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.earlyReason).toContain("só liquida as doações em 22/04/2026");
    expect(await db.select().from(schema.payouts)).toHaveLength(0);

    const reason = "ONG precisa pagar a cozinha antes do feriado";
    const done = await post(admin.cookie, { ...base, batch: `2026-04-22:${early.netCents}`, earlyReason: reason }, deps);
    expect(done.status).toBe(200);
    const [payout] = await db.select().from(schema.payouts);
    expect(payout).toMatchObject({ netCents: 13_500, proofUrl: "https://banco.example/comprovante/7", periodEnd: "2026-04-22" });
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "payout.institution_transfer"));
    expect(audit!.details).toMatchObject({ earlyReason: reason, settlementDate: "2026-04-22" });
  });

  it("a refund after the payout makes the balance negative: the dashboard says so, reconcile notes it, the next transfer nets it", async () => {
    const { org, admin } = await setup();
    const gift = await directGift(org.id, 10_000, "2026-03-15T15:00:00Z");
    const deps = at("2026-04-20");
    const prato = (await view(admin.cookie, deps)).institutions.find((i) => i.id === org.id)!;
    const fields = {
      organizationId: org.id,
      batch: "2026-04-20:9000",
      idempotencyKey: prato.idempotencyKey,
      proofUrl: "https://b.example/1",
    };
    expect((await post(admin.cookie, fields, deps)).status).toBe(200);

    await processPaymentEvent(donationEvent(gift, "refunded", { occurredAt: new Date("2026-04-21T15:00:00Z") }), testDeps());
    const balance = (await institutionBalances()).find((b) => b.organizationId === org.id)!;
    expect(balance).toMatchObject({ balanceCents: -9_000, payoutNetCents: -9_000, takenBackNetCents: -9_000 });
    const dashboard = (await loader(routeArgs(adminGet("/admin", admin.cookie)))) as {
      data: { balances: Array<{ organizationId: string; balanceCents: number }> };
    };
    expect(dashboard.data.balances[0]).toMatchObject({ organizationId: org.id, balanceCents: -9_000 }); // negative first

    const result = await reconcile({ providers: [sandbox], range: allTime });
    expect(result.ok).toBe(true);
    expect(result.notices.map((n) => n.pt)).toContain(
      "Instituição Prato Cheio tem saldo negativo (-R$ 90,00): um reembolso ou contestação chegou depois do repasse.",
    );

    const next = at("2026-04-22");
    const negative = (await view(admin.cookie, next)).institutions.find((i) => i.id === org.id)!;
    expect(negative.dueNow.netCents).toBe(-9_000);
    expect(negative.options).toEqual([]);
    await directGift(org.id, 20_000, "2026-03-25T15:00:00Z"); // settles 2026-04-27
    const netted = (await view(admin.cookie, at("2026-04-27"))).institutions.find((i) => i.id === org.id)!;
    expect(netted.dueNow.netCents).toBe(18_000 - 9_000);
  });

  it("reconcile passes on the demo data with an institution payout, and flags one altered by hand", async () => {
    await seedDemoData({ withUsers: true });
    const admin = await createTestUser({ admin: true });
    const [main] = await db.select().from(schema.organizations).where(eq(schema.organizations.isMain, true));
    // The demo's Assine o Bem charges go to the main charity; those paid 40 days ago have settled.
    const charges = await db.select().from(schema.subscriptionCharges);
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.every((c) => c.organizationId === main!.id)).toBe(true);
    const aadora = (await view(admin.cookie)).institutions.find((i) => i.id === main!.id)!;
    expect(aadora.dueNow.netCents).toBe(10_800); // R$ 50 + R$ 70, less 10%
    const fields = {
      organizationId: main!.id,
      batch: `${aadora.options[0]!.cutoff}:${aadora.options[0]!.netCents}`,
      idempotencyKey: aadora.idempotencyKey,
      proofFile: tinyPng(),
    };
    expect((await post(admin.cookie, fields)).status).toBe(200);
    expect(await reconcile({ providers: [sandbox], range: allTime })).toMatchObject({ ok: true, discrepancies: [] });

    await db.execute(
      sql`update payouts set net_cents = net_cents + 100, gross_cents = gross_cents + 100 where organization_id = ${main!.id}`,
    );
    const result = await reconcile({ providers: [sandbox], range: allTime });
    expect(result.ok).toBe(false);
    const printed = result.discrepancies.map((d) => d.pt);
    expect(printed).toContain(
      `Repasse à instituição "${main!.name}": registrado R$ 121,00 bruto / R$ 109,00 líquido, livro-caixa R$ 120,00 / R$ 108,00.`,
    );
    expect(printed).toContain(
      `Repasse à instituição "${main!.name}": registrado R$ 121,00 bruto / R$ 109,00 líquido, mas seus itens somam R$ 120,00 / R$ 108,00.`,
    );
    expect(result.discrepancies.some((d) => d.check === "institution")).toBe(true);
  });

  it("answers 404 for an institution that does not exist", async () => {
    const { admin } = await setup();
    const r = await post(admin.cookie, {
      organizationId: randomUUID(),
      batch: "2026-04-20:9000",
      idempotencyKey: randomUUID(),
      proofUrl: "https://b.example/1",
    });
    expect(r.status).toBe(404);
  });
});
