/**
 * Where a gift goes: the party named by `?festa=` (only while it accepts gifts — the rule lives
 * with parties), the institution named by `?ong=` (only while active and verified), or the main
 * charity when there is neither. A party wins over `?ong=`: the party already chose its institution.
 */
import { todayInSaoPaulo } from "~/platform/dates";
import { parseFestaParam } from "~/domain/parties";
import { findPartyForDonation, type PartyForDonation } from "~/domain/donations/donations.server";
import { type InstitutionSummary, institutionSummary } from "~/domain/organizations";
import { impactLineForPreset } from "~/domain/organizations";
import {
  findOrganizationForGift,
  getMainOrganization,
  listImpactUnits,
  type OrganizationForGift,
} from "~/domain/organizations/index.server";
import { partyVisibility } from "~/domain/parties/index.server";
import { impactLinesFor, PRESET_REAIS, type ImpactLines } from "./donation-form";

export const TARGET_MESSAGES = {
  notFound: "Não encontramos esta festa. Confira o link recebido ou doe para a nossa causa principal.",
  ended: "Esta festa já foi encerrada e não recebe mais doações. Obrigado pelo carinho!",
  inactive: "Esta festa não está recebendo doações no momento.",
  orgNotFound: "Não encontramos esta instituição. Confira o link ou escolha outra instituição em Causas e ONGs.",
  orgInactive: "Esta instituição não está recebendo doações no momento. Conheça as outras instituições em Causas e ONGs.",
  orgUnverified:
    "Esta instituição ainda está em verificação pela nossa equipe e não recebe doações por enquanto. Conheça as instituições verificadas em Causas e ONGs.",
} as const;

export type GiftTargetQuery = { festa?: string | null; ong?: string | null };

type Refusal = "not-found" | "ended" | "inactive" | "org-not-found" | "org-inactive" | "org-unverified";

export type GiftTarget =
  | {
      ok: true;
      party: PartyForDonation | null;
      /** Set for `?ong=` gifts only (parties and the main charity keep their own URLs). */
      ongSlug: string | null;
      organizationId: string | null;
      organizationName: string | null;
      institution: InstitutionSummary | null;
      causeName: string | null;
      impact: ImpactLines;
    }
  | {
      ok: false;
      reason: Refusal;
      error: string;
      party: PartyForDonation | null;
      organizationName: string | null;
      /** An ended party's own institution, when it still takes gifts: the late guest's way to give (`/doar?ong=`). */
      offer?: { slug: string; name: string } | null;
    };

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function resolveGiftTarget(query: GiftTargetQuery, now: Date = new Date()): Promise<GiftTarget> {
  return withInstitutionUnits(await resolveTarget(query, now));
}

/**
 * The impact panel speaks the institution's own units when an admin has set them ("Paga 1 consulta
 * em …"); otherwise the cause's lines, or the generic ones. Computed here, so /doar ships no code for it.
 */
async function withInstitutionUnits(target: GiftTarget): Promise<GiftTarget> {
  if (!target.ok || !target.organizationId) return target;
  const units = await listImpactUnits(target.organizationId);
  if (units.length === 0) return target;
  const impact = { ...target.impact };
  for (const reais of PRESET_REAIS) impact[reais] = impactLineForPreset(reais, units) ?? impact[reais];
  return { ...target, impact };
}

async function resolveTarget(query: GiftTargetQuery, now: Date): Promise<GiftTarget> {
  const festa = query.festa?.trim() || null;
  const ong = query.ong?.trim().toLowerCase() || null;
  if (festa) return partyTarget(festa, now);
  if (ong) return organizationTarget(ong);
  const main = await getMainOrganization();
  return { ok: true, party: null, ongSlug: null, ...fromOrganization(main) };
}

async function partyTarget(festa: string, now: Date): Promise<GiftTarget> {
  const key = parseFestaParam(festa.toLowerCase());
  const party = key ? await findPartyForDonation(key) : null;
  if (!party) return { ok: false, reason: "not-found", error: TARGET_MESSAGES.notFound, party: null, organizationName: null };
  const visibility = partyVisibility(party, todayInSaoPaulo(now));
  if (visibility !== "live") {
    const open = party.organizationSlug && party.organizationName && party.organizationActive && party.organizationVerifiedAt;
    return {
      ok: false,
      reason: visibility,
      error: TARGET_MESSAGES[visibility],
      party,
      organizationName: party.organizationName,
      offer: visibility === "ended" && open ? { slug: party.organizationSlug!, name: party.organizationName! } : null,
    };
  }
  const institution = institutionSummary({
    name: party.organizationName,
    slug: party.organizationSlug,
    cnpj: party.organizationCnpj,
    city: party.organizationCity,
    state: party.organizationState,
    verifiedAt: party.organizationVerifiedAt,
  });
  return {
    ok: true,
    party,
    ongSlug: null,
    organizationId: party.organizationId,
    organizationName: party.organizationName,
    institution,
    causeName: party.causeName,
    impact: impactLinesFor(party.causeImpact),
  };
}

async function organizationTarget(slug: string): Promise<GiftTarget> {
  const org = SLUG.test(slug) && slug.length <= 60 ? await findOrganizationForGift(slug) : null;
  const refuse = (reason: Refusal, error: string): GiftTarget => ({
    ok: false,
    reason,
    error,
    party: null,
    organizationName: org?.name ?? null,
  });
  if (!org) return refuse("org-not-found", TARGET_MESSAGES.orgNotFound);
  if (!org.active) return refuse("org-inactive", TARGET_MESSAGES.orgInactive);
  if (!org.verifiedAt) return refuse("org-unverified", TARGET_MESSAGES.orgUnverified);
  return { ok: true, party: null, ongSlug: org.slug, ...fromOrganization(org) };
}

function fromOrganization(org: OrganizationForGift | null) {
  return {
    organizationId: org?.id ?? null,
    organizationName: org?.name ?? null,
    institution: org ? institutionSummary(org) : null,
    causeName: org?.causeName ?? null,
    impact: impactLinesFor(org?.causeImpact),
  };
}
