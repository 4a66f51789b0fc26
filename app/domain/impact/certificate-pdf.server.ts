/**
 * An impact certificate as a one-page PDF (A4 landscape), through the one PDF helper
 * (platform/pdf.server.ts: pdfkit's Helvetica, WinAnsi text — accents print, emoji are dropped —
 * and the brand's colours), with a QR code of the verification link.
 */
import QRCode from "qrcode";
import { formatCalendarDate, todayInSaoPaulo } from "~/platform/dates";
import { createPdf, PDF_COLORS, pdfText } from "~/platform/pdf.server";
import { formatCertificateCode } from "./certificate-code";
import type { Certificate } from "./certificates.server";
import { certificateTexts } from "./certificate-texts";

export function verificationUrl(publicUrl: string, code: string) {
  return `${publicUrl}/certificado/${code}`;
}

function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const cell = size / n;
  doc.save().fillColor(PDF_COLORS.indigo);
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.2, cell + 0.2).fill();
  doc.restore();
}

export function renderCertificatePdf(certificate: Certificate, options: { publicUrl: string; generatedAt?: Date }): Promise<Buffer> {
  const t = certificateTexts(certificate);
  const pdf = createPdf({
    title: t.title,
    subject: t.title,
    createdAt: options.generatedAt ?? new Date(),
    layout: "landscape",
    margin: 60,
  });
  const { doc } = pdf;
  const W = doc.page.width;
  const H = doc.page.height;
  const left = 80;
  const width = W - 2 * left;
  const text = pdfText;

  // A festive frame: cream page, coral border, a thin inner line.
  doc.rect(0, 0, W, H).fill("#fff8f1");
  doc
    .lineWidth(10)
    .strokeColor(PDF_COLORS.coral)
    .rect(22, 22, W - 44, H - 44)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor(PDF_COLORS.line)
    .rect(36, 36, W - 72, H - 72)
    .stroke();

  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor(PDF_COLORS.coral)
    .text("FESTA SOLIDÁRIA", left, 70, { width, align: "center", characterSpacing: 1 });
  doc
    .font("Helvetica-Bold")
    .fontSize(32)
    .fillColor(PDF_COLORS.indigo)
    .text(text(t.title), left, doc.y + 6, { width, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(14)
    .fillColor(PDF_COLORS.muted)
    .text(text(t.lead), left, doc.y + 18, { width, align: "center" });

  // The name: as big as fits in two lines.
  const name = text(t.name) || "Festa Solidária";
  let size = 34;
  doc.font("Helvetica-Bold");
  while (size > 16 && doc.fontSize(size).heightOfString(name, { width }) > size * 2.6) size -= 2;
  doc
    .fillColor(PDF_COLORS.indigo)
    .fontSize(size)
    .text(name, left, doc.y + 12, { width, align: "center" });
  doc
    .font("Helvetica-Bold")
    .fontSize(40)
    .fillColor(PDF_COLORS.coral)
    .text(text(t.total), left, doc.y + 14, { width, align: "center" });

  doc
    .font("Helvetica")
    .fontSize(15)
    .fillColor("#2a2340")
    .text(text(t.body), left, doc.y + 14, { width, align: "center", lineGap: 3 });
  if (t.impact)
    doc
      .font("Helvetica-Bold")
      .fontSize(14)
      .fillColor(PDF_COLORS.coral)
      .text(text(t.impact), left, doc.y + 10, { width, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(12)
    .fillColor(PDF_COLORS.muted)
    .text(text(t.thanks), left, doc.y + 12, { width, align: "center" });

  // Verification: QR code and link at the bottom.
  const url = verificationUrl(options.publicUrl, certificate.code);
  const qrSize = 74;
  const bottom = H - 60 - qrSize;
  drawQr(doc, url, left, bottom, qrSize);
  const saved = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(PDF_COLORS.indigo)
    .text(`Código de verificação: ${formatCertificateCode(certificate.code)}`, left + qrSize + 16, bottom + 14, {
      width: width - qrSize - 16,
    });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(PDF_COLORS.muted)
    .text(`Confira a autenticidade em ${url}`, left + qrSize + 16, doc.y + 4, { width: width - qrSize - 16 });
  doc.text(
    `Valores confirmados pela operadora de pagamento, líquidos de reembolsos. Emitido em ${formatCalendarDate(todayInSaoPaulo(options.generatedAt ?? new Date()))}.`,
    left + qrSize + 16,
    doc.y + 4,
    { width: width - qrSize - 16 },
  );
  doc.page.margins.bottom = saved;
  return pdf.finish();
}
