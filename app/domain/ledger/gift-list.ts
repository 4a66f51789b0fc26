/**
 * How an institution's gift list is labelled and linked (decision 190): where a gift came from,
 * what a ledger row was, who gave. Browser-safe and dependency-free: the dashboard's component and
 * the statement share it; the filters' parsing (Zod, time zones) stays in gift-filters.ts.
 */
export const GIFT_SOURCES = ["festa", "direta", "mensal"] as const;
export type GiftSource = (typeof GIFT_SOURCES)[number];
export const GIFT_SOURCE_LABELS: Record<GiftSource, string> = { festa: "Festa", direta: "Doação direta", mensal: "Assine o Bem" };

const MOVEMENT_LABELS: Record<string, string> = {
  gift_paid: "Doação",
  subscription_charge_paid: "Mensalidade",
  refund: "Reembolso",
  chargeback: "Contestação",
  reversal: "Contestação revertida",
};

/** What a ledger row was, in words: "Doação", "Reembolso"… */
export const movementLabel = (kind: string) => MOVEMENT_LABELS[kind] ?? kind;

/** Who gave, as the institution may see it: the name, or how the gift came without one (never an e-mail). */
export function donorLabel(row: { donorName: string | null; source: GiftSource }): string {
  if (row.source === "mensal") return "Assinante Assine o Bem";
  return row.donorName ?? "Anônimo";
}

/** The filters as a query string (the CSV link repeats them). */
export function giftFilterQuery(f: Partial<Record<"de" | "ate" | "origem" | "festa", string>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
