import type { Route } from "./+types/transparencia.relatorio.$mes";
import { loadMonthlyReport } from "~/domain/content/monthly-report.server";
import { renderMonthlyReportPdf } from "~/domain/content/report-pdf.server";
import { parseReportMonth } from "~/domain/content/report-month";

/** GET /transparencia/relatorio/2026-03: the month's public report as a PDF download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, clock } = context;
  const now = clock.now();
  const month = parseReportMonth(params.mes, now);
  if (!month) {
    return new Response("Relatório não encontrado: use um mês no formato AAAA-MM, de 2020 até o mês atual.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const report = await loadMonthlyReport(month, now);
  const pdf = await renderMonthlyReportPdf(report, { publicUrl: config.PUBLIC_URL, generatedAt: now });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="festa-solidaria-transparencia-${month.key}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
