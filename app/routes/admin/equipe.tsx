import type { Route } from "./+types/equipe";
import { TeamTab } from "~/components/admin/team";
import { grantAdminAction, loadTeam, revokeAdminAction } from "~/domain/admin/team.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadTeam());

export const action = adminAction({
  grantAdmin: grantAdminAction,
  revokeAdmin: revokeAdminAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <TeamTab data={loaderData} />;
}
