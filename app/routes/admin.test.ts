import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, adminPost, outcome, routeArgs, snapshotDatabase } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { fieldErrors } from "@tests/forms";
import { insertPaidGift, insertParty } from "@tests/parties";
import { donationEvent, insertPendingGift } from "@tests/donations";
import { testDeps } from "@tests/context";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { listActiveCauses } from "~/domain/organizations/causes.server";
import { partyVisibility } from "~/domain/parties";
import { fixedClock } from "~/platform/clock";
import { seedDemoData } from "~/seed/seed.server";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";
import { loader as csvLoader } from "./admin.doacoes[.]csv";

type Body = {
  intent: string;
  ok: boolean;
  result?: FormResult;
  errors?: Record<string, string>;
  message?: string;
  confirm?: { prompt: string };
};

async function post(cookie: string, fields: Record<string, string | string[]>) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, fields))));
  const body = r.body as Body;
  // A refused form answers Conform's reply; its first message per field is read from there.
  return { ...r, body: body?.result ? { ...body, errors: fieldErrors(body.result) } : body };
}

/** `aba=festas&q=x` (the tab and its parameters) as the tab's address: /admin/festas?q=x. */
function adminUrl(query: string) {
  const params = new URLSearchParams(query);
  const tab = params.get("aba") ?? "dashboard";
  params.delete("aba");
  const path = tab === "dashboard" ? "/admin" : `/admin/${tab}`;
  return params.size ? `${path}?${params}` : path;
}

async function tab<T>(cookie: string, query: string): Promise<T> {
  const result = (await loader(routeArgs(adminGet(adminUrl(query), cookie)))) as unknown as { data: T };
  return result.data;
}

describe("Dashboard", () => {
  it("counts paid one-off gifts, parties and real active subscriptions; progress is capped at 100%", async () => {
    const fx = await adminFixture();
    const { cookie, user } = await createTestUser({ admin: true });
    await insertPaidGift(fx.liveParty.id, { amountCents: 200_000 }); // past the R$ 1.000 goal
    await db.insert(schema.donations).values({ partyId: fx.liveParty.id, amountCents: 9_999, status: "pendente", provider: "sandbox" });
    const sub = { plan: "prata" as const, provider: "sandbox", providerCustomerId: "cus_1", lastEventAt: new Date(), userId: user.id };
    await db.insert(schema.subscriptions).values([
      { ...sub, status: "active", providerSubscriptionId: "sub_1" },
      { ...sub, status: "canceled", providerSubscriptionId: "sub_2" },
    ]);
    const data = await tab<{ stats: Record<string, number>; parties: Array<{ id: string; progress: number }>; latest: unknown[] }>(
      cookie,
      "aba=dashboard",
    );
    // "Campanhas ativas" counts what the list shows: the live party, not the ended one.
    expect(data.stats).toMatchObject({
      totalRaisedCents: 12_345 + 10_001 + 200_000,
      paidDonations: 3,
      activeParties: 1,
      activeSubscribers: 1,
    });
    // Only the live party is listed; the ended one is a payout now.
    expect(data.parties.map((p) => p.id)).toEqual([fx.liveParty.id]);
    expect(data.stats.activeParties).toBe(data.parties.length);
    expect(data.parties[0]!.progress).toBe(100);
    expect(data.latest).toHaveLength(3);
  });

  it("on the demo data, 'Campanhas ativas' equals the listed parties (inactive and ended ones left out of both)", async () => {
    await seedDemoData(); // the demo parties belong to the demo users
    const { cookie } = await createTestUser({ admin: true });
    const all = await db.select({ id: schema.parties.id }).from(schema.parties);
    const data = await tab<{ stats: Record<string, number>; parties: unknown[] }>(cookie, "aba=dashboard");
    expect(data.parties.length).toBeGreaterThan(0);
    expect(data.parties.length).toBeLessThan(all.length);
    expect(data.stats.activeParties).toBe(data.parties.length);
  });

  it("counts a party on its last day on the air, and not from the next day on (the list and the figure agree)", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const party = await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, name: "Churrasco do bairro", eventDate: "2026-03-15" });
    const onDay = (day: string) => ({ clock: fixedClock(`${day}T15:00:00Z`) });
    // Public until 5 days after the event (2026-03-20), as /festa, /eventos and /doar decide.
    for (const [day, listed] of [
      ["2026-03-15", true],
      ["2026-03-20", true],
      ["2026-03-21", false],
    ] as const) {
      const data = (await loader(routeArgs(adminGet("/admin", cookie), onDay(day)))) as unknown as {
        data: { stats: { activeParties: number }; parties: Array<{ id: string; eventDate: string }> };
      };
      expect(
        data.data.parties.some((p) => p.id === party.id),
        day,
      ).toBe(listed);
      expect(data.data.parties.every((p) => partyVisibility({ active: true, eventDate: p.eventDate }, day) === "live")).toBe(true);
      expect(data.data.stats.activeParties, day).toBe(data.data.parties.length);
    }
  });

  it("updates the families-helped figure with its source and report date, and rejects non-numbers and a future date", async () => {
    const { cookie } = await createTestUser({ admin: true });
    const report = { familiesSource: "o relatório anual da AADORA", familiesReportedOn: "2026-10-31" };
    expect((await post(cookie, { intent: "setFamiliesHelped", familiesHelped: "muitas", ...report })).body.errors?.familiesHelped).toMatch(
      /números inteiros/,
    );
    const future = await post(cookie, { intent: "setFamiliesHelped", familiesHelped: "10", ...report, familiesReportedOn: "2999-01-01" });
    expect(future.body.errors?.familiesReportedOn).toMatch(/futuro/);
    expect((await post(cookie, { intent: "setFamiliesHelped", familiesHelped: "2.847", ...report })).status).toBe(200);
    const [row] = await db.select().from(schema.siteSettings).where(eq(schema.siteSettings.key, "families_helped"));
    expect(row?.value).toEqual({ count: 2847, source: "o relatório anual da AADORA", reportedOn: "2026-10-31" });
  });
});

