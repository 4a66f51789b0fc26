import type { FormResult } from "~/platform/forms/submission";

/** The admin panel's tabs. /admin is one URL (product-spec §2), so the tab lives in `?aba=`. */
export const ADMIN_TABS = [
  { id: "dashboard", label: "Dashboard" },
  { id: "doacoes", label: "Doações" },
  { id: "causas", label: "Causas" },
  { id: "historias", label: "Histórias" },
  { id: "festas", label: "Festas" },
  { id: "ongs", label: "ONGs" },
  { id: "impacto", label: "Impacto" },
  { id: "mensagens", label: "Mensagens" },
  { id: "repasses", label: "Repasses" },
  { id: "conciliacao", label: "Conciliação" },
  { id: "assinaturas", label: "Assinaturas" },
  { id: "equipe", label: "Equipe" },
  { id: "anuncios", label: "Anúncios" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["id"];
export const ADMIN_TAB_IDS = ADMIN_TABS.map((t) => t.id) as AdminTab[];

export function parseAdminTab(value: string | null): AdminTab {
  return (ADMIN_TAB_IDS as string[]).includes(value ?? "") ? (value as AdminTab) : "dashboard";
}

/** A link inside the admin panel: `/admin?aba=…` plus extra query parameters (empty ones dropped). */
export function adminHref(tab: AdminTab, params: Record<string, string | number | null | undefined> = {}) {
  const search = new URLSearchParams({ aba: tab });
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  return `/admin?${search.toString()}`;
}

/** What every admin action answers with (read by the tabs through useActionData/useFetcher). */
export type AdminActionData = {
  intent: string;
  ok: boolean;
  /** Changes on every success, so a create form remounts empty. */
  key?: number;
  /** A refused form: Conform's reply (errors and what was typed), read by the tab's `useSchemaForm`. */
  result?: FormResult;
  message?: string;
  /** A delete posted without JavaScript asks here before it happens. */
  confirm?: { id: string; prompt: string };
};
