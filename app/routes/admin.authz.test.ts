/**
 * The admin panel's authorization matrix: the panel's frame, every tab route's loader, every intent
 * each tab's action declares (both read from app/routes.ts, so a new tab or intent cannot be
 * forgotten) and the CSV export, for an anonymous visitor, a signed-in user and an admin. Only the
 * admin gets through; the others change nothing at all.
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import {
  type AdminFixture,
  adminFixture,
  adminGet,
  adminPost,
  adminTabRoutes,
  countAudit,
  outcome,
  routeArgs,
  snapshotDatabase,
  tinyPng,
} from "@tests/admin";
import { createTestUser, type TestUser } from "@tests/auth";
import { insertPaidGift } from "@tests/parties";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ADMIN_TAB_IDS } from "~/components/admin/tabs";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { loader as layoutLoader } from "./admin/layout";
import { loader as csvLoader } from "./admin.doacoes[.]csv";

type Fields = Record<string, string | string[] | Blob>;

const TAB_ROUTES = await adminTabRoutes();
/** Every (tab, intent) pair: an intent two tabs share (a refund) is checked on both. */
const TAB_INTENTS = TAB_ROUTES.flatMap((route) => route.module.action.intents.map((intent) => ({ route, intent })));
type AdminIntent = keyof typeof samples;
type Ctx = AdminFixture & {
  plainUser: TestUser;
  otherAdmin: TestUser;
  formKey: string;
  otherOrgId: string;
  recoveryId: string;
  pendingUpdateId: string;
  pendingUnitProposalId: string;
};

/** A valid body per intent: the admin's request must succeed, so the refusals prove something. */
const samples: Record<string, (fx: Ctx) => Fields> = {
  setFamiliesHelped: () => ({ familiesHelped: "3.100", familiesSource: "o relatório da AADORA", familiesReportedOn: "2026-10-31" }),
  createCause: () => ({ name: "Educação Infantil", description: "Reforço escolar", icon: "📚" }),
  toggleCause: (fx) => ({ id: fx.cause.id, active: "false" }),
  deleteCause: (fx) => ({ id: fx.unusedCause.id, confirmed: "sim" }),
  createStory: () => ({
    title: "A formatura que abriu uma biblioteca",
    description: "800 livros",
    imageUrl: "https://example.com/foto.jpg",
  }),
  toggleStory: (fx) => ({ id: fx.story.id, active: "false" }),
  deleteStory: (fx) => ({ id: fx.story.id, confirmed: "sim" }),
  updateParty: (fx) => ({
    id: fx.liveParty.id,
    name: "Aniversário de 8 anos da Ana",
    eventType: "Aniversário",
    eventDate: addCalendarDays(todayInSaoPaulo(), 20),
    goal: "2.500,00",
    message: "Pelos amigos da AADORA",
  }),
  moveParty: (fx) => ({
    id: fx.liveParty.id,
    organizationId: fx.otherOrgId,
    reason: "A família pediu para apoiar outra instituição",
    confirmed: "sim",
  }),
  toggleParty: (fx) => ({ id: fx.liveParty.id, active: "false" }),
  cancelParty: (fx) => ({ partyId: fx.liveParty.id, reason: "Festa cancelada pela família", confirmed: "sim" }),
  refundDonation: (fx) => ({ donationId: fx.liveGift.id, amount: "23,45", reason: "Doação em duplicidade", confirmed: "sim" }),
  createOrganization: (fx) => ({
    name: "Instituto Prato Cheio",
    legalName: "Instituto Prato Cheio",
    cnpj: "21.593.847/0001-05",
    slug: "prato-cheio",
    causeId: fx.cause.id,
    city: "Contagem",
    state: "MG",
    description: "Cozinha comunitária",
    email: "contato@pratocheio.org.br",
  }),
  updateOrganization: (fx) => ({
    id: fx.org.id,
    name: "AADORA BH",
    legalName: "Associação AADORA",
    cnpj: "10485736000150",
    pixKeyType: "email",
    pixKey: "pix@aadora.org.br",
    slug: "aadora",
    causeId: fx.cause.id,
    city: "Belo Horizonte",
    state: "MG",
    description: "Apoio a famílias",
    isMain: "on",
  }),
  toggleOrganization: (fx) => ({ id: fx.org.id, active: "false" }),
  verifyOrganization: (fx) => ({ id: fx.org.id, decision: "verificar", note: "Cartão CNPJ conferido" }),
  reviewApplication: (fx) => ({ id: fx.application.id, decision: "aprovar", note: "Estatuto e ata conferidos", registryChecked: "on" }),
  markMessageAnswered: (fx) => ({ id: fx.message.id, answered: "true" }),
  markPayoutTransferred: (fx) => ({ partyId: fx.endedParty.id, proofUrl: "https://banco.example/comprovante/1", proofFile: tinyPng() }),
  // A direct gift of R$ 100,00 paid 40 days ago (settled): R$ 90,00 net, due today.
  markInstitutionPayoutTransferred: (fx) => ({
    organizationId: fx.org.id,
    batch: `${todayInSaoPaulo()}:9000`,
    idempotencyKey: fx.formKey,
    proofFile: tinyPng(),
  }),
  grantAdmin: (fx) => ({ email: fx.plainUser.user.email }),
  revokeAdmin: (fx) => ({ userId: fx.otherAdmin.user.id }),
  createAd: () => ({
    title: "Convites digitais",
    description: "Convites com o link",
    ctaText: "Criar convite",
    ctaUrl: "https://example.com/convites",
    sponsor: "Convite Fácil",
    placements: ["home", "festa"],
    sortOrder: "2",
  }),
  updateAd: (fx) => ({
    id: fx.ad.id,
    title: "Buffet Alegria",
    description: "15% revertidos",
    ctaText: "Conhecer",
    ctaUrl: "https://example.com/buffet",
    sponsor: "Buffet Alegria",
    placements: "eventos",
    sortOrder: "0",
  }),
  toggleAd: (fx) => ({ id: fx.ad.id, active: "false" }),
  createImpactUnit: (fx) => ({ organizationId: fx.org.id, singular: "sessão de terapia", plural: "sessões de terapia", cost: "120,00" }),
  deleteImpactUnit: (fx) => ({ id: fx.impactUnit.id, confirmed: "sim" }),
  createImpactUpdate: (fx) => ({
    organizationId: fx.org.id,
    month: "2026-03",
    title: "Mutirão de consultas",
    body: "Atendemos 40 famílias.",
  }),
  deleteImpactUpdate: (fx) => ({ id: fx.impactUpdate.id, confirmed: "sim" }),
  approveInstitutionUpdate: (fx) => ({ id: fx.pendingUpdateId }),
  refuseInstitutionUpdate: (fx) => ({ id: fx.pendingUpdateId, reason: "Conte quantas famílias foram atendidas." }),
  approveImpactUnitProposal: (fx) => ({ id: fx.pendingUnitProposalId }),
  refuseImpactUnitProposal: (fx) => ({ id: fx.pendingUnitProposalId, reason: "Informe o custo de uma cesta completa." }),
  runReconcile: () => ({}),
  retryRecovery: (fx) => ({ id: fx.recoveryId }),
};

