/**
 * Admin → Doações: the donation history and what an admin looks at next to it (unmatched payment
 * events, flagged Pix payments).
 */
import { z } from "zod";
import { refundedByDonation } from "~/domain/ledger/index.server";
import { countDonations, type DonationFilter, listDonationsPage, listPartyFilterOptions } from "./donations-admin.server";
import { DONATION_STATUSES } from "./donation-status";
import { listFlaggedPixPayments } from "./pix-payments.server";
import { pendingRefundCents } from "./refunds.server";
import { listUnmatchedPaymentEvents } from "./unmatched-events.server";

const DONATIONS_PAGE_SIZE = 25;

const filterSchema = z.object({
  status: z.enum(DONATION_STATUSES).optional().catch(undefined),
  festa: z.uuid().optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The history's filters from the query string; anything malformed is simply ignored. */
export function parseDonationFilter(url: URL): { filter: DonationFilter; page: number } {
  const parsed = filterSchema.parse({
    status: url.searchParams.get("status") || undefined,
    festa: url.searchParams.get("festa") || undefined,
    pagina: url.searchParams.get("pagina") ?? 1,
  });
  return { filter: { status: parsed.status, partyId: parsed.festa }, page: parsed.pagina };
}

/** The tab's data for its URL (`status`, `festa`, `pagina`): a page of the history with each gift's refunds. */
export async function loadDonationsPanel(url: URL) {
  const { filter, page } = parseDonationFilter(url);
  const total = await countDonations(filter);
  const found = await listDonationsPage(filter, page, DONATIONS_PAGE_SIZE);
  // Refunds (docs/decisions/151-refunds.md): what each gift gave back, what is asked and not yet
  // confirmed ("Reembolso solicitado"), and what may still be refunded.
  const ids = found.map((d) => d.id);
  const [refunded, pending] = await Promise.all([refundedByDonation(ids), pendingRefundCents(ids)]);
  const rows = found.map((d) => {
    const refundedCents = refunded.get(d.id) ?? 0;
    const pendingRefundCents = pending.get(d.id) ?? 0;
    const refundableCents = d.status === "paga" ? Math.max(0, d.amountCents - refundedCents - pendingRefundCents) : 0;
    return { ...d, refundedCents, pendingRefundCents, refundableCents };
  });
  const parties = await listPartyFilterOptions();
  const unmatched = await listUnmatchedPaymentEvents(20);
  const flaggedPix = await listFlaggedPixPayments(20);
  return { filter, page, pageSize: DONATIONS_PAGE_SIZE, total, rows, parties, statuses: DONATION_STATUSES, unmatched, flaggedPix };
}
