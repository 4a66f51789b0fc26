import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { createParty } from "~/domain/parties/parties.server";
import { PARTY_INSTITUTION_MESSAGES } from "~/domain/parties/party-form";
import { action as editAction, loader as editLoader } from "~/routes/campanha.$slug.editar";
import { loader as campaignLoader } from "~/routes/campanha.$slug";
import { loader as createPartyLoader } from "~/routes/criar-festa";
import { createCampaign, findCampaignBySlug } from "./campaigns.server";
import { listCampaignsForAdmin, setCampaignHiddenAsAdmin, setOwnCampaignClosed, updateOwnCampaign } from "./campaign-manage.server";

// Decision 222: the creator edits, closes and reopens a campaign; an admin hides it with a reason.

async function world() {
  const creator = await createTestUser({ name: "Clara Campanha" });
  const other = await createTestUser({ name: "Otávio Outro" });
  const admin = await createTestUser({ name: "Ana Admin", admin: true });
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const created = await createCampaign(creator.user.id, { name: "Natal da Escola", organizationId: org.id, description: null });
  if (!created.ok) throw new Error("campaign not created");
  const [campaign] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, created.slug));
  return { creator, other, admin, org, campaign: campaign! };
}

const partyInput = (organizationId: string, campaignId: string) => ({
  name: "Festa do Time",
  eventType: "Aniversário" as const,
  eventDate: addCalendarDays(todayInSaoPaulo(), 10),
  organizationId,
  goal: 0,
  message: null,
  campaignId,
});

/** A loader's or action's answer's status: a Response, or a thrown/returned `data(…, { status })`. */
const statusOf = (r: unknown) => (r instanceof Response ? r.status : (r as { init?: { status?: number } | null }).init?.status);

const deps = () => ({ mailer: outboxMailer, publicUrl: "http://localhost:3000", now: new Date() });

async function callEdit(slug: string, cookie: string, form?: Record<string, string>) {
  const args = {
    request: authedRequest(`/campanha/${slug}/editar`, form ? { method: "POST", body: new URLSearchParams(form), cookie } : { cookie }),
    params: { slug },
    context: testContext(),
  } as never;
  return (form ? editAction(args) : editLoader(args)).catch((r: unknown) => r);
}

describe("a campaign after it is created", () => {
  it("its creator renames it and edits the description (audited, the link unchanged); nobody else can, not even an admin", async () => {
    const { creator, other, admin, campaign } = await world();
    const saved = (await callEdit(campaign.slug, creator.cookie, {
      intent: "salvar",
      name: "Natal da Escola Aurora",
      description: "Todo o 5º ano",
    })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/campanha/${campaign.slug}`);
    expect(await findCampaignBySlug(campaign.slug)).toMatchObject({ name: "Natal da Escola Aurora", description: "Todo o 5º ano" });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "campaign.update"));
    expect(audit[0]!.details).toMatchObject({ before: { name: "Natal da Escola" }, after: { name: "Natal da Escola Aurora" } });

    for (const cookie of [other.cookie, admin.cookie]) {
      expect(statusOf(await callEdit(campaign.slug, cookie))).toBe(404);
      expect(statusOf(await callEdit(campaign.slug, cookie, { intent: "salvar", name: "Tomada" }))).toBe(404);
    }
    expect((await findCampaignBySlug(campaign.slug))!.name).toBe("Natal da Escola Aurora");
    // Too short: refused with the field's message, nothing changed.
    expect(statusOf(await callEdit(campaign.slug, creator.cookie, { intent: "salvar", name: "ab" }))).toBe(400);
    expect((await findCampaignBySlug(campaign.slug))!.name).toBe("Natal da Escola Aurora");
  });

  it("closed: the page stays, says so, offers no new party, and a party cannot join it; reopened, it can", async () => {
    const { creator, other, org, campaign } = await world();
    expect(await setOwnCampaignClosed(other.user.id, campaign.id, true)).toEqual({ ok: false, reason: "missing" });
    const closed = (await callEdit(campaign.slug, creator.cookie, { intent: "encerrar" })) as Response;
    expect(closed.status).toBe(302);
    const page = (await campaignLoader({
      request: authedRequest(`/campanha/${campaign.slug}`, { cookie: creator.cookie }),
      params: { slug: campaign.slug },
      context: testContext(),
    } as never)) as { campaign: { closedAt: string | null }; isCreator: boolean };
    expect(page.campaign.closedAt).not.toBeNull();
    expect(page.isCreator).toBe(true);

    const refused = await createParty(other.user.id, partyInput(org.id, campaign.id));
    expect(refused).toEqual({ ok: false, field: "organizationId", message: PARTY_INSTITUTION_MESSAGES.campaignClosed("Natal da Escola") });
    const form = (await createPartyLoader({
      request: authedRequest(`/criar-festa?campanha=${campaign.slug}`, { cookie: other.cookie }),
      params: {},
      context: testContext(),
    } as never)) as { campaign: unknown; closedCampaignName: string | null };
    expect(form).toMatchObject({ campaign: null, closedCampaignName: "Natal da Escola" });

    await callEdit(campaign.slug, creator.cookie, { intent: "reabrir" });
    expect(await createParty(other.user.id, partyInput(org.id, campaign.id))).toMatchObject({ ok: true });
  });

  it("an admin hides it with a reason: the public page is gone, its creator is e-mailed and cannot edit; shown again, it is back", async () => {
    const { creator, admin, campaign } = await world();
    await expect(db.update(schema.campaigns).set({ hiddenAt: new Date() }).where(eq(schema.campaigns.id, campaign.id))).rejects.toThrow(); // the table's check: hidden always says why
    const reason = "Nome ofensivo para a instituição.";
    expect(await setCampaignHiddenAsAdmin(admin.user.id, { campaignId: campaign.id, hidden: "1", reason }, deps())).toMatchObject({
      ok: true,
    });
    // Hiding twice does nothing more (one e-mail).
    expect(await setCampaignHiddenAsAdmin(admin.user.id, { campaignId: campaign.id, hidden: "1", reason }, deps())).toEqual({ ok: false });
    expect(await findCampaignBySlug(campaign.slug)).toBeNull();
    const mail = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, creator.user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("ocultada");
    expect(mail[0]!.text).toContain(reason);

    const edit = (await callEdit(campaign.slug, creator.cookie)) as { campaign: { hiddenReason: string | null } };
    expect(edit.campaign.hiddenReason).toBe(reason);
    expect(await updateOwnCampaign(creator.user.id, campaign.id, { name: "Outro nome", description: null })).toEqual({
      ok: false,
      reason: "hidden",
    });
    expect((await listCampaignsForAdmin())[0]).toMatchObject({ hiddenReason: reason, partyCount: 0, raisedCents: 0 });

    expect(await setCampaignHiddenAsAdmin(admin.user.id, { campaignId: campaign.id, hidden: "0", reason: null }, deps())).toMatchObject({
      ok: true,
    });
    expect(await findCampaignBySlug(campaign.slug)).not.toBeNull();
    const actions = (await db.select({ action: schema.auditLog.action }).from(schema.auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["campaign.hide", "campaign.show"]));
  });
});
