import type { Route } from "./+types/conciliacao";
import { ReconcileTab } from "~/components/admin/reconcile";
import { loadReconcile, runReconcileAction } from "~/domain/admin/reconcile.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadReconcile());

export const action = adminAction({
  runReconcile: runReconcileAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <ReconcileTab data={loaderData} />;
}
