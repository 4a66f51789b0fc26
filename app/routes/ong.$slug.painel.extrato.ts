import type { Route } from "./+types/ong.$slug.painel.extrato";
import { monthLabel, monthRange, parseReportMonth } from "~/domain/content/report-month";
import { institutionStatementCsv, loadInstitutionStatement } from "~/domain/ledger/institution-statement.server";
import { renderInstitutionStatementPdf } from "~/domain/ledger/institution-statement-pdf.server";
import { requireInstitutionViewer } from "~/domain/organizations/institution-guards.server";
import { formatCnpj } from "~/domain/organizations/cnpj-format";
import { findInstitutionIdentity } from "~/domain/organizations/organizations.server";

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/** GET /ong/:slug/painel/extrato?mes=2026-03&formato=pdf|csv: the month's statement, for the team and admins. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { institution } = await requireInstitutionViewer(request, params.slug);
  const search = new URL(request.url).searchParams;
  const now = context.clock.now();
  const month = parseReportMonth(search.get("mes") ?? "", now);
  const format = search.get("formato");
  if (!month) return text("Extrato não encontrado: escolha um mês de 2020 até o mês atual (AAAA-MM).", 404);
  if (format !== "pdf" && format !== "csv") return text("Formato desconhecido: use pdf ou csv.", 400);
  const identity = await findInstitutionIdentity(institution.id);
  const statement = await loadInstitutionStatement(institution.id, {
    month: { key: month.key, label: monthLabel(month), range: monthRange(month) },
    institution: { name: identity!.name, legalName: identity!.legalName, cnpj: identity!.cnpj ? formatCnpj(identity!.cnpj) : null },
    operator: context.config.operator,
    generatedAt: now,
  });
  const name = `extrato-${institution.slug}-${month.key}.${format}`;
  const headers = {
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (format === "csv")
    return new Response(institutionStatementCsv(statement), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  const pdf = await renderInstitutionStatementPdf(statement);
  return new Response(new Uint8Array(pdf), {
    headers: { ...headers, "Content-Type": "application/pdf", "Content-Length": String(pdf.length) },
  });
}
