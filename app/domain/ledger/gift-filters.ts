/**
 * The institution dashboard's gift filters (decision 190), read from the URL (a GET form): a period
 * of São Paulo calendar days, where the gift came from, one of the institution's parties. Empty
 * means "all"; a value that cannot be right is dropped rather than reaching the database.
 */
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { addCalendarDays, isValidCalendarDate, TIME_ZONE } from "~/platform/dates";
import { GIFT_SOURCES } from "./gift-list";

const day = z.string().refine(isValidCalendarDate);
const filterSchema = z.object({
  de: day.optional().catch(undefined),
  ate: day.optional().catch(undefined),
  origem: z.enum(GIFT_SOURCES).optional().catch(undefined),
  festa: z.uuid().optional().catch(undefined),
});
export type GiftFilterValues = z.infer<typeof filterSchema>;

export function parseGiftFilters(search: URLSearchParams): GiftFilterValues {
  const pick = (key: string) => search.get(key)?.trim().slice(0, 64) || undefined;
  return filterSchema.parse({ de: pick("de"), ate: pick("ate"), origem: pick("origem"), festa: pick("festa") });
}

const startOfDay = (isoDate: string) => {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, TIME_ZONE).getTime());
};

/** The instants [from, to) the filter's days cover (both days included); undefined when neither is set. */
export function filterRange(f: GiftFilterValues): { from: Date; to: Date } | undefined {
  if (!f.de && !f.ate) return undefined;
  return { from: startOfDay(f.de ?? "2000-01-01"), to: startOfDay(addCalendarDays(f.ate ?? "2999-12-31", 1)) };
}
