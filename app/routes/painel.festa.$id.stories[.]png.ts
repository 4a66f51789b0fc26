import type { Route } from "./+types/painel.festa.$id.stories[.]png";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";
import { partyImage } from "~/domain/parties/party-preview.server";

/** The party's square 1080×1080 image for stories and status (its creator only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { party } = await requireOwnParty(request, params.id);
  const image = await partyImage(party, "stories");
  if (!image)
    return new Response("Não foi possível gerar a imagem agora.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(image.png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="stories-${party.shareCode}.png"`,
      "Cache-Control": "private, no-store",
    },
  });
}
