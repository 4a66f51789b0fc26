import type { Route } from "./+types/ong.$slug.painel.repasses.$id.comprovante";
import { isPayoutOfInstitution } from "~/domain/ledger/institution-ledger.server";
import { requireInstitutionViewer } from "~/domain/organizations/institution-guards.server";
import { openPayoutProof } from "~/domain/payouts/payout-proof.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A transfer's proof, from the institution's dashboard: its team and admins, and only for a payout
 * whose ledger row names this institution (a proof of institution B from A's URL is the same 404
 * as a payout that does not exist). Proofs show bank details, so they are never public (decision 190).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { institution } = await requireInstitutionViewer(request, params.slug);
  const notFound = () =>
    new Response("Comprovante não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!UUID.test(params.id) || !(await isPayoutOfInstitution(params.id, institution.id))) return notFound();
  const proof = await openPayoutProof(params.id);
  if (!proof) return notFound();
  if (proof.kind === "link") return Response.redirect(proof.url, 302);
  return new Response(proof.body, {
    headers: {
      "Content-Type": proof.contentType,
      "Content-Disposition": `attachment; filename="${proof.fileName}"`,
      "Content-Length": String(proof.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
