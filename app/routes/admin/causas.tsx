import type { Route } from "./+types/causas";
import { CausesTab } from "~/components/admin/causes";
import { createCauseAction, deleteCauseAction, loadCauses, toggleCauseAction } from "~/domain/admin/causes.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadCauses());

export const action = adminAction({
  createCause: createCauseAction,
  toggleCause: toggleCauseAction,
  deleteCause: deleteCauseAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <CausesTab data={loaderData} />;
}
