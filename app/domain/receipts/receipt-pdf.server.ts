/**
 * The receipt (one gift or charge) and the yearly statement (all of a donor's receipts of a
 * year) as PDF, drawn with the app's one PDF helper (platform/pdf.server.ts: Helvetica, WinAnsi —
 * accents render, emoji are dropped). Amounts are the ledger's stored ones (receipts.server.ts).
 */
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { type Operator, operatorLine, operatorSentence } from "~/platform/operator";
import { createPdf, PDF_COLORS, pdfText, type Pdf } from "~/platform/pdf.server";
import { formatCnpj } from "~/domain/organizations";
import { planName } from "~/domain/subscriptions";
import { matchedGiftSentence } from "~/domain/matching/index.server";
import type { Receipt } from "./receipts.server";
import { ANONYMOUS_GIFT_LABEL, FEE_COVERED_LABEL, formatReceiptNumber, receiptPath } from "./receipt-rules";

const percent = (p: number | null) => (p === null ? "" : ` (${p.toLocaleString("pt-BR")}%)`);

function receiptTitle(r: Receipt) {
  return r.kind === "subscription" ? "Recibo de contribuição — Assine o Bem" : "Recibo de doação";
}

function institutionLine(r: Receipt) {
  if (!r.institution) return "Festa Solidária";
  const cnpj = r.institution.cnpj ? ` — CNPJ ${formatCnpj(r.institution.cnpj)}` : "";
  const place = r.institution.city ? ` — ${r.institution.city}${r.institution.state ? ` - ${r.institution.state}` : ""}` : "";
  return `${r.institution.legalName ?? r.institution.name}${cnpj}${place}`;
}

function destination(r: Receipt) {
  if (r.kind === "subscription") {
    const plan = r.plan ? planName(r.plan) : undefined;
    return `Assine o Bem${plan ? ` (plano ${plan})` : ""}: fundo principal da Festa Solidária, destinado à instituição principal`;
  }
  return r.party ? `Festa "${r.party.name}"` : "Doação direta à instituição";
}

/** The statement's one-line destination: the institution, and a charge's plan as its row recorded it. */
function summaryDestination(r: Receipt) {
  const institution = r.institution?.name ?? "Festa Solidária";
  if (r.kind !== "subscription") return institution;
  const plan = r.plan ? planName(r.plan) : undefined;
  return `${institution} (Assine o Bem${plan ? `, plano ${plan}` : ""})`;
}

function receiptRows(r: Receipt): string[][] {
  return [
    ["Recibo nº", formatReceiptNumber(r.number, r.kind)],
    ["Data do pagamento", `${formatDateTime(r.paidAt)} (horário de Brasília)`],
    ["Doador(a)", r.anonymous || !r.donorName ? ANONYMOUS_GIFT_LABEL : r.donorName],
    ["Destino", destination(r)],
    ["Instituição beneficiária", institutionLine(r)],
  ];
}

function amountRows(r: Receipt): string[][] {
  // The donor covered the fee (decision 216): the gift, the fee covered and what was paid, from the paid row.
  const covered =
    r.feeCoveredCents > 0
      ? [
          [FEE_COVERED_LABEL, formatCents(r.feeCoveredCents)],
          ["Total pago", formatCents(r.grossCents)],
        ]
      : [];
  return [
    ["Valor doado", formatCents(r.grossCents - r.feeCoveredCents)],
    ...covered,
    [`Taxa da plataforma${percent(r.feePercent)}: operadora de cartão e administração`, formatCents(r.feeCents)],
    // Promised by a matching sponsor (issue 29): said apart, never in the amounts.
    ...(r.matched ? [["Patrocínio em dobro", matchedGiftSentence(r.matched)]] : []),
  ];
}

type PdfOptions = { publicUrl: string; generatedAt: Date; operator: Operator };

