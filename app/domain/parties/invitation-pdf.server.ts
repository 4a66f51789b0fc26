/**
 * A party's printable invitation (issue 17): the party, the cause, the QR code and the link, in the
 * product's one PDF style (platform/pdf.server.ts). A creator prints it for the party's table.
 */
import { formatCalendarDate } from "~/platform/dates";
import { createPdf, PDF_COLORS, pdfText } from "~/platform/pdf.server";
import { qrCodePng } from "~/platform/qr.server";

export type InvitationParty = {
  name: string;
  eventType: string;
  eventDate: string;
  shareLink: string;
  causeName: string;
  institutionName: string | null;
};

export async function renderInvitationPdf(party: InvitationParty): Promise<Buffer> {
  const pdf = createPdf({ title: `Convite — ${party.name}`, subject: "Convite da festa solidária", createdAt: new Date() });
  const { doc, left, width } = pdf;
  const centred = { width, align: "center" as const };

  pdf.title(party.name, { align: "center", size: 26 });
  doc
    .font("Helvetica")
    .fontSize(13)
    .fillColor(PDF_COLORS.muted)
    .text(pdfText(`${party.eventType} · ${formatCalendarDate(party.eventDate)}`), left, doc.y, centred);
  doc.moveDown(1.2);
  doc.font("Helvetica-Bold").fontSize(16).fillColor(PDF_COLORS.indigo).text("No lugar de presentes, uma doação!", left, doc.y, centred);
  doc.moveDown(0.4);
  const receiver = party.institutionName ? `${party.causeName} (${party.institutionName})` : party.causeName;
  doc
    .font("Helvetica")
    .fontSize(12)
    .fillColor(PDF_COLORS.muted)
    .text(
      pdfText(`Toda contribuição vai para ${receiver}. Aponte a câmera do celular para o código e doe com qualquer valor.`),
      left,
      doc.y,
      centred,
    );

  const size = 260;
  const qrTop = doc.y + 24;
  doc.image(await qrCodePng(party.shareLink, 780), left + (width - size) / 2, qrTop, { width: size, height: size });
  doc.y = qrTop + size + 16;
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .fillColor(PDF_COLORS.indigo)
    .text(pdfText(party.shareLink), left, doc.y, { ...centred, link: party.shareLink });

  return pdf.finish(() => "Festa Solidária · transforme sua festa em solidariedade");
}
