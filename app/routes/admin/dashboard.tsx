import type { Route } from "./+types/dashboard";
import { DashboardTab } from "~/components/admin/dashboard";
import { loadDashboard, setFamiliesHelpedAction } from "~/domain/admin/dashboard.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((_url, deps) => loadDashboard(deps));

export const action = adminAction({
  setFamiliesHelped: setFamiliesHelpedAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardTab data={loaderData} />;
}
