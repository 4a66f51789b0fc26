/**
 * The admin's Festas and Doações tabs (edits, search, the CSV export, each gift's money); the other
 * tabs' behaviour is in admin.test.ts, who may do what in admin.authz.test.ts.
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, postToAdmin as post, readAdminTab as tab, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { insertPaidGift, insertParty } from "@tests/parties";
import { donationEvent, insertPendingGift } from "@tests/donations";
import { testDeps } from "@tests/context";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { loader as csvLoader } from "./admin.doacoes[.]csv";

describe("Festas", () => {
  it("edits a party and records before/after in the audit log", async () => {
    const fx = await adminFixture();
    const { cookie, user } = await createTestUser({ admin: true });
    const bad = await post(cookie, {
      intent: "updateParty",
      id: fx.liveParty.id,
      name: "X",
      eventType: "Churrasco",
      eventDate: "2026-02-30",
      goal: "-5",
      causeId: fx.cause.id,
    });
    expect(bad.body.errors).toMatchObject({
      eventType: "Escolha o tipo de evento.",
      eventDate: "Informe uma data válida.",
      goal: "A meta não pode ser negativa.",
    });
    const tiny = await post(cookie, {
      intent: "updateParty",
      id: fx.liveParty.id,
      name: "Festa da Ana",
      eventType: "Aniversário",
      eventDate: "2030-01-15",
      goal: "0,01",
      causeId: fx.cause.id,
    });
    expect(tiny.body.errors).toMatchObject({ goal: "A meta precisa ser de pelo menos R$ 50,00." });
    const ok = await post(cookie, {
      intent: "updateParty",
      id: fx.liveParty.id,
      name: "Festa da Ana",
      eventType: "Aniversário de Empresa",
      eventDate: "2030-01-15",
      goal: "1.500,50",
      message: "",
      // Not a field any more (decision 165): the cause is the institution's, whatever is posted.
      causeId: fx.unusedCause.id,
    });
    expect(ok.status).toBe(200);
    const [party] = await db.select().from(schema.parties).where(eq(schema.parties.id, fx.liveParty.id));
    expect(party).toMatchObject({
      name: "Festa da Ana",
      eventType: "Aniversário de Empresa",
      eventDate: "2030-01-15",
      goalCents: 150_050,
      message: null,
      causeId: fx.cause.id,
    });
    const [entry] = await db.select().from(schema.auditLog);
    expect(entry).toMatchObject({ actorUserId: user.id, action: "party.update", entityId: fx.liveParty.id });
    expect(entry?.details).toMatchObject({
      before: { name: "Aniversário da Ana", eventType: "Aniversário" },
      after: { name: "Festa da Ana", eventType: "Aniversário de Empresa" },
    });
  });

  it("the edit form starts with every field the creator set, the event type included", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const data = await tab<{ editing: Record<string, unknown> }>(cookie, `aba=festas&editar=${fx.endedParty.id}`);
    // /criar-festa's fields: name, event type, date, goal and message; the institution and its cause, shown.
    expect(data.editing).toMatchObject({
      name: "Casamento de Rafael e Júlia",
      eventType: "Casamento",
      eventDate: fx.endedParty.eventDate,
      organizationId: fx.org.id,
      organizationName: "AADORA",
      causeName: "Doenças Raras",
      goalCents: fx.endedParty.goalCents,
      message: fx.endedParty.message,
    });
  });

  it("finds parties by name, case-insensitively, treating % as a literal", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, name: "100% Solidária" });
    const byName = await tab<{ rows: Array<{ name: string }> }>(cookie, "aba=festas&q=casamento");
    expect(byName.rows.map((r) => r.name)).toEqual(["Casamento de Rafael e Júlia"]);
    const literal = await tab<{ rows: Array<{ name: string }> }>(cookie, `aba=festas&q=${encodeURIComponent("0%")}`);
    expect(literal.rows.map((r) => r.name)).toEqual(["100% Solidária"]);
  });
});

describe("CSV export", () => {
  it("keeps a formula-looking message as text and honours the filters", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    await insertPaidGift(fx.liveParty.id, {
      amountCents: 5_000,
      name: "Carla; Souza",
      message: '=HYPERLINK("http://evil.example","clique")',
    });
    await db
      .insert(schema.donations)
      .values({ partyId: fx.liveParty.id, amountCents: 777, status: "pendente", provider: "sandbox", donorName: "Pendente" });
    const response = (await csvLoader(routeArgs(adminGet(`/admin/doacoes.csv?status=paga&festa=${fx.liveParty.id}`, cookie)))) as Response;
    const text = await response.text();
    const lines = text
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Recibo;Data e hora;Doador;E-mail;Mensagem;Festa;Valor bruto (R$);Taxa coberta pelo doador (R$);Taxa do provedor (R$);Taxa da plataforma (R$);Líquido para a instituição (R$);Status",
    );
    expect(lines).toHaveLength(3); // header + the two paid gifts of this party
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""clique"")"`);
    expect(text).toContain('"Carla; Souza"');
    // Gross, the fee the donor covered (none), the provider's fee (not reported here), the platform's fee and the net, from the paid row.
    expect(text).toContain(";50,00;0,00;;5,00;45,00;paga");
    expect(text).not.toContain("Pendente");
    expect(text).not.toContain("Doação Anônima"); // the anonymous gift belongs to the other party
  });
});

describe("Doações: the money of each gift", () => {
  it("shows the gross, the provider's fee, the platform's fee and the net of each paid gift, from its ledger row", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const gift = await insertPendingGift(fx.liveParty.id, { amountCents: 10_000 });
    const paid = { ...donationEvent(gift, "paid"), providerFeeCents: 438 };
    await processPaymentEvent(paid, testDeps());
    const pending = await insertPendingGift(fx.liveParty.id, { amountCents: 3_000 });
    const data = await tab<{ rows: Array<Record<string, unknown>> }>(cookie, `aba=doacoes&festa=${fx.liveParty.id}`);
    expect(data.rows.find((r) => r.id === gift.id)).toMatchObject({
      amountCents: 10_000,
      providerFeeCents: 438,
      platformFeeCents: 1_000,
      netCents: 9_000,
    });
    // Not paid: no figures yet.
    expect(data.rows.find((r) => r.id === pending.id)).toMatchObject({ providerFeeCents: null, platformFeeCents: null, netCents: null });
  });
});
