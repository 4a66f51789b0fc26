/**
 * The admin authorization matrix's world (app/routes/admin.authz.test.ts): one of everything an
 * admin manages, and a valid body for every intent, so that an admin's request succeeds and the
 * refusals to the others prove something.
 */
import { randomUUID } from "node:crypto";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { type AdminFixture, adminFixture, tinyPng } from "./admin";
import { createTestUser, type TestUser } from "./auth";
import { insertPaidGift } from "./parties";

type Fields = Record<string, string | string[] | Blob>;

export type AdminIntentContext = AdminFixture & {
  plainUser: TestUser;
  otherAdmin: TestUser;
  formKey: string;
  otherOrgId: string;
  recoveryId: string;
  pendingUpdateId: string;
  pendingUnitProposalId: string;
  /** An active matching pledge (decision 215) on the ended party: what "Cancelar" stops. */
  pledgeId: string;
  /** A team campaign (decision 222): what "Ocultar campanha" hides. */
  campaignId: string;
  /** An ended pledge whose sponsor still owes its match (decision 220): what "Reenviar cobrança" e-mails. */
  unpaidPledgeId: string;
};

/** A valid body per intent: the admin's request must succeed, so the refusals prove something. */
export const ADMIN_INTENT_SAMPLES: Record<string, (fx: AdminIntentContext) => Fields> = {
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
  createMatchPledge: (fx) => ({
    partyId: fx.liveParty.id,
    sponsorName: "Padaria Pão Quente",
    sponsorDocument: "11.222.333/0001-81",
    sponsorEmail: "contato@padaria.com.br",
    sponsorLogoUrl: "",
    ratioPercent: "100",
    cap: "1.000,00",
    deadline: addCalendarDays(todayInSaoPaulo(), 10),
  }),
  cancelMatchPledge: (fx) => ({ pledgeId: fx.pledgeId }),
  setCampaignVisibility: (fx) => ({ campaignId: fx.campaignId, hidden: "1", reason: "Nome que ofende a instituição." }),
  resendPledgePayment: (fx) => ({ pledgeId: fx.unpaidPledgeId }),
  runReconcile: () => ({}),
  retryRecovery: (fx) => ({ id: fx.recoveryId }),
};

export async function setupAdminIntentWorld(): Promise<{ ctx: AdminIntentContext; user: TestUser; admin: TestUser }> {
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
  const [pledge] = await db
    .insert(schema.matchPledges)
    .values({
      partyId: fx.endedParty.id,
      sponsorName: "Mercado Bom Preço",
      sponsorDocument: "52998224725",
      capCents: 50_000,
      status: "ativa",
      deadline: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [campaign] = await db
    .insert(schema.campaigns)
    .values({ slug: "time-authz-ab12", name: "Time Authz", organizationId: fx.org.id, createdBy: plainUser.user.id })
    .returning();
  const [unpaid] = await db
    .insert(schema.matchPledges)
    .values({
      partyId: fx.endedParty.id,
      sponsorName: "Farmácia Saúde",
      sponsorDocument: "11222333000181",
      sponsorEmail: "contato@farmacia.com.br",
      capCents: 50_000,
      matchedCents: 12_000,
      status: "encerrada",
      deadline: new Date(Date.now() - 86_400_000),
      endedAt: new Date(),
    })
    .returning();
  return {
    ctx: {
      ...fx,
      pledgeId: pledge!.id,
      campaignId: campaign!.id,
      unpaidPledgeId: unpaid!.id,
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
