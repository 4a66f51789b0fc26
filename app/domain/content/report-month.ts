/**
 * Report months (YYYY-MM) in the São Paulo calendar: validation, ranges and labels. A month is
 * reportable from January 2020 up to the current month.
 */
import { TZDate } from "@date-fns/tz";
import { monthName, TIME_ZONE, todayInSaoPaulo } from "~/platform/dates";

export type ReportMonth = { year: number; month: number; key: string };

const FIRST_YEAR = 2020;

export function parseReportMonth(value: string, now: Date = new Date()): ReportMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12 || year < FIRST_YEAR) return null;
  if (value > todayInSaoPaulo(now).slice(0, 7)) return null;
  return { year, month, key: value };
}

/** The instants [from, to) of a month in São Paulo. */
export function monthRange({ year, month }: ReportMonth) {
  return {
    from: new Date(new TZDate(year, month - 1, 1, TIME_ZONE).getTime()),
    to: new Date(new TZDate(year, month, 1, TIME_ZONE).getTime()),
  };
}

/** "março de 2026" */
export function monthLabel({ year, month }: ReportMonth): string {
  return `${monthName(month)} de ${year}`;
}

/** "2026-03" → "março de 2026" (a key read back from the database). */
export function monthKeyLabel(key: string): string {
  return monthLabel({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), key });
}

export function isCurrentMonth(m: ReportMonth, now: Date = new Date()) {
  return m.key === todayInSaoPaulo(now).slice(0, 7);
}

/** The current month and the ones before it, newest first. */
export function recentReportMonths(count: number, now: Date = new Date()): ReportMonth[] {
  const [y, m] = todayInSaoPaulo(now).split("-").map(Number) as [number, number];
  const months: ReportMonth[] = [];
  for (let i = 0; i < count; i++) {
    const total = y * 12 + (m - 1) - i;
    const year = Math.floor(total / 12);
    const month = (total % 12) + 1;
    if (year < FIRST_YEAR) break;
    months.push({ year, month, key: `${year}-${String(month).padStart(2, "0")}` });
  }
  return months;
}
