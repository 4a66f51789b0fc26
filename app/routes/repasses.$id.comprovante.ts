import type { Route } from "./+types/repasses.$id.comprovante";
import { isValidProofToken, openPayoutProof } from "~/domain/payouts/payout-proof.server";
import { getOptionalUser } from "~/domain/accounts/guards.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payout's proof: for admins, or for whoever holds the signed link e-mailed to the party's
 * creator and institution. Anyone else gets the same 404 as for a payout that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = params.id;
  const notFound = () =>
    new Response("Comprovante não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!UUID.test(id)) return notFound();
  const token = new URL(request.url).searchParams.get("t");
  const allowed = isValidProofToken(id, token) || (await getOptionalUser(request))?.isAdmin === true;
  if (!allowed) return notFound();
  const proof = await openPayoutProof(id);
  if (!proof) return notFound();
  if (proof.kind === "link") return Response.redirect(proof.url, 302);
  return new Response(proof.body, {
    headers: {
      // The type was established from the file's bytes at upload; nosniff and the sandbox keep a
      // browser from reading it as anything else.
      "Content-Type": proof.contentType,
      "Content-Disposition": `inline; filename="${proof.fileName}"`,
      "Content-Length": String(proof.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
