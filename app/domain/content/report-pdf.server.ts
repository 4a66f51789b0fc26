/** The monthly transparency report as PDF, drawn with the app's one PDF helper (platform/pdf.server.ts). */
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { createPdf } from "~/platform/pdf.server";
import { feePercentsLabel, type MonthlyReport } from "./monthly-report.server";

export function renderMonthlyReportPdf(report: MonthlyReport, options: { publicUrl: string; generatedAt?: Date }): Promise<Buffer> {
  const pdf = createPdf({
    title: `Relatório de transparência — ${report.label}`,
    subject: "Relatório mensal de transparência",
    createdAt: options.generatedAt ?? new Date(),
  });
  const { width, heading, paragraph, table } = pdf;

  pdf.title(`Relatório de transparência — ${report.label}`);
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
          p.partyName
            ? p.organizationName
              ? `${p.partyName} — ${p.organizationName}`
              : p.partyName
            : `Doações diretas e mensalidades — ${p.organizationName ?? "instituição"}`,
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

  return pdf.finish((page, pages) => `Festa Solidária · Relatório de ${report.label} · página ${page} de ${pages}`);
}
