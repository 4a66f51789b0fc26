import type { Route } from "./+types/admin.doacoes[.]csv";
import { parseDonationFilter } from "~/domain/donations/index.server";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { centsForCsv, csvLine } from "~/platform/csv";
import { formatDateTime, todayInSaoPaulo } from "~/platform/dates";
import { iterateDonations } from "~/domain/donations/donations-admin.server";

const HEADER = [
  "Recibo",
  "Data e hora",
  "Doador",
  "E-mail",
  "Mensagem",
  "Festa",
  "Valor bruto (R$)",
  "Taxa coberta pelo doador (R$)",
  "Taxa do provedor (R$)",
  "Taxa da plataforma (R$)",
  "Líquido para a instituição (R$)",
  "Status",
];
/** A figure of the paid row; empty when the gift was never paid or the provider did not report it. */
const cents = (value: number | null) => (value === null ? "" : centsForCsv(value));

/** The Doações tab's filtered history as CSV (same `status` and `festa` filters), admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { filter } = parseDonationFilter(new URL(request.url));
  let body = "\ufeff" + csvLine(HEADER);
  for await (const d of iterateDonations(filter)) {
    body += csvLine([
      d.receiptNumber,
      formatDateTime(d.createdAt),
      d.anonymous || !d.donorName ? "Doação Anônima" : d.donorName,
      d.donorEmail,
      d.message,
      d.partyName ?? "Doação direta",
      // Paid: the row's gross, the fee the donor covered inside it (decision 216).
      centsForCsv(d.grossCents ?? d.amountCents),
      cents(d.feeCoveredCents),
      cents(d.providerFeeCents),
      cents(d.platformFeeCents),
      cents(d.netCents),
      d.status,
    ]);
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="doacoes-${todayInSaoPaulo()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
