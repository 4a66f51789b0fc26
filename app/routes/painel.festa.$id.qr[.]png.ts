import type { Route } from "./+types/painel.festa.$id.qr[.]png";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";
import { qrCodePng } from "~/platform/qr.server";

/** The party's QR code as a PNG to download (its creator only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { party } = await requireOwnParty(request, params.id);
  return new Response(new Uint8Array(await qrCodePng(party.shareLink)), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="qr-code-${party.shareCode}.png"`,
      "Cache-Control": "private, max-age=3600",
    },
  });
}
