/** A certificate as a download (PDF or square PNG), for the resource routes of /painel and /conta. */
import { renderCertificatePng } from "./certificate-image.server";
import { renderCertificatePdf } from "./certificate-pdf.server";
import type { Certificate } from "./certificates.server";

const CERTIFICATE_FORMATS = ["pdf", "imagem"] as const;
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number];

export function isCertificateFormat(value: string | undefined): value is CertificateFormat {
  return (CERTIFICATE_FORMATS as readonly string[]).includes(value ?? "");
}

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

export async function certificateDownload(
  certificate: Certificate,
  format: CertificateFormat,
  options: { publicUrl: string; now: Date; fileName: string },
): Promise<Response> {
  const body =
    format === "pdf"
      ? await renderCertificatePdf(certificate, { publicUrl: options.publicUrl, generatedAt: options.now })
      : await renderCertificatePng(certificate, { publicUrl: options.publicUrl });
  const ext = format === "pdf" ? "pdf" : "png";
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": format === "pdf" ? "application/pdf" : "image/png",
      "Content-Disposition": `attachment; filename="${options.fileName}.${ext}"`,
      "Content-Length": String(body.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const certificateNotFound = () => plain(404, "Certificado não encontrado. Ele fica disponível quando a festa termina.");
