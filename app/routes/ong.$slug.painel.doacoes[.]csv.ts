import type { Route } from "./+types/ong.$slug.painel.doacoes[.]csv";
import { filterRange, parseGiftFilters } from "~/domain/ledger/gift-filters";
import { donorLabel, GIFT_SOURCE_LABELS, movementLabel } from "~/domain/ledger/gift-list";
import { institutionGiftRows } from "~/domain/ledger/institution-ledger.server";
import { requireInstitutionViewer } from "~/domain/organizations/institution-guards.server";
import { centsForCsv, csvLine } from "~/platform/csv";
import { formatDateTime, todayInSaoPaulo } from "~/platform/dates";

const HEADER = ["Data e hora", "Movimento", "Origem", "Festa", "Doador", "Recibo nº", "Bruto (R$)", "Taxa (R$)", "Líquido (R$)"];

/** The dashboard's gift list as CSV, with the page's filters (period, origin, party): the institution's team and admins only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { institution } = await requireInstitutionViewer(request, params.slug);
  const filters = parseGiftFilters(new URL(request.url).searchParams);
  const rows = await institutionGiftRows(
    institution.id,
    { range: filterRange(filters), source: filters.origem, partyId: filters.festa },
    1_000_000,
  );
  let body = "\ufeff" + csvLine(HEADER);
  for (const r of rows) {
    body += csvLine([
      formatDateTime(r.occurredAt),
      movementLabel(r.kind),
      GIFT_SOURCE_LABELS[r.source],
      r.partyName ?? "",
      donorLabel(r),
      r.receiptNumber ?? "",
      centsForCsv(r.grossCents),
      centsForCsv(r.feeCents),
      centsForCsv(r.netCents),
    ]);
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="doacoes-${institution.slug}-${todayInSaoPaulo(context.clock.now())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
