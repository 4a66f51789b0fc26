import type { Route } from "./+types/repasses";
import { PayoutsTab } from "~/components/admin/payouts";
import { loadPayouts, markPayoutTransferredAction } from "~/domain/admin/payouts.server";
import { markInstitutionPayoutTransferredAction } from "~/domain/admin/institution-payouts.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((url, deps) => loadPayouts(url, deps));

export const action = adminAction({
  markPayoutTransferred: markPayoutTransferredAction,
  markInstitutionPayoutTransferred: markInstitutionPayoutTransferredAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <PayoutsTab data={loaderData} />;
}