describe("Causas", () => {
  it("creates a cause with the spec's toast, and requires name and description", async () => {
    const { cookie } = await createTestUser({ admin: true });
    const created = await post(cookie, { intent: "createCause", name: "  Proteção Animal ", description: "Resgate e adoção", icon: "🐾" });
    expect(created.status).toBe(200);
    expect(created.setCookie).toContain("fs_toast");
    expect(await listActiveCauses()).toEqual([expect.objectContaining({ name: "Proteção Animal", icon: "🐾" })]);

    const empty = await post(cookie, { intent: "createCause", name: " ", description: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ name: "Informe o nome da causa.", description: "Informe a descrição da causa." });
  });

  it("refuses a name another cause has (ignoring case, accents and spaces), a short name and an unknown icon, storing nothing", async () => {
    const fx = await adminFixture(); // has "Doenças Raras" and "Meio Ambiente", and the NGO "AADORA"
    const { cookie } = await createTestUser({ admin: true });
    const before = await snapshotDatabase();
    for (const [fields, field, message] of [
      [{ name: "  doencas   RARAS " }, "name", "Já existe uma causa com este nome."],
      [{ name: "Meio Ambiênte" }, "name", "Já existe uma causa com este nome."],
      [{ name: "Zé" }, "name", "O nome da causa precisa ter pelo menos 3 caracteres."],
      [{ name: "Esporte", icon: "heart" }, "icon", "Escolha um ícone da lista."],
      [{ name: "Esporte", icon: "<img src=x>" }, "icon", "Escolha um ícone da lista."],
    ] as const) {
      const refused = await post(cookie, { intent: "createCause", description: "Apoio", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.errors).toEqual({ [field]: message });
      expect(refused.setCookie).toContain("fs_toast");
    }
    expect(await snapshotDatabase()).toEqual(before);
    // Names are unique within a kind: a cause may be named like an institution.
    expect((await post(cookie, { intent: "createCause", name: "Aadorá", description: "Apoio", icon: "🤝" })).status).toBe(200);
    expect(fx.org.name).toBe("AADORA");
  });

  it("deactivates a cause used by parties instead of deleting it, with a clear message", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const result = await post(cookie, { intent: "deleteCause", id: fx.cause.id, confirmed: "sim" });
    expect(result.status).toBe(200);
    expect(result.body.message).toMatch(/usada por 2 festas e 1 ONG, por isso foi desativada em vez de excluída/);
    const [cause] = await db.select().from(schema.causes).where(eq(schema.causes.id, fx.cause.id));
    expect(cause?.active).toBe(false);
    expect((await listActiveCauses()).map((c) => c.id)).not.toContain(fx.cause.id);
  });

  it("deletes an unused cause once; a second delete is a message, not a crash", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    expect((await post(cookie, { intent: "deleteCause", id: fx.unusedCause.id, confirmed: "sim" })).status).toBe(200);
    const again = await post(cookie, { intent: "deleteCause", id: fx.unusedCause.id, confirmed: "sim" });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Esta causa já foi excluída.");
  });

  it("asks on the page before deleting when the browser sent no confirmation (no JavaScript)", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const asked = await post(cookie, { intent: "deleteCause", id: fx.unusedCause.id });
    expect(asked.body.confirm?.prompt).toBe("Tem certeza que deseja excluir esta causa?");
    expect(await db.select().from(schema.causes).where(eq(schema.causes.id, fx.unusedCause.id))).toHaveLength(1);
  });
});

