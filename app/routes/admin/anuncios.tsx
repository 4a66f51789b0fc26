import type { Route } from "./+types/anuncios";
import { AdsTab } from "~/components/admin/ads";
import { createAdAction, loadAds, toggleAdAction, updateAdAction } from "~/domain/admin/ads.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((url) => loadAds(url));

export const action = adminAction({
  createAd: createAdAction,
  updateAd: updateAdAction,
  toggleAd: toggleAdAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <AdsTab data={loaderData} />;
}
