/**
 * Renders a monthly transparency report as PDF with pdfkit's built-in Helvetica: no font files
 * or network. Helvetica speaks WinAnsi, which covers Portuguese; anything else (emoji, other
 * scripts an admin may type into a party name) is dropped instead of printing garbage.
 */
import PDFDocument from "pdfkit";
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { feePercentsLabel, type MonthlyReport } from "./monthly-report.server";

export const CORAL = "#c9361f";
export const INDIGO = "#242766";
export const MUTED = "#5d5670";
export const LINE = "#ffe0da";

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

type Column = { header: string; width: number; align?: "left" | "right" };

export function renderMonthlyReportPdf(report: MonthlyReport, options: { publicUrl: string; generatedAt?: Date }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    bufferPages: true,
    info: {
      Title: `Relatório de transparência — ${report.label}`,
      Author: "Festa Solidária",
      Subject: "Relatório mensal de transparência",
      CreationDate: options.generatedAt ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const text = (s: string) => toWinAnsi(s);

  const ensureRoom = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
  };
  const heading = (title: string) => {
    ensureRoom(60);
    doc.moveDown(1.2).font("Helvetica-Bold").fontSize(13).fillColor(INDIGO).text(text(title), left, doc.y);
    doc.moveDown(0.4);
  };
  const paragraph = (s: string, color = MUTED) => {
    doc.font("Helvetica").fontSize(10).fillColor(color).text(text(s), left, doc.y, { width });
  };
  const table = (columns: Column[], rows: string[][], totalRow?: string[]) => {
    const draw = (cells: string[], bold: boolean, color: string) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(9.5)
        .fillColor(color);
      const height = Math.max(...cells.map((c, i) => doc.heightOfString(text(c), { width: columns[i]!.width - 8 }))) + 8;
      ensureRoom(height);
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => {
        const col = columns[i]!;
        doc.text(text(cell), x + 4, y + 4, { width: col.width - 8, align: col.align ?? "left" });
        x += col.width;
      });
      doc
        .moveTo(left, y + height)
        .lineTo(left + width, y + height)
        .strokeColor(LINE)
        .lineWidth(0.8)
        .stroke();
      doc.y = y + height;
    };
    draw(
      columns.map((c) => c.header),
      true,
      INDIGO,
    );
    for (const row of rows) draw(row, false, "#2a2340");
    if (totalRow) draw(totalRow, true, INDIGO);
    doc.x = left;
  };

  // ---- title ----
  doc.font("Helvetica-Bold").fontSize(11).fillColor(CORAL).text("Festa Solidária", left, 50);
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .fillColor(INDIGO)
    .text(text(`Relatório de transparência — ${report.label}`), { width });
  doc.moveDown(0.3);
  paragraph(
    `Gerado em ${formatDateTime(options.generatedAt ?? new Date())} (horário de Brasília) a partir dos registros de pagamentos confirmados.` +
      (report.partial ? " Mês em andamento: os valores ainda podem aumentar até o fim do mês." : ""),
  );

  if (report.isEmpty) {
    heading("Resumo do mês");
    paragraph(`Nenhuma doação, assinatura ou repasse foi registrado em ${report.label}.`, "#2a2340");
    paragraph(
      "Quando houver movimentação, este relatório mostrará os totais, a distribuição por causa, as festas e os repasses realizados.",
    );
  } else {
    heading("Resumo do mês");
    const half = width / 2;
    const fees = feePercentsLabel(report.feePercents);
    table(
      [
        { header: "Item", width: half + 60 },
        { header: "Valor", width: half - 60, align: "right" },
      ],
      [
        [`Doações pagas (${report.donations.gifts})`, formatCents(report.donations.totalCents)],
        ...(report.takenBack.count > 0
          ? [[`Reembolsos e contestações (${report.takenBack.count})`, formatCents(report.takenBack.totalCents)]]
          : []),
        [`Assinaturas Assine o Bem (${report.subscriptions.charges} cobranças)`, formatCents(report.subscriptions.totalCents)],
        ["Total arrecadado", formatCents(report.grossCents)],
        [`Taxa da plataforma${fees ? ` (${fees})` : ""}: operadora de cartão e administração`, formatCents(report.feeCents)],
      ],
      ["Destinado às causas", formatCents(report.netCents)],
    );

    heading("Doações por causa");
    if (report.byCause.length === 0) paragraph("Nenhuma doação paga neste mês.");
    else
      table(
        [
          { header: "Causa", width: width - 240 },
          { header: "Doações", width: 70, align: "right" },
          { header: "Valor", width: 110, align: "right" },
          { header: "%", width: 60, align: "right" },
        ],
        report.byCause.map((c) => [c.name, String(c.gifts), formatCents(c.totalCents), `${c.percent}%`]),
        ["Total", String(report.byCauseTotal.gifts), formatCents(report.byCauseTotal.totalCents), "100%"],
      );

    heading("Doações por festa");
    if (report.byParty.length === 0) paragraph("Nenhuma festa recebeu doações neste mês.");
    else
      table(
        [
          { header: "Festa", width: width - 290 },
          { header: "Causa", width: 120 },
          { header: "Doações", width: 60, align: "right" },
          { header: "Valor", width: 110, align: "right" },
        ],
        report.byParty.map((p) => [p.partyName, p.causeName ?? "—", String(p.gifts), formatCents(p.totalCents)]),
      );

    heading("Repasses realizados");
    if (report.payouts.length === 0) paragraph("Nenhum repasse foi concluído neste mês.");
    else
      table(
        [
          { header: "Festa / instituição", width: width - 330 },
          { header: "Data", width: 70 },
          { header: "Bruto", width: 90, align: "right" },
          { header: "Taxa", width: 80, align: "right" },
          { header: "Líquido", width: 90, align: "right" },
        ],
        report.payouts.map((p) => [
          p.organizationName ? `${p.partyName} — ${p.organizationName}` : p.partyName,
          p.transferredAt ? formatDate(p.transferredAt) : "—",
          formatCents(p.grossCents),
          formatCents(p.feeCents),
          formatCents(p.netCents),
        ]),
      );
  }

  heading("Sobre este relatório");
  paragraph(
    "Contam apenas pagamentos confirmados pela operadora; reembolsos e contestações entram no mês em que acontecem. " +
      "A taxa de cada pagamento é a que vigorava quando ele foi confirmado. Valores em reais (R$). Doadores não são identificados. " +
      "Os repasses às instituições acontecem após a liquidação do cartão pela operadora (até 33 dias após o evento) " +
      `e em até 3 dias úteis depois dela, com comprovante. Mais informações: ${options.publicUrl}/transparencia`,
  );

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    const bottom = doc.page.height - 35;
    // Writing inside the bottom margin would make pdfkit add a page: lift the margin first.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(text(`Festa Solidária · Relatório de ${report.label} · página ${i + 1} de ${range.count}`), left, bottom, {
      width,
      align: "center",
    });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
