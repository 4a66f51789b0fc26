import type { Route } from "./+types/doacoes";
import { DonationsTab } from "~/components/admin/donations";
import { loadDonations } from "~/domain/admin/donations.server";
import { cancelPartyAction, refundDonationAction } from "~/domain/admin/refunds.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((url) => loadDonations(url));

export const action = adminAction({
  refundDonation: refundDonationAction,
  cancelParty: cancelPartyAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <DonationsTab data={loaderData} />;
}
