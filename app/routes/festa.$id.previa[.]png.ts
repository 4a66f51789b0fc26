import type { Route } from "./+types/festa.$id.previa[.]png";
import { parseFestaParam } from "~/domain/parties/festa-param";
import { partyVisibility } from "~/domain/parties/party-status";
import { findPartyForPage } from "~/domain/parties/parties.server";
import { partyImage } from "~/domain/parties/party-preview.server";
import { DEFAULT_OG_IMAGE } from "~/platform/ui/seo";

/**
 * A party's link preview (og:image, 1200×630 PNG): public like its page. The page links it with its
 * version (?v=), so the answer may be kept an hour; the ETag makes a revalidation a 304.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const key = parseFestaParam(params.id?.toLowerCase());
  const party = key ? await findPartyForPage(key) : null;
  if (!party || (partyVisibility(party) === "inactive" && !party.closedMessage))
    return new Response("Festa não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const image = await partyImage({ ...party, institutionName: party.organization?.name ?? null }, "previa");
  if (!image) return new Response(null, { status: 302, headers: { Location: DEFAULT_OG_IMAGE } });
  const headers = { "Cache-Control": "public, max-age=3600", ETag: image.etag };
  if (request.headers.get("If-None-Match") === image.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.png), { headers: { ...headers, "Content-Type": "image/png" } });
}
