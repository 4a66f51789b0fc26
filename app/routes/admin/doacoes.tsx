import type { Route } from "./+types/doacoes";
import { DonationsTab } from "~/components/admin/donations";
import { loadDonationsPanel } from "~/domain/donations/index.server";
import { adminAction, adminLoader } from "./kit.server";
import { cancelPartyAction, refundDonationAction } from "./refunds.server";

export const loader = adminLoader((url) => loadDonationsPanel(url));

export const action = adminAction({
  refundDonation: refundDonationAction,
  cancelParty: cancelPartyAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <DonationsTab data={loaderData} />;
}
