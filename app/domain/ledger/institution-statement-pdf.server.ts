/** The institution's monthly statement as PDF (decision 190), drawn with the app's one PDF helper. */
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { createPdf } from "~/platform/pdf.server";
import { donorLabel, GIFT_SOURCE_LABELS, movementLabel } from "./gift-list";
import { type InstitutionStatement, payoutSubject, statementParties } from "./institution-statement.server";

export function renderInstitutionStatementPdf(statement: InstitutionStatement): Promise<Buffer> {
  const title = `Extrato mensal — ${statement.month.label}`;
  const pdf = createPdf({ title, subject: `Extrato de ${statement.institution.name}`, createdAt: statement.generatedAt });
  const { width, heading, paragraph, table } = pdf;
  const who = statementParties(statement);

  pdf.title(title);
  paragraph(`Instituição beneficiária: ${who.institution}`, "#2a2340");
  paragraph(`Plataforma que recebe as doações e faz os repasses: ${who.operator}`, "#2a2340");
  paragraph(`Gerado em ${formatDateTime(statement.generatedAt)} (horário de Brasília), a partir do livro-caixa da Festa Solidária.`);

  heading("Resumo do mês");
  const half = width / 2;
  table(
    [
      { header: "", width: half + 60 },
      { header: "", width: half - 60, align: "right" },
    ],
    [
      ["Doações e mensalidades recebidas (bruto)", formatCents(statement.totals.grossCents - statement.totals.takenBackGrossCents)],
      ["Reembolsos e contestações", formatCents(statement.totals.takenBackGrossCents)],
      ["Total bruto", formatCents(statement.totals.grossCents)],
      ["Taxa da plataforma", formatCents(-statement.totals.feeCents)],
      ["Líquido para a instituição", formatCents(statement.totals.netCents)],
      ["Repassado no mês", formatCents(statement.totals.paidOutCents)],
    ],
  );

  heading("Movimentos");
  if (statement.rows.length === 0) paragraph("Nenhuma doação, mensalidade ou reembolso neste mês.");
  else
    table(
      [
        { header: "Data", width: 62 },
        { header: "Movimento", width: width - 62 - 170 - 186 },
        { header: "Doador / festa", width: 170 },
        { header: "Bruto", width: 64, align: "right" },
        { header: "Taxa", width: 56, align: "right" },
        { header: "Líquido", width: 66, align: "right" },
      ],
      statement.rows.map((r) => [
        formatDate(r.occurredAt),
        `${movementLabel(r.kind)} · ${GIFT_SOURCE_LABELS[r.source]}${r.receiptNumber ? ` nº ${r.receiptNumber}` : ""}`,
        r.partyName ? `${donorLabel(r)} · ${r.partyName}` : donorLabel(r),
        formatCents(r.grossCents),
        formatCents(r.feeCents),
        formatCents(r.netCents),
      ]),
      [
        "Total",
        "",
        "",
        formatCents(statement.totals.grossCents),
        formatCents(statement.totals.feeCents),
        formatCents(statement.totals.netCents),
      ],
    );

  heading("Repasses realizados no mês");
  if (statement.payouts.length === 0) paragraph("Nenhum repasse neste mês.");
  else
    table(
      [
        { header: "Data", width: 70 },
        { header: "Referente a", width: width - 70 - 270 },
        { header: "Bruto", width: 90, align: "right" },
        { header: "Taxa", width: 80, align: "right" },
        { header: "Líquido", width: 100, align: "right" },
      ],
      statement.payouts.map((p) => [
        formatDate(p.transferredAt),
        payoutSubject(p),
        formatCents(p.grossCents),
        formatCents(p.feeCents),
        formatCents(p.netCents),
      ]),
    );

  heading("Como ler este extrato");
  paragraph(
    "Cada linha é um lançamento do livro-caixa, com a taxa fixada quando o dinheiro entrou. Reembolsos e contestações entram no mês em que aconteceram, como valores negativos. " +
      "O líquido é o bruto menos a taxa da plataforma; os repasses transferem o líquido após a liquidação pela operadora de pagamento. Valores em reais (R$).",
  );
  return pdf.finish(
    (page, pages) => `Festa Solidária · ${statement.institution.name} · ${statement.month.label} · página ${page} de ${pages}`,
  );
}
