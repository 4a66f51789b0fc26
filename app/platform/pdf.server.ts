/**
 * The one way the app writes a PDF (the monthly transparency report, gift receipts, the yearly
 * statement, a party's invitation): pdfkit with its built-in Helvetica, no font files or network. Helvetica speaks
 * WinAnsi, which covers Portuguese (every accent, ç, º, ª, €, “quotes”); anything else (emoji,
 * other scripts someone may type into a name) is dropped by `pdfText` instead of printing garbage.
 */
import PDFDocument from "pdfkit";

export const PDF_COLORS = { coral: "#c9361f", indigo: "#242766", muted: "#5d5670", line: "#ffe0da", ink: "#2a2340" } as const;

const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** The text as Helvetica can draw it: WinAnsi characters only, runs of spaces left by dropped ones collapsed. */
export function pdfText(text: string): string {
  return [...text.normalize("NFC")]
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
    })
    .join("")
    .replace(/\s{2,}/g, " ")
    .trim();
}

export type PdfColumn = { header: string; width: number; align?: "left" | "right" };

/** An A4 document with 50 pt margins and buffered pages; `finish()` ends it and resolves with its bytes. */
export function createPdf(info: { title: string; subject: string; createdAt: Date; layout?: "portrait" | "landscape"; margin?: number }) {
  const doc = new PDFDocument({
    size: "A4",
    layout: info.layout ?? "portrait",
    margin: info.margin ?? 50,
    bufferPages: true,
    info: { Title: pdfText(info.title), Author: "Festa Solidária", Subject: pdfText(info.subject), CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const ensureRoom = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
  };
  const heading = (title: string) => {
    ensureRoom(60);
    doc.moveDown(1.2).font("Helvetica-Bold").fontSize(13).fillColor(PDF_COLORS.indigo).text(pdfText(title), left, doc.y);
    doc.moveDown(0.4);
  };
  const paragraph = (s: string, color: string = PDF_COLORS.muted) => {
    doc.font("Helvetica").fontSize(10).fillColor(color).text(pdfText(s), left, doc.y, { width });
  };
  /** The brand line and the document's title at the top of the first page. */
  const title = (s: string, options: { align?: "left" | "center"; size?: number } = {}) => {
    doc.font("Helvetica-Bold").fontSize(11).fillColor(PDF_COLORS.coral).text("Festa Solidária", left, 50, { width, align: options.align });
    doc
      .font("Helvetica-Bold")
      .fontSize(options.size ?? 20)
      .fillColor(PDF_COLORS.indigo)
      .text(pdfText(s), { width, align: options.align });
    doc.moveDown(0.3);
  };
  const table = (columns: PdfColumn[], rows: string[][], totalRow?: string[]) => {
    const draw = (cells: string[], bold: boolean, color: string) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(9.5)
        .fillColor(color);
      const height = Math.max(...cells.map((c, i) => doc.heightOfString(pdfText(c), { width: columns[i]!.width - 8 }))) + 8;
      ensureRoom(height);
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => {
        const col = columns[i]!;
        doc.text(pdfText(cell), x + 4, y + 4, { width: col.width - 8, align: col.align ?? "left" });
        x += col.width;
      });
      doc
        .moveTo(left, y + height)
        .lineTo(left + width, y + height)
        .strokeColor(PDF_COLORS.line)
        .lineWidth(0.8)
        .stroke();
      doc.y = y + height;
    };
    // A table whose headers are all empty (label | value) has no header row.
    if (columns.some((c) => c.header))
      draw(
        columns.map((c) => c.header),
        true,
        PDF_COLORS.indigo,
      );
    for (const row of rows) draw(row, false, PDF_COLORS.ink);
    if (totalRow) draw(totalRow, true, PDF_COLORS.indigo);
    doc.x = left;
  };
  /** Writes each page's footer (`footer(page, pages)`) and ends the document. */
  const finish = (footer?: (page: number, pages: number) => string): Promise<Buffer> => {
    const range = doc.bufferedPageRange();
    for (let i = range.start; footer && i < range.start + range.count; i++) {
      doc.switchToPage(i);
      doc.font("Helvetica").fontSize(8).fillColor(PDF_COLORS.muted);
      // Writing inside the bottom margin would make pdfkit add a page: lift the margin first.
      const saved = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.text(pdfText(footer!(i + 1, range.count)), left, doc.page.height - 35, { width, align: "center" });
      doc.page.margins.bottom = saved;
    }
    doc.end();
    return done;
  };
  return { doc, left, width, ensureRoom, heading, paragraph, title, table, finish };
}

export type Pdf = ReturnType<typeof createPdf>;
