// Dates for people in Brazil, shown in São Paulo time. Built on Intl (in every browser and in Node)
// rather than date-fns: these run on the client too, and the library and its locale cost ~9 KB gzip
// on every page that shows a date.

export const TIME_ZONE = "America/Sao_Paulo";

// Built on first use, not when the module is evaluated: the first formatter with a time zone loads
// ICU's zone data (~20 ms on a busy laptop, 4× that on a slow phone), and this module is in the
// client's shared chunk, evaluated before hydration on every page whether it shows a date or not.
let numericParts: Intl.DateTimeFormat | undefined;

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/** Year, month, day, hour and minute of a timestamp on a São Paulo wall clock, zero-padded. */
function inSaoPaulo(date: Date | string | number) {
  const parts: Record<string, string> = {};
  numericParts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  for (const { type, value } of numericParts.formatToParts(new Date(date))) parts[type] = value;
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** A timestamp shown as dd/MM/yyyy in São Paulo. */
export function formatDate(date: Date | string | number): string {
  const { year, month, day } = inSaoPaulo(date);
  return `${day}/${month}/${year}`;
}

/** A timestamp shown as dd/MM/yyyy HH:mm in São Paulo. */
export function formatDateTime(date: Date | string | number): string {
  const { year, month, day, hour, minute } = inSaoPaulo(date);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** A calendar date (YYYY-MM-DD, no time zone) shown as dd/MM/yyyy. */
export function formatCalendarDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/** A month's name in Portuguese, lower case as in running text ("março"); `month` counts from 1. */
export function monthName(month: number): string {
  return MONTHS[month - 1]!;
}

/** Today's calendar date in São Paulo as YYYY-MM-DD. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const { year, month, day } = inSaoPaulo(now);
  return `${year}-${month}-${day}`;
}

/** Adds whole days to a calendar date (YYYY-MM-DD). */
export function addCalendarDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function isValidCalendarDate(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
