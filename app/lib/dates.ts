import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { ptBR } from "date-fns/locale";

export const TIME_ZONE = "America/Sao_Paulo";

function inSaoPaulo(date: Date | string | number) {
  return new TZDate(new Date(date).getTime(), TIME_ZONE);
}

/** A timestamp shown as dd/MM/yyyy in São Paulo. */
export function formatDate(date: Date | string | number): string {
  return format(inSaoPaulo(date), "dd/MM/yyyy", { locale: ptBR });
}

/** A timestamp shown as dd/MM/yyyy HH:mm in São Paulo. */
export function formatDateTime(date: Date | string | number): string {
  return format(inSaoPaulo(date), "dd/MM/yyyy HH:mm", { locale: ptBR });
}

/** A calendar date (YYYY-MM-DD, no time zone) shown as dd/MM/yyyy. */
export function formatCalendarDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/** A calendar date in words, e.g. "15 de março de 2026". */
export function formatCalendarDateLong(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "d 'de' MMMM 'de' yyyy", { locale: ptBR });
}

/** Today's calendar date in São Paulo as YYYY-MM-DD. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return format(inSaoPaulo(now), "yyyy-MM-dd");
}

/** Adds whole days to a calendar date (YYYY-MM-DD). */
export function addCalendarDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return format(addDays(new Date(Date.UTC(y, m - 1, d, 12)), days), "yyyy-MM-dd");
}

export function isValidCalendarDate(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
