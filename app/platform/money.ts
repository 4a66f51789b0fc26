// The formatters are built once (`toLocaleString` with options builds a new one on every call,
// ~60 µs measured on the server: 3% of a page render's CPU) and on first use, not when the module
// is evaluated: the first pt-BR NumberFormat loads ICU's locale data (~20 ms on a busy laptop, 4×
// that on a slow phone), and this module is in the client's shared chunk, evaluated before
// hydration on every page whether it shows an amount or not.
let brl: Intl.NumberFormat | undefined;

/**
 * 123456 -> "R$ 1.234,56" (non-breaking space normalised to a plain one for stable text).
 * Whole centavos are written by hand, the same text as Intl's (a unit test compares them): the
 * first pt-BR NumberFormat would otherwise load ICU's locale data in the middle of hydration.
 */
export function formatCents(cents: number): string {
  if (Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ".");
    return `${cents < 0 ? "-" : ""}R$ ${reais},${String(abs % 100).padStart(2, "0")}`;
  }
  brl ??= new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
  return brl.format(cents / 100).replace(/\u00a0/g, " ");
}

/** Whole reais without decimals for large headline figures: 12745000 -> "R$ 127.450". */
export function formatCentsShort(cents: number): string {
  return `R$ ${Math.floor(cents / 100).toLocaleString("pt-BR")}`;
}

/**
 * Parses what a person types for an amount in reais ("50", "50,5", "1.234,56", "12.50")
 * into integer centavos, or null when it is not a valid amount with at most 2 decimals.
 */
export function parseReaisToCents(input: string): number | null {
  let s = input
    .trim()
    .replace(/^R\$\s*/i, "")
    .replace(/\s/g, "");
  if (!s) return null;
  if (s.includes(",")) {
    // pt-BR: dots group thousands, the comma is the decimal separator.
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(s)) return null;
    s = s.replace(/\./g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    s = s.replace(/\./g, ""); // "1.234" is one thousand two hundred thirty-four reais
  } else if (!/^\d+(\.\d{1,2})?$/.test(s)) {
    return null;
  }
  const [whole, frac = ""] = s.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Progress toward a goal, capped at 100. */
export function progressPercent(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0) return 0;
  return Math.min(100, (raisedCents / goalCents) * 100);
}

const fixedDecimals: [Intl.NumberFormat?, Intl.NumberFormat?] = [];
let upToTwoDecimals: Intl.NumberFormat | undefined;

export function formatPercent(value: number, decimals: 0 | 1): string {
  const format = (fixedDecimals[decimals] ??= new Intl.NumberFormat("pt-BR", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }));
  return `${format.format(value)}%`;
}

/** A number in pt-BR with at most two decimals ("7,5", "10"). */
export function formatDecimal(value: number): string {
  upToTwoDecimals ??= new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
  return upToTwoDecimals.format(value);
}

/** Splits a gross amount into the platform fee and what reaches the cause (integer centavos). */
export function splitFee(grossCents: number, feePercent: number) {
  const feeCents = Math.round((grossCents * feePercent) / 100);
  return { feeCents, netCents: grossCents - feeCents };
}

/** "10%", or "7,5% e 10%" when the movements summed were charged at different fee percents. */
export function formatFeePercents(percents: readonly number[]): string {
  const list = [...new Set(percents)].sort((a, b) => a - b).map((p) => `${p.toLocaleString("pt-BR", { maximumFractionDigits: 4 })}%`);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} e ${list.at(-1)}`;
}
