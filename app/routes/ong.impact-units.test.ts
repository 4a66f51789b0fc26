/**
 * Impact units an institution proposes from its dashboard (decision 191): a proposal reaches /doar's
 * impact panel and the certificates only after an admin approves it; a change replaces the unit's
 * words and cost; a refusal needs a reason (the form and the database); a team proposes only for its
 * own institution and only for its own units.
 */
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { outcome } from "@tests/admin";
import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution, insertPaidGift, insertParty, insertUser } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refuseImpactUnitProposalSchema } from "~/domain/impact/impact-forms";
import { partyCertificateForOwner } from "~/domain/impact/certificates.server";
import { reviewImpactUnitProposal } from "~/domain/impact/impact-unit-proposals.server";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { loader as doarLoader } from "./doar";
import { action as dashboardAction, loader as dashboardLoader } from "./ong.$slug.painel";

const ctx = testContext();

/** An institution with a team member and an ended party (for its certificate). */
async function institution(name: string) {
  const cause = await insertCause({ name: `Causa ${name}` });
  const org = await insertInstitution(cause.id, { name, verifiedAt: new Date("2026-01-10T12:00:00Z") });
  const member = await createTestUser({ name: `Equipe ${name}` });
  await db.insert(schema.institutionMembers).values({ organizationId: org.id, userId: member.user.id, role: "member" });
  const host = await insertUser(`Anfitriã ${name}`);
  const party = await insertParty({
    userId: host.id,
    causeId: cause.id,
    organizationId: org.id,
    name: `Festa ${name}`,
    eventDate: addCalendarDays(todayInSaoPaulo(), -10),
  });
  return { org, member, host, party };
}

function propose(slug: string, cookie: string | undefined, fields: Record<string, string>) {
  const body = new FormData();
  body.set("intent", "propor-unidade");
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return outcome(() =>
    dashboardAction({
      request: authedRequest(`/ong/${slug}/painel`, { method: "POST", body, cookie }),
      params: { slug },
      context: ctx,
    } as never),
  );
}

/** /doar's impact panel line for R$ 100 (a direct gift to the institution). */
async function doarImpact(slug: string) {
  const request = new Request(`http://localhost:3000/doar?ong=${slug}`);
  const result = (await doarLoader({ request, params: {}, context: testContext() } as never)) as unknown as {
    target: { impact: Record<number, string> | null };
  };
  return result.target.impact?.[100] ?? null;
}

const proposals = (organizationId: string) =>
  db.select().from(schema.impactUnitProposals).where(eq(schema.impactUnitProposals.organizationId, organizationId));

