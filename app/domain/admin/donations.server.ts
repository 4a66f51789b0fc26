import { z } from "zod";
import { DONATION_STATUSES } from "~/domain/donations";
import {
  countDonations,
  type DonationFilter,
  listDonationsPage,
  listPartyFilterOptions,
  listFlaggedPixPayments,
  listUnmatchedPaymentEvents,
} from "~/domain/donations/index.server";

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

export async function loadDonations(url: URL) {
  const { filter, page } = parseDonationFilter(url);
  const total = await countDonations(filter);
  const rows = await listDonationsPage(filter, page, DONATIONS_PAGE_SIZE);
  const parties = await listPartyFilterOptions();
  const unmatched = await listUnmatchedPaymentEvents(20);
  const flaggedPix = await listFlaggedPixPayments(20);
  return { filter, page, pageSize: DONATIONS_PAGE_SIZE, total, rows, parties, statuses: DONATION_STATUSES, unmatched, flaggedPix };
}