describe("Histórias", () => {
  it("accepts only http(s) image URLs", async () => {
    const { cookie } = await createTestUser({ admin: true });
    for (const imageUrl of ["foto.jpg", "javascript:alert(1)", "ftp://example.com/a.jpg"]) {
      const result = await post(cookie, { intent: "createStory", title: "Título", description: "Descrição", imageUrl });
      expect(result.status).toBe(400);
      expect(result.body.errors?.imageUrl).toBe("A URL da imagem deve começar com http:// ou https://.");
    }
    expect((await post(cookie, { intent: "createStory", title: "Título", description: "Descrição", imageUrl: "" })).status).toBe(200);
    const [story] = await db.select().from(schema.stories);
    expect(story?.imageUrl).toBeNull();
  });

  it("says so when a story was already deleted", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    expect((await post(cookie, { intent: "deleteStory", id: fx.story.id, confirmed: "sim" })).status).toBe(200);
    const again = await post(cookie, { intent: "deleteStory", id: fx.story.id, confirmed: "sim" });
    expect(again.body.message).toBe("Esta história já foi excluída.");
    const toggled = await post(cookie, { intent: "toggleStory", id: fx.story.id, active: "true" });
    expect(toggled.status).toBe(404);
  });
});

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

describe("Equipe", () => {
  it("never revokes yourself, and two admins revoking each other leave exactly one", async () => {
    const a = await createTestUser({ admin: true, name: "Ana" });
    const b = await createTestUser({ admin: true, name: "Bruno" });
    const self = await post(a.cookie, { intent: "revokeAdmin", userId: a.user.id });
    expect(self.status).toBe(409);
    const results = await Promise.all([
      post(a.cookie, { intent: "revokeAdmin", userId: b.user.id }),
      post(b.cookie, { intent: "revokeAdmin", userId: a.user.id }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await db.select().from(schema.userRoles)).toHaveLength(1);
  });

  it("grants by e-mail only to an existing account", async () => {
    const { cookie } = await createTestUser({ admin: true });
    const missing = await post(cookie, { intent: "grantAdmin", email: "ninguem@exemplo.com.br" });
    expect(missing.body.errors?.email).toMatch(/Nenhuma conta com este e-mail/);
    const other = await createTestUser({ email: "Joana@Exemplo.com.br" });
    expect((await post(cookie, { intent: "grantAdmin", email: "joana@exemplo.com.br" })).status).toBe(200);
    expect(await db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, other.user.id))).toHaveLength(1);
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
      "Recibo;Data e hora;Doador;E-mail;Mensagem;Festa;Valor bruto (R$);Taxa do provedor (R$);Taxa da plataforma (R$);Líquido para a instituição (R$);Status",
    );
    expect(lines).toHaveLength(3); // header + the two paid gifts of this party
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""clique"")"`);
    expect(text).toContain('"Carla; Souza"');
    // Gross, the provider's fee (not reported here), the platform's fee and the net, from the paid row.
    expect(text).toContain(";50,00;;5,00;45,00;paga");
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

describe("Anúncios", () => {
  it("refuses a link that leaves the site once a browser reads it (security review finding 8)", async () => {
    const { cookie } = await createTestUser({ admin: true });
    const fields = {
      intent: "createAd",
      title: "Bolo",
      description: "Bolos",
      ctaText: "Ver",
      sponsor: "Doceria",
      placements: "home",
      sortOrder: "0",
    };
    for (const ctaUrl of ["/\\evil.example", "/\\/evil.example", "/.//evil.example"]) {
      const { body } = await post(cookie, { ...fields, ctaUrl });
      expect(body.ok, ctaUrl).toBe(false);
      expect(body.errors?.ctaUrl).toBe("Informe um endereço http(s) ou um caminho do site que comece com /.");
    }
    expect(await db.select().from(schema.sponsorAds)).toHaveLength(0);
    expect((await post(cookie, { ...fields, ctaUrl: "/doar" })).body.ok).toBe(true);
  });
});
