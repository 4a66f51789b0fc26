import type { ActionAnswer } from "~/platform/forms/action-answer";

/**
 * The admin panel's tabs, one nested route each under /admin (docs/decisions/211-admin-nested-routes.md):
 * the dashboard is /admin itself, every other tab is /admin/<id>.
 */
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

export function isAdminTab(value: string | null | undefined): value is AdminTab {
  return (ADMIN_TAB_IDS as string[]).includes(value ?? "");
}

/** The tab's own address: /admin for the dashboard, /admin/<id> for the others. */
export function adminTabPath(tab: AdminTab): string {
  return tab === "dashboard" ? "/admin" : `/admin/${tab}`;
}

/** A link inside the admin panel: the tab's address plus query parameters (empty ones dropped). */
export function adminHref(tab: AdminTab, params: Record<string, string | number | null | undefined> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${adminTabPath(tab)}?${query}` : adminTabPath(tab);
}

/** What every admin action answers with (read by the tabs through useActionData/useFetcher). */
export type AdminActionData = ActionAnswer;
