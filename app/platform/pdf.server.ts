/**
 * The product's one PDF style (pdfkit's built-in Helvetica: no font files or network): the
 * document with the brand's colours, its "Festa Solidária" title block and page footers. Helvetica
 * speaks WinAnsi, which covers Portuguese; anything else (emoji, other scripts someone may type into
 * a party name) is dropped instead of printing garbage. Used by the monthly transparency report and
 * a party's printable invitation.
 */
import PDFDocument from "pdfkit";

export const PDF_COLORS: Record<"coral" | "indigo" | "muted" | "line", string> = {
  coral: "#c9361f",
  indigo: "#242766",
  muted: "#5d5670",
  line: "#ffe0da",
};

const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

export function toWinAnsi(text: string): string {
  return [...text.normalize("NFC")]
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
    })
    .join("")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** An A4 document and the promise of its bytes (resolved after `doc.end()`). */
export function createPdf(info: { title: string; subject: string; createdAt?: Date }) {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    bufferPages: true,
    info: { Title: info.title, Author: "Festa Solidária", Subject: info.subject, CreationDate: info.createdAt ?? new Date() },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  return { doc, done, left, width };
}
export type Pdf = ReturnType<typeof createPdf>;

/** The brand line and the document's title, at the top of the first page. */
export function pdfTitle({ doc, left, width }: Pdf, title: string, options: { align?: "left" | "center"; size?: number } = {}) {
  doc.font("Helvetica-Bold").fontSize(11).fillColor(PDF_COLORS.coral).text("Festa Solidária", left, 50, { width, align: options.align });
  doc
    .font("Helvetica-Bold")
    .fontSize(options.size ?? 20)
    .fillColor(PDF_COLORS.indigo)
    .text(toWinAnsi(title), { width, align: options.align });
}

/** A centred footer on every page; `line(i, count)` gives its text. */
export function pdfFooters({ doc, left, width }: Pdf, line: (page: number, count: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font("Helvetica").fontSize(8).fillColor(PDF_COLORS.muted);
    const bottom = doc.page.height - 35;
    // Writing inside the bottom margin would make pdfkit add a page: lift the margin first.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(toWinAnsi(line(i + 1, range.count)), left, bottom, { width, align: "center" });
    doc.page.margins.bottom = saved;
  }
}
