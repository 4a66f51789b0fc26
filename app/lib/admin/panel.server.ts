/**
 * The admin panel's two dispatch tables: one loader per tab (`?aba=`) and one handler per action
 * `intent`. The route calls requireAdmin before either; the authorization tests walk both tables,
 * so a new tab or intent cannot escape them.
 */
import { data } from "react-router";
import type { SessionUser } from "~/lib/auth.server";
import type { AdminActionHandler } from "./action-kit.server";
import { createAdAction, loadAds, toggleAdAction, updateAdAction } from "./ads.server";
import { createCauseAction, deleteCauseAction, loadCauses, toggleCauseAction } from "./causes.server";
import { loadDashboard, setFamiliesHelpedAction } from "./dashboard.server";
import { loadDonations } from "./donations.server";
import { loadMessages, markMessageAnsweredAction } from "./messages.server";
import { createOrganizationAction, loadOrganizations, toggleOrganizationAction, updateOrganizationAction } from "./organizations.server";
import { loadParties, togglePartyAction, updatePartyAction } from "./parties.server";
import { MAX_PROOF_BYTES } from "./payout-proof.server";
import { loadPayouts, markPayoutTransferredAction } from "./payouts.server";
import { createStoryAction, deleteStoryAction, loadStories, toggleStoryAction } from "./stories.server";
import { type AdminActionData, type AdminTab, parseAdminTab } from "./tabs";
import { grantAdminAction, loadTeam, revokeAdminAction } from "./team.server";
import { withoutNulCharacters } from "~/lib/form-data.server";

export const adminLoaders = {
  dashboard: () => loadDashboard(),
  doacoes: (url: URL) => loadDonations(url),
  causas: () => loadCauses(),
  historias: () => loadStories(),
  festas: (url: URL) => loadParties(url),
  ongs: (url: URL) => loadOrganizations(url),
  mensagens: (url: URL) => loadMessages(url),
  repasses: (url: URL) => loadPayouts(url),
  equipe: () => loadTeam(),
  anuncios: (url: URL) => loadAds(url),
} satisfies Record<AdminTab, (url: URL) => Promise<unknown>>;

export type AdminTabData = { [K in AdminTab]: { tab: K; data: Awaited<ReturnType<(typeof adminLoaders)[K]>> } }[AdminTab];
export type TabData<K extends AdminTab> = Extract<AdminTabData, { tab: K }>["data"];

export async function loadAdminTab(url: URL): Promise<AdminTabData> {
  const tab = parseAdminTab(url.searchParams.get("aba"));
  return { tab, data: await adminLoaders[tab](url) } as AdminTabData;
}

export const adminActions = {
  setFamiliesHelped: setFamiliesHelpedAction,
  createCause: createCauseAction,
  toggleCause: toggleCauseAction,
  deleteCause: deleteCauseAction,
  createStory: createStoryAction,
  toggleStory: toggleStoryAction,
  deleteStory: deleteStoryAction,
  updateParty: updatePartyAction,
  toggleParty: togglePartyAction,
  createOrganization: createOrganizationAction,
  updateOrganization: updateOrganizationAction,
  toggleOrganization: toggleOrganizationAction,
  markMessageAnswered: markMessageAnsweredAction,
  markPayoutTransferred: markPayoutTransferredAction,
  grantAdmin: grantAdminAction,
  revokeAdmin: revokeAdminAction,
  createAd: createAdAction,
  updateAd: updateAdAction,
  toggleAd: toggleAdAction,
} satisfies Record<string, AdminActionHandler>;

export type AdminIntent = keyof typeof adminActions;
export const ADMIN_INTENTS = Object.keys(adminActions) as AdminIntent[];

/** Room for a 5 MB proof plus the form's other fields and multipart framing. */
export const MAX_ADMIN_BODY_BYTES = MAX_PROOF_BYTES + 256 * 1024;

class BodyTooLarge extends Error {}

/** Reads the posted form, refusing bodies over the limit even when Content-Length is absent or lies. */
async function readLimitedForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_ADMIN_BODY_BYTES) throw new BodyTooLarge();
  if (!request.body) return new FormData();
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_ADMIN_BODY_BYTES) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  const headers = new Headers();
  const type = request.headers.get("content-type");
  if (type) headers.set("content-type", type);
  try {
    return await new Response(limited, { headers }).formData();
  } catch (error) {
    if (error instanceof BodyTooLarge || seen > MAX_ADMIN_BODY_BYTES) throw new BodyTooLarge();
    throw error;
  }
}

/** Runs one admin action. The caller has already checked that `admin` is an admin. */
export async function runAdminAction(request: Request, admin: SessionUser) {
  let form: FormData;
  try {
    form = withoutNulCharacters(await readLimitedForm(request));
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return data<AdminActionData>({ intent: "", ok: false, message: "O envio passou do limite de 5 MB." }, { status: 413 });
    }
    return data<AdminActionData>({ intent: "", ok: false, message: "Não foi possível ler o formulário." }, { status: 400 });
  }
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(adminActions, intent)) {
    return data<AdminActionData>({ intent: String(intent ?? ""), ok: false, message: "Ação desconhecida." }, { status: 400 });
  }
  return adminActions[intent as AdminIntent]({ admin, form, request });
}