async function setup(): Promise<{ ctx: Ctx; user: TestUser; admin: TestUser }> {
  const fx = await adminFixture();
  const plainUser = await createTestUser({ name: "Pessoa Comum" });
  const otherAdmin = await createTestUser({ admin: true, name: "Outra Admin" });
  const user = await createTestUser();
  const admin = await createTestUser({ admin: true, name: "Admin" });
  await insertPaidGift(null, { organizationId: fx.org.id, amountCents: 10_000, createdAt: new Date(Date.now() - 40 * 86_400_000) });
  // Verified and active: where moveParty may move a party.
  const [otherOrg] = await db
    .insert(schema.organizations)
    .values({
      name: "Ler e Crescer",
      slug: "ler-e-crescer",
      causeId: fx.cause.id,
      city: "Contagem",
      state: "MG",
      description: "Leitura",
      verifiedAt: new Date(),
    })
    .returning();
  // A sandbox card plan whose month failed yesterday: "Tentar agora" may ask for its first retry.
  const [subscription] = await db
    .insert(schema.subscriptions)
    .values({
      userId: plainUser.user.id,
      plan: "prata",
      status: "past_due",
      provider: "sandbox",
      providerCustomerId: "cus_sbx_authz",
      providerSubscriptionId: "sub_sbx_authz",
      lastEventAt: new Date(),
    })
    .returning();
  const failedAt = new Date(Date.now() - 86_400_000);
  const [recovery] = await db
    .insert(schema.subscriptionRecoveries)
    .values({
      subscriptionId: subscription!.id,
      invoiceId: "in_sbx_authz",
      amountCents: 5000,
      method: "card",
      retriesBy: "ours",
      firstFailedAt: failedAt,
      lastFailureAt: failedAt,
    })
    .returning();
  // Written by the institution's team, waiting for an admin (decision 190).
  const [pending] = await db
    .insert(schema.impactUpdates)
    .values({
      organizationId: fx.org.id,
      month: "2026-03",
      title: "Horta nova",
      body: "Plantamos 30 canteiros.",
      status: "pendente",
      submittedBy: plainUser.user.id,
    })
    .returning();
  // An impact unit the institution's team proposed, waiting for an admin (decision 191).
  const [proposal] = await db
    .insert(schema.impactUnitProposals)
    .values({ organizationId: fx.org.id, singular: "cesta", plural: "cestas", costCents: 5_000, submittedBy: plainUser.user.id })
    .returning();
  return {
    ctx: {
      ...fx,
      plainUser,
      otherAdmin,
      formKey: randomUUID(),
      otherOrgId: otherOrg!.id,
      recoveryId: recovery!.id,
      pendingUpdateId: pending!.id,
      pendingUnitProposalId: proposal!.id,
    },
    user,
    admin,
  };
}

