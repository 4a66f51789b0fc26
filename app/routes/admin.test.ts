import { useTestDatabase } from "@tests/database";
useTestDatabase();

import {
  adminFixture,
  adminGet,
  postToAdmin as post,
  readAdminTab as tab,
  adminTabLoader as loader,
  routeArgs,
  snapshotDatabase,
} from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { insertPaidGift, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { listActiveCauses } from "~/domain/organizations/causes.server";
import { partyVisibility } from "~/domain/parties";
import { fixedClock } from "~/platform/clock";
import { seedDemoData } from "~/seed/seed.server";

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
