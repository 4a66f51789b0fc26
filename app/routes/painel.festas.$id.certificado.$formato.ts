import type { Route } from "./+types/painel.festas.$id.certificado.$formato";
import { requireUser } from "~/domain/accounts/guards.server";
import { certificateDownload, certificateNotFound, isCertificateFormat } from "~/domain/impact/certificate-download.server";
import { partyCertificateForOwner } from "~/domain/impact/certificates.server";

/** /painel/festas/{id}/certificado/pdf|imagem: an ended party's impact certificate, for its creator only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: "/painel" });
  if (!isCertificateFormat(params.formato) || !/^[0-9a-f-]{36}$/.test(params.id)) return certificateNotFound();
  const now = context.clock.now();
  // Ownership is in the query's where: another creator's party reads as not found.
  const certificate = await partyCertificateForOwner(params.id, user.id, now);
  if (!certificate) return certificateNotFound();
  return certificateDownload(certificate, params.formato, {
    publicUrl: context.config.PUBLIC_URL,
    now,
    fileName: `certificado-festa-solidaria-${certificate.code.slice(0, 8).toLowerCase()}`,
  });
}