function drawReceipt(pdf: Pdf, r: Receipt, { publicUrl, operator }: PdfOptions) {
  const { doc, left, width } = pdf;
  pdf.title(receiptTitle(r));
  pdf.paragraph(
    `Nº ${formatReceiptNumber(r.number, r.kind)} · emitido pela Festa Solidária a partir do pagamento confirmado pela operadora.`,
  );
  pdf.paragraph(`Emitente: ${operatorLine(operator)}`);
  if (r.cancelled) {
    doc.moveDown(0.6);
    pdf.paragraph(
      "ATENÇÃO: este pagamento foi estornado (reembolso ou contestação) depois de confirmado. Este recibo não vale como comprovante de doação.",
      PDF_COLORS.coral,
    );
  }
  pdf.heading("Dados da doação");
  pdf.table(
    [
      { header: "", width: 150 },
      { header: "", width: width - 150 },
    ],
    receiptRows(r),
  );
  pdf.heading("Valores");
  pdf.table(
    [
      { header: "Item", width: width - 130 },
      { header: "Valor", width: 130, align: "right" },
    ],
    amountRows(r),
    ["Valor líquido para a instituição", formatCents(r.netCents)],
  );
  pdf.heading("Verifique este recibo");
  const url = `${publicUrl}${receiptPath(r.code)}`;
  pdf.paragraph("Qualquer pessoa pode confirmar que este recibo é verdadeiro neste endereço:");
  doc.moveDown(0.2);
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(PDF_COLORS.indigo)
    .text(pdfText(url), left, doc.y, { width, link: url, underline: true });
  doc.moveDown(0.6);
  pdf.paragraph(
    `${operatorSentence(operator)} A Festa Solidária é uma plataforma de arrecadação: recebe as doações, retém a taxa indicada acima e repassa o valor líquido à instituição beneficiária. ` +
      "Este recibo comprova a doação; não é nota fiscal.",
  );
}

export function renderReceiptPdf(receipt: Receipt, options: PdfOptions): Promise<Buffer> {
  const pdf = createPdf({
    title: `${receiptTitle(receipt)} nº ${formatReceiptNumber(receipt.number, receipt.kind)}`,
    subject: "Recibo",
    createdAt: options.generatedAt,
  });
  drawReceipt(pdf, receipt, options);
  return pdf.finish(
    () => `Festa Solidária · Recibo nº ${formatReceiptNumber(receipt.number, receipt.kind)} · gerado em ${formatDate(options.generatedAt)}`,
  );
}

/** One PDF with every receipt of a year: a summary table, then each receipt on its own page. */
export function renderYearlyStatementPdf(
  input: { year: number; donorName: string; receipts: Receipt[] },
  options: PdfOptions,
): Promise<Buffer> {
  const { year, receipts } = input;
  const pdf = createPdf({
    title: `Recibos de ${year} — Festa Solidária`,
    subject: "Extrato anual de doações",
    createdAt: options.generatedAt,
  });
  const { width } = pdf;
  pdf.title(`Extrato de doações de ${year}`);
  pdf.paragraph(`${input.donorName} · gerado em ${formatDateTime(options.generatedAt)} (horário de Brasília).`);
  pdf.paragraph(`Emitente: ${operatorLine(options.operator)}`);
  const valid = receipts.filter((r) => !r.cancelled);
  const sum = (key: "grossCents" | "feeCents" | "netCents") => valid.reduce((s, r) => s + r[key], 0);
  pdf.heading("Resumo");
  if (receipts.length === 0) pdf.paragraph(`Nenhuma doação confirmada em ${year}.`, PDF_COLORS.ink);
  else
    pdf.table(
      [
        { header: "Recibo", width: 70 },
        { header: "Data", width: 65 },
        { header: "Instituição", width: width - 345 },
        { header: "Valor", width: 75, align: "right" },
        { header: "Taxa", width: 60, align: "right" },
        { header: "Líquido", width: 75, align: "right" },
      ],
      receipts.map((r) => [
        formatReceiptNumber(r.number, r.kind) + (r.cancelled ? " (estornado)" : ""),
        formatDate(r.paidAt),
        summaryDestination(r),
        formatCents(r.grossCents),
        formatCents(r.feeCents),
        formatCents(r.netCents),
      ]),
      [
        "Total",
        "",
        `${valid.length} ${valid.length === 1 ? "doação" : "doações"}`,
        formatCents(sum("grossCents")),
        formatCents(sum("feeCents")),
        formatCents(sum("netCents")),
      ],
    );
  pdf.doc.moveDown(0.6);
  pdf.paragraph("Pagamentos estornados (reembolso ou contestação) aparecem na lista e ficam fora do total.");
  for (const r of receipts) {
    pdf.doc.addPage();
    drawReceipt(pdf, r, options);
  }
  return pdf.finish((page, pages) => `Festa Solidária · Extrato de ${year} · página ${page} de ${pages}`);
}