describe("admin authorization matrix", () => {
  it("has one tab route per tab and a sample for every intent the tab routes declare", () => {
    expect(TAB_ROUTES.map((route) => route.path)).toEqual(ADMIN_TAB_IDS.map((tab) => (tab === "dashboard" ? "/admin" : `/admin/${tab}`)));
    expect(Object.keys(samples).sort()).toEqual([...new Set(TAB_INTENTS.map((pair) => pair.intent))].sort());
  });

  it("the panel's frame: anonymous → /auth, user → /, admin → the page; an old ?aba= link moves to the tab", async () => {
    const { user, admin } = await setup();
    const anonymous = await outcome(() => layoutLoader(routeArgs(adminGet("/admin/equipe"))));
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/equipe")}`);
    expect((await outcome(() => layoutLoader(routeArgs(adminGet("/admin?aba=equipe", user.cookie))))).location).toBe("/");
    expect((await outcome(() => layoutLoader(routeArgs(adminGet("/admin", admin.cookie))))).status).toBe(200);
    const moved = await outcome(() => layoutLoader(routeArgs(adminGet("/admin?aba=festas&q=ana", admin.cookie))));
    expect(moved).toMatchObject({ status: 302, location: "/admin/festas?q=ana" });
    expect((await outcome(() => layoutLoader(routeArgs(adminGet("/admin?aba=nada", admin.cookie))))).location).toBe("/admin");
  });

  it.each(TAB_ROUTES.map((route) => [route.path, route] as const))(
    "tab %s: anonymous → /auth, user → / with 'Acesso negado', admin → the tab",
    async (path, route) => {
      const { user, admin } = await setup();
      const before = await snapshotDatabase();

      const anonymous = await outcome(() => route.module.loader(routeArgs(adminGet(path)) as never));
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);

      const denied = await outcome(() => route.module.loader(routeArgs(adminGet(path, user.cookie)) as never));
      expect(denied.status).toBe(302);
      expect(denied.location).toBe("/");
      expect(denied.setCookie).toContain("fs_toast");
      expect(await snapshotDatabase()).toEqual(before);

      const granted = await outcome(() => route.module.loader(routeArgs(adminGet(path, admin.cookie)) as never));
      expect(granted.status).toBe(200);
      expect(granted.body).toEqual(expect.any(Object));
    },
  );

  it.each(TAB_INTENTS.map(({ route, intent }) => [route.path, intent, route] as const))(
    "%s, intent %s: anonymous → /auth, user → 403, nothing changes; admin → done and audited",
    async (path, intent, route) => {
      const { ctx, user, admin } = await setup();
      const fields = { intent, ...samples[intent as AdminIntent]!(ctx) };
      const action = (request: Request) => route.module.action(routeArgs(request) as never);
      const before = await snapshotDatabase();

      const anonymous = await outcome(() => action(adminPost(undefined, fields, path)));
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe("/auth");
      expect(await snapshotDatabase()).toEqual(before);

      const forbidden = await outcome(() => action(adminPost(user.cookie, fields, path)));
      expect(forbidden.status).toBe(403);
      expect(await snapshotDatabase()).toEqual(before);

      const audits = await countAudit();
      const done = await outcome(() => action(adminPost(admin.cookie, fields, path)));
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ intent, ok: true });
      expect(await countAudit()).toBe(audits + 1);
      expect(await snapshotDatabase()).not.toEqual(before);
    },
  );

  it.each(TAB_ROUTES.map((route) => [route.path, route] as const))(
    "%s refuses an intent of another tab or an unknown one, and answers 403 to a user before reading it",
    async (path, route) => {
      const { user, admin } = await setup();
      const action = (request: Request) => route.module.action(routeArgs(request) as never);
      const foreign = TAB_INTENTS.find((pair) => !route.module.action.intents.includes(pair.intent))!.intent;
      const before = await snapshotDatabase();
      expect((await outcome(() => action(adminPost(user.cookie, { intent: "dropEverything" }, path)))).status).toBe(403);
      for (const intent of ["dropEverything", foreign]) {
        const refused = await outcome(() => action(adminPost(admin.cookie, { intent }, path)));
        expect(refused.status).toBe(400);
      }
      expect(await snapshotDatabase()).toEqual(before);
    },
  );

  it("guards the CSV export the same way", async () => {
    const { user, admin } = await setup();
    const path = "/admin/doacoes.csv?status=paga";
    const anonymous = await outcome(() => csvLoader(routeArgs(adminGet(path))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
    const denied = await outcome(() => csvLoader(routeArgs(adminGet(path, user.cookie))));
    expect(denied.status).toBe(302);
    expect(denied.location).toBe("/");
    const response = (await csvLoader(routeArgs(adminGet(path, admin.cookie)))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  });
});
