import type { Route } from "./+types/festas";
import { PartiesTab } from "~/components/admin/parties";
import { loadParties, movePartyAction, togglePartyAction, updatePartyAction } from "~/domain/admin/parties.server";
import { cancelPartyAction, refundDonationAction } from "./refunds.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((url) => loadParties(url));

export const action = adminAction({
  updateParty: updatePartyAction,
  moveParty: movePartyAction,
  toggleParty: togglePartyAction,
  cancelParty: cancelPartyAction,
  refundDonation: refundDonationAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <PartiesTab data={loaderData} />;
}
