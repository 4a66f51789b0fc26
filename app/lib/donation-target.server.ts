/**
 * Where a gift goes: the party named by `?festa=` (only while it accepts gifts — the rule lives
 * with parties), or the main charity when there is none.
 */
import { todayInSaoPaulo } from "~/lib/dates";
import { parseFestaParam } from "~/lib/festa-param";
import { findPartyForDonation, type PartyForDonation } from "~/models/donation.server";
import { getMainOrganization } from "~/models/organizations.server";
import { partyVisibility } from "~/models/party.server";

export const TARGET_MESSAGES = {
  notFound: "Não encontramos esta festa. Confira o link recebido ou doe para a nossa causa principal.",
  ended: "Esta festa já foi encerrada e não recebe mais doações. Obrigado pelo carinho!",
  inactive: "Esta festa não está recebendo doações no momento.",
} as const;

export type GiftTarget =
  | { ok: true; party: PartyForDonation | null; organizationName: string | null; causeName: string | null }
  | { ok: false; reason: "not-found" | "ended" | "inactive"; error: string; party: PartyForDonation | null };

export async function resolveGiftTarget(festa: string | null, now: Date = new Date()): Promise<GiftTarget> {
  if (!festa) {
    const main = await getMainOrganization();
    return { ok: true, party: null, organizationName: main?.name ?? null, causeName: main?.causeName ?? null };
  }
  const key = parseFestaParam(festa.trim().toLowerCase());
  const party = key ? await findPartyForDonation(key) : null;
  if (!party) return { ok: false, reason: "not-found", error: TARGET_MESSAGES.notFound, party: null };
  const visibility = partyVisibility(party, todayInSaoPaulo(now));
  if (visibility !== "live") return { ok: false, reason: visibility, error: TARGET_MESSAGES[visibility], party };
  return { ok: true, party, organizationName: party.organizationName, causeName: party.causeName };
}
