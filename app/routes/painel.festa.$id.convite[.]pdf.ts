import type { Route } from "./+types/painel.festa.$id.convite[.]pdf";
import { renderInvitationPdf } from "~/domain/parties/invitation-pdf.server";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";

/** The party's printable invitation with its QR code (its creator only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { party } = await requireOwnParty(request, params.id);
  return new Response(new Uint8Array(await renderInvitationPdf(party)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="convite-${party.shareCode}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
