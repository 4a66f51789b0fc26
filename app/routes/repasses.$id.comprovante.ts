import type { Route } from "./+types/repasses.$id.comprovante";
import { isValidProofToken, proofMimeType } from "~/lib/admin/payout-proof.server";
import { getOptionalUser } from "~/lib/auth.server";
import { findPayoutProof } from "~/models/admin-payouts.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payout's proof: for admins, or for whoever holds the signed link e-mailed to the party's
 * creator and institution. Anyone else gets the same 404 as for a payout that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = params.id;
  const notFound = () => new Response("Comprovante não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!UUID.test(id)) return notFound();
  const token = new URL(request.url).searchParams.get("t");
  const allowed = isValidProofToken(id, token) || (await getOptionalUser(request))?.isAdmin === true;
  if (!allowed) return notFound();
  const proof = await findPayoutProof(id);
  if (!proof) return notFound();
  if (proof.proofFile && proof.proofFileName) {
    const bytes = Buffer.from(proof.proofFile, "base64");
    return new Response(bytes, {
      headers: {
        "Content-Type": proofMimeType(proof.proofFileName),
        "Content-Disposition": `inline; filename="${proof.proofFileName}"`,
        "Content-Length": String(bytes.length),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      },
    });
  }
  if (proof.proofUrl) return Response.redirect(proof.proofUrl, 302);
  return notFound();
}
