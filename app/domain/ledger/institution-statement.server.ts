/**
 * An institution's monthly statement (decision 190), for its accountant: every ledger row of the
 * month that names the institution (gifts, charges, what was taken back, transfers) with gross,
 * fee and net as stored, the month's totals, and who is who (the operator that collects and pays
 * out, the institution that receives, each with its CNPJ). As CSV here; as PDF in
 * institution-statement-pdf.server.ts. The totals are institutionTotals' for the month.
 */
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { centsForCsv, csvLine } from "~/platform/csv";
import { type Operator, operatorLine } from "~/platform/operator";
import { db, type Executor } from "~/platform/db.server";
import { donorLabel, GIFT_SOURCE_LABELS, movementLabel } from "./gift-list";
import {
  institutionGiftRows,
  type InstitutionGiftRow,
  institutionPayoutRows,
  institutionTotals,
  type InstitutionTotals,
} from "./institution-ledger.server";
import type { Range } from "./ledger-reports.server";

export type StatementMonth = { key: string; label: string; range: Range };
export type StatementInstitution = { name: string; legalName: string | null; cnpj: string | null };

export type InstitutionStatement = {
  month: StatementMonth;
  institution: StatementInstitution;
  operator: Operator;
  totals: InstitutionTotals;
  rows: InstitutionGiftRow[];
  payouts: Awaited<ReturnType<typeof institutionPayoutRows>>;
  generatedAt: Date;
};

export async function loadInstitutionStatement(
  organizationId: string,
  input: { month: StatementMonth; institution: StatementInstitution; operator: Operator; generatedAt: Date },
  executor: Executor = db,
): Promise<InstitutionStatement> {
  const [totals, rows, payouts] = await Promise.all([
    institutionTotals(organizationId, input.month.range, executor),
    institutionGiftRows(organizationId, { range: input.month.range }, 100_000, executor),
    institutionPayoutRows(organizationId, input.month.range, executor),
  ]);
  return { ...input, totals, rows: rows.reverse(), payouts: payouts.reverse() };
}

const institutionLine = (i: StatementInstitution) =>
  `${i.legalName ?? i.name}${i.legalName && i.legalName !== i.name ? ` (${i.name})` : ""} · CNPJ ${i.cnpj ?? "não informado"}`;
export const statementParties = (s: Pick<InstitutionStatement, "institution" | "operator">) => ({
  institution: institutionLine(s.institution),
  operator: operatorLine(s.operator),
});

/** The statement as a spreadsheet: who is who, one line per movement, the totals, the transfers. */
export function institutionStatementCsv(statement: InstitutionStatement): string {
  const who = statementParties(statement);
  const lines = [
    csvLine([`Extrato mensal — ${statement.month.label}`]),
    csvLine(["Instituição beneficiária", who.institution]),
    csvLine(["Plataforma (recebe as doações e repassa)", who.operator]),
    csvLine(["Gerado em", formatDate(statement.generatedAt)]),
    csvLine([]),
    csvLine(["Data", "Movimento", "Origem", "Festa", "Doador", "Recibo nº", "Bruto (R$)", "Taxa (R$)", "Líquido (R$)"]),
    ...statement.rows.map((r) =>
      csvLine([
        formatDate(r.occurredAt),
        movementLabel(r.kind),
        GIFT_SOURCE_LABELS[r.source],
        r.partyName ?? "",
        donorLabel(r),
        r.receiptNumber ?? "",
        centsForCsv(r.grossCents),
        centsForCsv(r.feeCents),
        centsForCsv(r.netCents),
      ]),
    ),
    csvLine([
      "Total do mês",
      "",
      "",
      "",
      "",
      "",
      centsForCsv(statement.totals.grossCents),
      centsForCsv(statement.totals.feeCents),
      centsForCsv(statement.totals.netCents),
    ]),
    csvLine([]),
    csvLine(["Data do repasse", "Referente a", "", "", "", "", "Bruto (R$)", "Taxa (R$)", "Líquido transferido (R$)"]),
    ...statement.payouts.map((p) =>
      csvLine([
        formatDate(p.transferredAt),
        payoutSubject(p),
        "",
        "",
        "",
        "",
        centsForCsv(p.grossCents),
        centsForCsv(p.feeCents),
        centsForCsv(p.netCents),
      ]),
    ),
    csvLine(["Total repassado no mês", "", "", "", "", "", "", "", centsForCsv(statement.payouts.reduce((t, p) => t + p.netCents, 0))]),
  ];
  return "\ufeff" + lines.join("");
}

/** "Festa Aniversário da Ana" or "Doações diretas e mensalidades até 10/03/2026". */
export function payoutSubject(p: { partyName: string | null; periodEnd: string | null }): string {
  if (p.partyName) return `Festa ${p.partyName}`;
  return p.periodEnd ? `Doações diretas e mensalidades até ${formatCalendarDate(p.periodEnd)}` : "Doações diretas e mensalidades";
}
