/**
 * The admin panel's two dispatch tables: one loader per tab (`?aba=`) and one handler per action
 * `intent`. The route calls requireAdmin before either; the authorization tests walk both tables,
 * so a new tab or intent cannot escape them.
 */
import { data } from "react-router";
import type { SessionUser } from "~/domain/accounts/index.server";
import { type AdminActionHandler, type AdminDeps, refuse } from "./action-kit.server";
import { createAdAction, loadAds, toggleAdAction, updateAdAction } from "./ads.server";
import { createCauseAction, deleteCauseAction, loadCauses, toggleCauseAction } from "./causes.server";
import { loadDashboard, setFamiliesHelpedAction } from "./dashboard.server";
import { loadDonations } from "./donations.server";
import { cancelPartyAction, refundDonationAction } from "./refunds.server";
import {
  createImpactUnitAction,
  createImpactUpdateAction,
  deleteImpactUnitAction,
  deleteImpactUpdateAction,
  loadImpact,
} from "./impact.server";
import { approveImpactUnitProposalAction, refuseImpactUnitProposalAction } from "./impact-unit-proposals.server";
import { approveInstitutionUpdateAction, refuseInstitutionUpdateAction } from "./institution-updates.server";
import { loadMessages, markMessageAnsweredAction } from "./messages.server";
import {
  createOrganizationAction,
  loadOrganizations,
  toggleOrganizationAction,
  updateOrganizationAction,
  verifyOrganizationAction,
} from "./organizations.server";
import { reviewApplicationAction } from "./institution-applications.server";
import { loadParties, movePartyAction, togglePartyAction, updatePartyAction } from "./parties.server";
import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "~/domain/payouts";
import { loadPayouts, markPayoutTransferredAction } from "./payouts.server";
import { markInstitutionPayoutTransferredAction } from "./institution-payouts.server";
import { loadReconcile, runReconcileAction } from "./reconcile.server";
import { loadRecoveries, retryRecoveryAction } from "./recoveries.server";
import { createStoryAction, deleteStoryAction, loadStories, toggleStoryAction } from "./stories.server";
import { type AdminActionData, type AdminTab, parseAdminTab } from "./tabs";
import { grantAdminAction, loadTeam, revokeAdminAction } from "./team.server";
import { replyWithErrors } from "~/platform/forms/submission.server";
import { withoutNulCharacters } from "~/platform/http/form-data.server";
import { BodyTooLargeError, readLimitedForm } from "~/platform/http/limited-form.server";

const adminLoaders = {
  dashboard: (_url: URL, deps: AdminDeps) => loadDashboard(deps),
  doacoes: (url: URL) => loadDonations(url),
  causas: () => loadCauses(),
  historias: () => loadStories(),
  festas: (url: URL) => loadParties(url),
  ongs: (url: URL) => loadOrganizations(url),
  impacto: () => loadImpact(),
  mensagens: (url: URL) => loadMessages(url),
  repasses: (url: URL, deps: AdminDeps) => loadPayouts(url, deps),
  conciliacao: () => loadReconcile(),
  assinaturas: (_url: URL, deps: AdminDeps) => loadRecoveries(deps),
  equipe: () => loadTeam(),
  anuncios: (url: URL) => loadAds(url),
} satisfies Record<AdminTab, (url: URL, deps: AdminDeps) => Promise<unknown>>;

export type AdminTabData = { [K in AdminTab]: { tab: K; data: Awaited<ReturnType<(typeof adminLoaders)[K]>> } }[AdminTab];
export type TabData<K extends AdminTab> = Extract<AdminTabData, { tab: K }>["data"];

export async function loadAdminTab(url: URL, deps: AdminDeps): Promise<AdminTabData> {
  const tab = parseAdminTab(url.searchParams.get("aba"));
  return { tab, data: await adminLoaders[tab](url, deps) } as AdminTabData;
}

const adminActions = {
  setFamiliesHelped: setFamiliesHelpedAction,
  createCause: createCauseAction,
  toggleCause: toggleCauseAction,
  deleteCause: deleteCauseAction,
  createStory: createStoryAction,
  toggleStory: toggleStoryAction,
  deleteStory: deleteStoryAction,
  updateParty: updatePartyAction,
  moveParty: movePartyAction,
  toggleParty: togglePartyAction,
  cancelParty: cancelPartyAction,
  refundDonation: refundDonationAction,
  createOrganization: createOrganizationAction,
  verifyOrganization: verifyOrganizationAction,
  updateOrganization: updateOrganizationAction,
  toggleOrganization: toggleOrganizationAction,
  reviewApplication: reviewApplicationAction,
  createImpactUnit: createImpactUnitAction,
  deleteImpactUnit: deleteImpactUnitAction,
  createImpactUpdate: createImpactUpdateAction,
  deleteImpactUpdate: deleteImpactUpdateAction,
  approveInstitutionUpdate: approveInstitutionUpdateAction,
  refuseInstitutionUpdate: refuseInstitutionUpdateAction,
  approveImpactUnitProposal: approveImpactUnitProposalAction,
  refuseImpactUnitProposal: refuseImpactUnitProposalAction,
  markMessageAnswered: markMessageAnsweredAction,
  markPayoutTransferred: markPayoutTransferredAction,
  markInstitutionPayoutTransferred: markInstitutionPayoutTransferredAction,
  runReconcile: runReconcileAction,
  retryRecovery: retryRecoveryAction,
  grantAdmin: grantAdminAction,
  revokeAdmin: revokeAdminAction,
  createAd: createAdAction,
  updateAd: updateAdAction,
  toggleAd: toggleAdAction,
} satisfies Record<string, AdminActionHandler>;

export type AdminIntent = keyof typeof adminActions;
export const ADMIN_INTENTS = Object.keys(adminActions) as AdminIntent[];

/** Room for a 10 MB proof plus the form's other fields and multipart framing. */
export const MAX_ADMIN_BODY_BYTES = MAX_PROOF_BYTES + 256 * 1024;

/**
 * An over-limit body: its file field gets the message, in the form it came from when known (the
 * fields sent before the file, such as the intent and the party, were recovered).
 */
async function tooLargeAnswer(error: BodyTooLargeError) {
  const intent = error.leading.get("intent");
  const message = PROOF_MESSAGES.tooLarge;
  const result = replyWithErrors(
    error.leading,
    error.cutFileField ? { fieldErrors: { [error.cutFileField]: [message] } } : { formErrors: [message] },
  );
  return refuse(typeof intent === "string" && Object.hasOwn(adminActions, intent) ? intent : "", "Arquivo grande demais", result, 413);
}

/** Runs one admin action. The caller has already checked that `admin` is an admin. */
export async function runAdminAction(request: Request, admin: SessionUser, deps: AdminDeps) {
  let form: FormData;
  try {
    form = withoutNulCharacters(await readLimitedForm(request, MAX_ADMIN_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLargeAnswer(error);
    return data<AdminActionData>({ intent: "", ok: false, message: "Não foi possível ler o formulário." }, { status: 400 });
  }
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(adminActions, intent)) {
    return data<AdminActionData>({ intent: String(intent ?? ""), ok: false, message: "Ação desconhecida." }, { status: 400 });
  }
  return adminActions[intent as AdminIntent]({ admin, form, request, deps });
}
