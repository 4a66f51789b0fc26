import type { Route } from "./+types/assinaturas";
import { RecoveriesTab } from "~/components/admin/recoveries";
import { loadRecoveries, retryRecoveryAction } from "~/domain/admin/recoveries.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((_url, deps) => loadRecoveries(deps));

export const action = adminAction({
  retryRecovery: retryRecoveryAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <RecoveriesTab data={loaderData} />;
}
