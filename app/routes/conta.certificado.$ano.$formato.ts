import type { Route } from "./+types/conta.certificado.$ano.$formato";
import { requireUser } from "~/domain/accounts/guards.server";
import { certificateDownload, certificateNotFound, isCertificateFormat } from "~/domain/impact/certificate-download.server";
import { subscriberCertificateFor } from "~/domain/impact/certificates.server";

/** /conta/certificado/{ano}/pdf|imagem: the signed-in subscriber's "Certificado digital de Assinante do Bem". */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: "/conta" });
  const year = /^\d{4}$/.test(params.ano) ? Number(params.ano) : null;
  if (!isCertificateFormat(params.formato) || year === null) return certificateNotFound();
  const certificate = await subscriberCertificateFor(user.id, year);
  if (!certificate) return certificateNotFound();
  return certificateDownload(certificate, params.formato, {
    publicUrl: context.config.PUBLIC_URL,
    now: context.clock.now(),
    fileName: `certificado-assinante-do-bem-${year}`,
  });
}
