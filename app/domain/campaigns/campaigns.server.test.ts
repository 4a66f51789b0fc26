import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution, insertPaidGift, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { createParty } from "~/domain/parties/parties.server";
import { PARTY_INSTITUTION_MESSAGES } from "~/domain/parties/party-form";
import { loader as campaignLoader } from "~/routes/campanha.$slug";
import { action as newCampaignAction } from "~/routes/campanhas.nova";
import { loader as createPartyLoader } from "~/routes/criar-festa";
import { createCampaign } from "./campaigns.server";

// Team campaigns (issue 29, item 2; decision 217): created by a signed-in person for an
// institution; parties join from its page for that institution only; the page sums and ranks them.

async function world() {
  const creator = await createTestUser({ name: "Clara Campanha" });
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const otherOrg = await insertInstitution(cause.id);
  return { creator, cause, org, otherOrg };
}

const partyInput = (organizationId: string, campaignId: string | null, name = "Festa do Time") => ({
  name,
  eventType: "Aniversário" as const,
  eventDate: addCalendarDays(todayInSaoPaulo(), 10),
  organizationId,
  goal: 0,
  message: null,
  campaignId,
});

async function page(slug: string) {
  return campaignLoader({
    request: new Request(`http://localhost:3000/campanha/${slug}`),
    params: { slug },
    context: testContext(),
  } as never).catch((r: unknown) => r);
}

describe("team campaigns", () => {
  it("/campanhas/nova creates the campaign for the session's account, audited; an unverified institution is refused", async () => {
    const { creator, org, cause } = await world();
    const form = new URLSearchParams({ name: "Natal da Escola Aurora", organizationId: org.id, description: "Turma toda junta" });
    const done = (await newCampaignAction({
      request: authedRequest("/campanhas/nova", { method: "POST", body: form, cookie: creator.cookie }),
      params: {},
      context: testContext(),
    } as never).catch((r: unknown) => r)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toMatch(/^\/campanha\/natal-da-escola-aurora-[a-z0-9]{4}$/);
    const [row] = await db.select().from(schema.campaigns);
    expect(row).toMatchObject({
      name: "Natal da Escola Aurora",
      organizationId: org.id,
      createdBy: creator.user.id,
      description: "Turma toda junta",
    });
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "campaign.create"));
    expect(audit).toMatchObject({ actorUserId: creator.user.id, entityId: row!.id });

    const pending = await insertInstitution(cause.id, { verifiedAt: null });
    expect(await createCampaign(creator.user.id, { name: "Outra", organizationId: pending.id, description: null })).toEqual({
      ok: false,
      field: "organizationId",
      message: PARTY_INSTITUTION_MESSAGES.unverified,
    });
  });

  it("a party created from the campaign joins it only with the campaign's institution", async () => {
    const { creator, org, otherOrg } = await world();
    const created = await createCampaign(creator.user.id, { name: "Time Azul", organizationId: org.id, description: null });
    if (!created.ok) throw new Error("campaign not created");
    const [campaign] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, created.slug));

    // The form comes prefilled with the campaign's institution.
    const prefill = await createPartyLoader({
      request: authedRequest(`/criar-festa?campanha=${created.slug}`, { cookie: creator.cookie }),
      params: {},
      context: testContext(),
    } as never);
    expect(prefill.campaign).toMatchObject({ id: campaign!.id, organizationId: org.id, name: "Time Azul" });

    const wrong = await createParty(creator.user.id, partyInput(otherOrg.id, campaign!.id));
    expect(wrong).toEqual({ ok: false, field: "organizationId", message: PARTY_INSTITUTION_MESSAGES.campaignInstitution("Time Azul") });
    const missing = await createParty(creator.user.id, partyInput(org.id, "00000000-0000-0000-0000-000000000000"));
    expect(missing).toEqual({ ok: false, field: "organizationId", message: PARTY_INSTITUTION_MESSAGES.campaignMissing });
    expect(await db.$count(schema.parties)).toBe(0);

    const joined = await createParty(creator.user.id, partyInput(org.id, campaign!.id));
    expect(joined.ok && joined.party.campaignId).toBe(campaign!.id);
    const alone = await createParty(creator.user.id, partyInput(otherOrg.id, null));
    expect(alone.ok && alone.party.campaignId).toBeNull();
  });

  it("the public page sums the parties' paid totals and ranks them (ties by name); empty state; unknown slug 404", async () => {
    const { creator, cause, org } = await world();
    const created = await createCampaign(creator.user.id, { name: "Família Souza", organizationId: org.id, description: null });
    if (!created.ok) throw new Error("campaign not created");
    const [campaign] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, created.slug));

    const empty = (await page(created.slug)) as { totalCents: number; parties: unknown[] };
    expect(empty).toMatchObject({ totalCents: 0, parties: [] });

    const base = { userId: creator.user.id, causeId: cause.id, organizationId: org.id, campaignId: campaign!.id };
    const bia = await insertParty({ ...base, name: "Festa da Bia", shareCode: "cbia1" });
    const ana = await insertParty({ ...base, name: "Festa da Ana", shareCode: "cana1" });
    const caio = await insertParty({ ...base, name: "Festa do Caio", shareCode: "ccai1" });
    await insertParty({ ...base, name: "Festa Fechada", shareCode: "cfec1", active: false });
    const outside = await insertParty({
      userId: creator.user.id,
      causeId: cause.id,
      organizationId: org.id,
      name: "Fora",
      shareCode: "cfor1",
    });
    await insertPaidGift(bia.id, { amountCents: 5_000, email: "segredo.bia@exemplo.com.br" });
    await insertPaidGift(ana.id, { amountCents: 3_000 });
    await insertPaidGift(ana.id, { amountCents: 2_000 });
    await insertPaidGift(caio.id, { amountCents: 1_000 });
    await insertPaidGift(outside.id, { amountCents: 99_000 });

    const view = (await page(created.slug)) as {
      totalCents: number;
      parties: { position: number; name: string; raisedCents: number; paidCount: number }[];
    };
    expect(view.totalCents).toBe(11_000);
    expect(view.parties).toEqual([
      { position: 1, name: "Festa da Ana", shareCode: "cana1", raisedCents: 5_000, paidCount: 2 },
      { position: 2, name: "Festa da Bia", shareCode: "cbia1", raisedCents: 5_000, paidCount: 1 },
      { position: 3, name: "Festa do Caio", shareCode: "ccai1", raisedCents: 1_000, paidCount: 1 },
    ]);
    expect(JSON.stringify(view)).not.toContain("segredo.bia");

    const unknown = await page("nao-existe-zz99");
    expect((unknown as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
