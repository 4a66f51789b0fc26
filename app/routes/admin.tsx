import { Link } from "react-router";
import type { Route } from "./+types/admin";
import { AdsTab } from "~/components/admin/ads";
import { CausesTab } from "~/components/admin/causes";
import { DashboardTab } from "~/components/admin/dashboard";
import { DonationsTab } from "~/components/admin/donations";
import { MessagesTab } from "~/components/admin/messages";
import { OrganizationsTab } from "~/components/admin/organizations";
import { PartiesTab } from "~/components/admin/parties";
import { PayoutsTab } from "~/components/admin/payouts";
import { ReconcileTab } from "~/components/admin/reconcile";
import { RecoveriesTab } from "~/components/admin/recoveries";
import { StoriesTab } from "~/components/admin/stories";
import { ImpactTab } from "~/components/admin/impact";
import { TeamTab } from "~/components/admin/team";
import { tabLinkClass } from "~/components/ui/tabs";
import { type AdminTabData, loadAdminTab, runAdminAction } from "~/domain/admin/panel.server";
import { ADMIN_TABS, adminHref } from "~/domain/admin/tabs";
import { requireAdmin } from "~/domain/accounts/guards.server";

export const meta = () => [{ title: "Painel Administrativo — Festa Solidária" }, { name: "robots", content: "noindex" }];

/** One URL, many tabs: `?aba=` picks the tab (product-spec §2 lists /admin once). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadAdminTab(new URL(request.url), context);
}

/** Every change is a POST with an `intent`; see adminActions in panel.server.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return runAdminAction(request, admin, context);
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const current = loaderData.tab;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <h1 className="text-3xl md:text-4xl">Painel Administrativo</h1>
      <nav aria-label="Seções do painel" className="mt-6 mb-8">
        <ul className="flex flex-wrap gap-1 rounded-2xl bg-sand p-1">
          {ADMIN_TABS.map((tab) => (
            <li key={tab.id}>
              <Link
                to={adminHref(tab.id)}
                className={`${tabLinkClass(tab.id === current)} block`}
                aria-current={tab.id === current ? "page" : undefined}
                prefetch="intent"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TabContent view={loaderData as AdminTabData} />
    </div>
  );
}

function TabContent({ view }: { view: AdminTabData }) {
  switch (view.tab) {
    case "dashboard":
      return <DashboardTab data={view.data} />;
    case "doacoes":
      return <DonationsTab data={view.data} />;
    case "causas":
      return <CausesTab data={view.data} />;
    case "historias":
      return <StoriesTab data={view.data} />;
    case "festas":
      return <PartiesTab data={view.data} />;
    case "ongs":
      return <OrganizationsTab data={view.data} />;
    case "impacto":
      return <ImpactTab data={view.data} />;
    case "mensagens":
      return <MessagesTab data={view.data} />;
    case "repasses":
      return <PayoutsTab data={view.data} />;
    case "conciliacao":
      return <ReconcileTab data={view.data} />;
    case "assinaturas":
      return <RecoveriesTab data={view.data} />;
    case "equipe":
      return <TeamTab data={view.data} />;
    case "anuncios":
      return <AdsTab data={view.data} />;
  }
}
