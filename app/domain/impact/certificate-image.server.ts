/**
 * An impact certificate as a square image (1080×1080 PNG) to share on WhatsApp and Instagram:
 * laid out by satori and drawn by resvg through the one image renderer (platform/images), in the
 * site's Nunito. Text goes through the PDFs' WinAnsi filter: accents render, emoji are dropped
 * instead of drawing empty boxes.
 */
import QRCode from "qrcode";
import { IMAGE_FONT, renderPng } from "~/platform/images/render-png.server";
import { PDF_COLORS, pdfText } from "~/platform/pdf.server";
import { formatCertificateCode } from "./certificate-code";
import type { Certificate } from "./certificates.server";
import { verificationUrl } from "./certificate-pdf.server";
import { certificateTexts } from "./certificate-texts";

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, children },
});

function nameSize(name: string) {
  if (name.length > 90) return 44;
  if (name.length > 50) return 56;
  if (name.length > 28) return 68;
  return 84;
}

export async function renderCertificatePng(certificate: Certificate, options: { publicUrl: string }): Promise<Buffer> {
  const t = certificateTexts(certificate);
  const clean = (s: string) => pdfText(s);
  const name = clean(t.name) || "Festa Solidária";
  const url = verificationUrl(options.publicUrl, certificate.code);
  const qr = await QRCode.toString(url, {
    type: "svg",
    margin: 0,
    errorCorrectionLevel: "M",
    color: { dark: PDF_COLORS.indigo, light: "#ffffff" },
  });

  const tree = h(
    "div",
    {
      width: 1080,
      height: 1080,
      display: "flex",
      backgroundColor: PDF_COLORS.coral,
      padding: 24,
      fontFamily: IMAGE_FONT,
      boxSizing: "border-box",
    },
    [
      h(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          flexGrow: 1,
          minWidth: 0,
          backgroundColor: "#fff8f1",
          padding: "52px 60px",
          color: "#2a2340",
        },
        [
          h("div", { display: "flex", fontSize: 30, fontWeight: 700, color: PDF_COLORS.coral, letterSpacing: 1 }, "FESTA SOLIDÁRIA"),
          h(
            "div",
            { display: "flex", marginTop: 12, fontSize: 48, fontWeight: 700, color: PDF_COLORS.indigo, lineHeight: 1.1 },
            clean(t.title),
          ),
          h("div", { display: "flex", marginTop: 28, fontSize: 28, color: PDF_COLORS.muted }, clean(t.lead)),
          h(
            "div",
            { display: "flex", marginTop: 12, fontSize: nameSize(name), fontWeight: 700, color: PDF_COLORS.indigo, lineHeight: 1.1 },
            name,
          ),
          h("div", { display: "flex", marginTop: 28, fontSize: 96, fontWeight: 700, color: PDF_COLORS.coral }, clean(t.total)),
          h("div", { display: "flex", marginTop: 8, fontSize: 30, lineHeight: 1.3 }, clean(t.body)),
          t.impact
            ? h(
                "div",
                { display: "flex", marginTop: 16, fontSize: 30, fontWeight: 700, color: PDF_COLORS.indigo, lineHeight: 1.3 },
                clean(t.impact),
              )
            : null,
          h("div", { display: "flex", flexGrow: 1 }),
          h("div", { display: "flex", alignItems: "center", gap: 28 }, [
            h("img", { width: 150, height: 150, backgroundColor: "#ffffff" }, undefined, {
              src: `data:image/svg+xml;base64,${Buffer.from(qr).toString("base64")}`,
              width: 150,
              height: 150,
            }),
            h("div", { display: "flex", flexDirection: "column", fontSize: 24, color: PDF_COLORS.muted }, [
              h("div", { display: "flex", fontWeight: 700, color: PDF_COLORS.indigo }, `Código ${formatCertificateCode(certificate.code)}`),
              h("div", { display: "flex", marginTop: 6 }, "Confira a autenticidade em"),
              h("div", { display: "flex", marginTop: 2, fontSize: 22 }, url.replace(/^https?:\/\//, "")),
            ]),
          ]),
        ].filter(Boolean),
      ),
    ],
  );

  return renderPng(tree as unknown as React.ReactNode, 1080, 1080);
}
