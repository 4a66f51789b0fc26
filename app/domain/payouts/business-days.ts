/**
 * Brazilian business days for payout deadlines (decisions.md, Payouts): the card operator settles
 * 33 calendar days after the event, then the team has 3 business days to transfer. Banks close on
 * weekends, national holidays and the movable bank holidays (Carnaval Monday and Tuesday, Sexta-feira
 * Santa, Corpus Christi), so none of those count. Dates are São Paulo calendar dates (YYYY-MM-DD).
 */
import { addCalendarDays } from "~/platform/dates";

export const CARD_SETTLEMENT_DAYS = 33;
export const TRANSFER_BUSINESS_DAYS = 3;

/** Easter Sunday (Gregorian, anonymous algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const FIXED_HOLIDAYS: Array<{ monthDay: string; name: string; since?: number }> = [
  { monthDay: "01-01", name: "Confraternização Universal" },
  { monthDay: "04-21", name: "Tiradentes" },
  { monthDay: "05-01", name: "Dia do Trabalho" },
  { monthDay: "09-07", name: "Independência do Brasil" },
  { monthDay: "10-12", name: "Nossa Senhora Aparecida" },
  { monthDay: "11-02", name: "Finados" },
  { monthDay: "11-15", name: "Proclamação da República" },
  // Lei 14.759/2023 made it a national holiday from 2024 on.
  { monthDay: "11-20", name: "Dia Nacional de Zumbi e da Consciência Negra", since: 2024 },
  { monthDay: "12-25", name: "Natal" },
];

const cache = new Map<number, Map<string, string>>();

/** Every non-working bank day of a year that is not a weekend, date → name. */
export function holidaysOf(year: number): Map<string, string> {
  const cached = cache.get(year);
  if (cached) return cached;
  const result = new Map<string, string>();
  for (const h of FIXED_HOLIDAYS) {
    if (h.since === undefined || year >= h.since) result.set(`${year}-${h.monthDay}`, h.name);
  }
  const easter = easterSunday(year);
  result.set(addCalendarDays(easter, -48), "Carnaval (segunda-feira)");
  result.set(addCalendarDays(easter, -47), "Carnaval (terça-feira)");
  result.set(addCalendarDays(easter, -2), "Sexta-feira Santa");
  result.set(addCalendarDays(easter, 60), "Corpus Christi");
  cache.set(year, result);
  return result;
}

function isWeekend(isoDate: string): boolean {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export function isBusinessDay(isoDate: string): boolean {
  return !isWeekend(isoDate) && !holidaysOf(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** The `count`-th business day after `isoDate` (the start day itself never counts). */
export function addBusinessDays(isoDate: string, count: number): string {
  let date = isoDate;
  let left = count;
  while (left > 0) {
    date = addCalendarDays(date, 1);
    if (isBusinessDay(date)) left--;
  }
  return date;
}

/** When the card operator pays out a party's gifts, and the last day to transfer to the NGO. */
export function payoutDates(eventDate: string) {
  const settlementDate = addCalendarDays(eventDate, CARD_SETTLEMENT_DAYS);
  return { settlementDate, transferDeadline: addBusinessDays(settlementDate, TRANSFER_BUSINESS_DAYS) };
}

/**
 * A party's payout dates once its Pix gifts are counted (decision 208): the card settlement after
 * the event, or — if later — the end of the MED hold of its last Pix (`lastPixPaidOn`, São Paulo
 * date; null when no Pix was paid), so a Pix paid late is not transferred inside its MED window.
 */
export function partyPayoutDates(eventDate: string, lastPixPaidOn: string | null, pixHoldDays: number) {
  const card = addCalendarDays(eventDate, CARD_SETTLEMENT_DAYS);
  const pix = lastPixPaidOn ? addCalendarDays(lastPixPaidOn, pixHoldDays) : null;
  const settlementDate = pix && pix > card ? pix : card;
  return { settlementDate, transferDeadline: addBusinessDays(settlementDate, TRANSFER_BUSINESS_DAYS) };
}

function pad(n: number) {
  return String(n).padStart(2, "0");
}
