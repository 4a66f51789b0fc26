/**
 * A campaign's team total and leaderboard (decision 217): each party's paid total (the party's own
 * `raised_cents`, what its page shows), summed, and the parties ranked by it; equal totals in the
 * alphabetical order of their names (pt-BR collation, accents ignored), then by share code.
 */
export type CampaignParty = { name: string; shareCode: string; raisedCents: number; paidCount: number };
type RankedParty<T extends CampaignParty> = T & { position: number };

const byName = new Intl.Collator("pt-BR", { sensitivity: "base" });

export function rankCampaignParties<T extends CampaignParty>(parties: readonly T[]): { totalCents: number; ranked: RankedParty<T>[] } {
  const ranked = [...parties]
    .sort((a, b) => b.raisedCents - a.raisedCents || byName.compare(a.name, b.name) || a.shareCode.localeCompare(b.shareCode))
    .map((party, i) => ({ ...party, position: i + 1 }));
  return { totalCents: parties.reduce((sum, p) => sum + p.raisedCents, 0), ranked };
}

/** "empresa-xyz-2026-k3f9": the name's letters, then a random tail so two teams may share a name. */
export function campaignSlug(name: string, tail: string): string {
  const base =
    name
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "campanha";
  return `${base}-${tail}`;
}