describe("impact units proposed by the institution", () => {
  it("a proposal is invisible to /doar's panel and certificates until an admin approves it; a change replaces the unit", async () => {
    const { org, member, host, party } = await institution("Casa Cesta");
    await insertPaidGift(party.id, { amountCents: 10_000, feePercent: 10 });
    const admin = await createTestUser({ admin: true });

    const posted = await propose(org.slug, member.cookie, {
      unitId: "",
      singular: "cesta básica",
      plural: "cestas básicas",
      cost: "45,00",
    });
    expect(posted).toMatchObject({ status: 302, location: `/ong/${org.slug}/painel#unidades` });
    expect(await doarImpact(org.slug)).not.toMatch(/cesta/);
    expect((await partyCertificateForOwner(party.id, host.id))!.impactLine).toBeNull();
    const dashboard = (
      await outcome(() =>
        dashboardLoader({
          request: authedRequest(`/ong/${org.slug}/painel`, { cookie: member.cookie }),
          params: { slug: org.slug },
          context: ctx,
        } as never),
      )
    ).body as { units: unknown[]; unitProposals: { status: string; singular: string }[] };
    expect(dashboard.units).toEqual([]);
    expect(dashboard.unitProposals).toMatchObject([{ status: "pendente", singular: "cesta básica" }]);

    const [pending] = await proposals(org.id);
    const approved = await reviewImpactUnitProposal(db, { id: pending!.id, approve: true, reviewerId: admin.user.id, note: null });
    expect(approved).not.toBeNull();
    expect(await doarImpact(org.slug)).toBe("Paga 2 cestas básicas (R$ 45,00 cada).");
    // R$ 100,00 raised, R$ 90,00 reach the institution: 2 baskets.
    expect((await partyCertificateForOwner(party.id, host.id))!.impactLine).toBe(
      "Os R$ 90,00 que chegam à instituição equivalem a 2 cestas básicas (R$ 45,00 cada).",
    );
    // A second review changes nothing.
    expect(
      await reviewImpactUnitProposal(db, { id: pending!.id, approve: false, reviewerId: admin.user.id, note: "Tarde demais." }),
    ).toBeNull();

    // A change of that unit: the old words and cost stay public until it is approved.
    const unitId = approved!.unitId!;
    await propose(org.slug, member.cookie, { unitId, singular: "cesta básica", plural: "cestas básicas", cost: "100,00" });
    expect(await doarImpact(org.slug)).toBe("Paga 2 cestas básicas (R$ 45,00 cada).");
    const change = (await proposals(org.id)).find((p) => p.status === "pendente")!;
    expect(change.unitId).toBe(unitId);
    await reviewImpactUnitProposal(db, { id: change.id, approve: true, reviewerId: admin.user.id, note: null });
    expect(await doarImpact(org.slug)).toBe("Paga 1 cesta básica (R$ 100,00 cada).");
    expect(await db.$count(schema.impactUnits, eq(schema.impactUnits.organizationId, org.id))).toBe(1);
  });

  it("a member of another institution, an admin or a visitor cannot propose for this one; nor change another institution's unit", async () => {
    const a = await institution("Casa A");
    const b = await institution("Casa B");
    const admin = await createTestUser({ admin: true });
    const unit = { singular: "consulta", plural: "consultas", cost: "80" };
    expect((await propose(b.org.slug, a.member.cookie, unit)).status).toBe(404);
    expect((await propose(b.org.slug, admin.cookie, unit)).status).toBe(404);
    expect((await propose(b.org.slug, undefined, unit)).status).toBe(302);
    expect(await db.$count(schema.impactUnitProposals)).toBe(0);

    // A's team names B's unit through A's own URL: refused on the field, nothing stored.
    const [unitOfB] = await db
      .insert(schema.impactUnits)
      .values({ organizationId: b.org.id, singular: "consulta", plural: "consultas", costCents: 8_000 })
      .returning();
    const forged = await propose(a.org.slug, a.member.cookie, { ...unit, unitId: unitOfB!.id });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain("Escolha uma unidade da lista.");
    expect(await db.$count(schema.impactUnitProposals)).toBe(0);
  });

  it("the admin form's rules: keeps what was typed with pt-BR errors; a refusal needs a reason, in the form and in the database", async () => {
    const { org, member } = await institution("Casa Regras");
    const bad = await propose(org.slug, member.cookie, { singular: "livro", plural: "", cost: "-3" });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain("Informe a unidade no plural (ex.: consultas).");
    expect(text).toContain("Informe o custo em reais (ex.: 80 ou 80,50).");
    expect(text).toContain("livro");
    expect(await db.$count(schema.impactUnitProposals)).toBe(0);

    expect(refuseImpactUnitProposalSchema.safeParse({ id: crypto.randomUUID(), reason: "" }).success).toBe(false);
    await propose(org.slug, member.cookie, { singular: "livro", plural: "livros", cost: "30" });
    const [pending] = await proposals(org.id);
    const admin = await createTestUser({ admin: true });
    await expect(
      db
        .update(schema.impactUnitProposals)
        .set({ status: "recusada", reviewedAt: new Date(), reviewedBy: admin.user.id, reviewNote: "  " })
        .where(eq(schema.impactUnitProposals.id, pending!.id)),
    ).rejects.toThrow();
    await reviewImpactUnitProposal(db, {
      id: pending!.id,
      approve: false,
      reviewerId: admin.user.id,
      note: "Informe o custo de um kit completo.",
    });
    const dashboard = (
      await outcome(() =>
        dashboardLoader({
          request: authedRequest(`/ong/${org.slug}/painel`, { cookie: member.cookie }),
          params: { slug: org.slug },
          context: ctx,
        } as never),
      )
    ).body as { units: unknown[]; unitProposals: { status: string; reviewNote: string }[] };
    expect(dashboard.units).toEqual([]);
    expect(dashboard.unitProposals).toMatchObject([{ status: "recusada", reviewNote: "Informe o custo de um kit completo." }]);
  });
});
