import { BadgeCheck, SearchX } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/certificado.$codigo";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatCertificateCode, normaliseCertificateCode } from "~/domain/impact/certificate-code";
import { certificateTexts } from "~/domain/impact/certificate-texts";
import { findCertificateByCode } from "~/domain/impact/certificates.server";
import { publicPageHeaders } from "~/platform/http/cache-headers";
import { pageMeta } from "~/platform/ui/meta";

/**
 * /certificado/{código}: anyone holding a certificate (PDF, image, QR code) checks here that it is
 * ours. Shows the party (or subscriber), the total and the institution — never an e-mail.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const code = normaliseCertificateCode(params.codigo);
  const certificate = code ? await findCertificateByCode(code) : null;
  if (!certificate) throw data({ code: params.codigo.slice(0, 40) }, { status: 404 });
  const t = certificateTexts(certificate);
  return {
    code: formatCertificateCode(certificate.code),
    title: t.title,
    lead: t.lead,
    name: t.name,
    body: t.body,
    impact: t.impact,
    institution: certificate.kind === "festa" ? certificate.organizationName : certificate.organizations.join(", ") || null,
  };
}

export const headers = publicPageHeaders;

export const meta = ({ data: d }: Route.MetaArgs) =>
  pageMeta({
    title: d ? `${d.title}: ${d.name}` : "Certificado não encontrado",
    description: d ? `${d.lead} ${d.name} ${d.body}` : "Confira o código do certificado de impacto.",
    noindex: true,
  });

export default function CertificateCheck({ loaderData }: Route.ComponentProps) {
  const c = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      <p className="flex items-center gap-2 text-sm font-bold tracking-wide text-paid uppercase">
        <BadgeCheck size={20} strokeWidth={2} aria-hidden="true" />
        Certificado verificado
      </p>
      <h1 className="mt-2 text-3xl md:text-4xl">{c.title}</h1>
      <Card className="mt-6" data-certificate={c.code}>
        <p className="text-muted">{c.lead}</p>
        <p className="mt-2 text-2xl font-extrabold break-words text-indigo-800">{c.name}</p>
        <p className="mt-3 text-lg">{c.body}</p>
        {c.impact ? <p className="mt-3 font-bold text-coral-700">{c.impact}</p> : null}
        <dl className="mt-5 grid gap-2 border-t border-coral-100 pt-4 text-sm">
          {c.institution ? (
            <div>
              <dt className="font-bold text-muted">Instituição</dt>
              <dd>{c.institution}</dd>
            </div>
          ) : null}
          <div>
            <dt className="font-bold text-muted">Código de verificação</dt>
            <dd className="font-mono">{c.code}</dd>
          </div>
        </dl>
      </Card>
      <p className="mt-4 text-sm text-muted">
        Este certificado foi emitido pela Festa Solidária. Os valores são os pagamentos confirmados pela operadora, já descontados
        reembolsos e contestações.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <SearchX size={40} strokeWidth={2} className="mx-auto text-coral-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl">Certificado não encontrado</h1>
      <p className="mt-3 text-muted">
        Não encontramos um certificado com este código. Confira se o endereço foi copiado inteiro (o código tem 16 letras e números).
      </p>
      <Link to="/" className={buttonVariants({ className: "mt-6" })}>
        Ir para o início
      </Link>
    </div>
  );
}
