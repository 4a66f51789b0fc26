/**
 * Receipts (recibos) — browser-safe rules: how a receipt is numbered and addressed, and what its
 * public verification page may say about the donor.
 *
 * Two identifiers, on purpose:
 * - the receipt **number** is for people ("Recibo nº 000123"): a gift's is its sequential
 *   `donations.receipt_number`, a subscription charge's its own series, printed "AB-000012";
 * - the verification **code** (`/recibo/{code}`) is 32 hex characters of a stored random value
 *   (schema.ts, `receipt_code`): a sequential number would let anyone walk through every receipt,
 *   an HMAC of the id would stop verifying old paper receipts the day APP_SECRET is rotated.
 */
import { TZDate } from "@date-fns/tz";
import { TIME_ZONE } from "~/platform/dates";

export type ReceiptKind = "gift" | "subscription";

const RECEIPT_CODE_PATTERN = /^[0-9a-f]{32}$/;

/** Whether a value can be a verification code at all (checked before any query). */
export function isReceiptCode(value: unknown): value is string {
  return typeof value === "string" && RECEIPT_CODE_PATTERN.test(value);
}

/** "000123" for a gift, "AB-000012" for an Assine o Bem charge. */
export function formatReceiptNumber(number: number, kind: ReceiptKind = "gift"): string {
  const digits = String(number).padStart(6, "0");
  return kind === "subscription" ? `AB-${digits}` : digits;
}

export const receiptPath = (code: string) => `/recibo/${code}`;
export const receiptPdfPath = (code: string) => `/recibo/${code}/pdf`;
export const yearlyStatementPath = (year: number) => `/conta/recibos/${year}.pdf`;

export const ANONYMOUS_GIFT_LABEL = "Doação anônima";

/** The receipt's and the receipt e-mail's line when the donor covered the fee (decision 216), read from the paid ledger row. */
export const FEE_COVERED_LABEL = "Taxa coberta por você";

/** The donor as the public verification page names them: the first name only, or "Doação anônima". */
export function publicDonorLabel(donor: { anonymous: boolean; name: string | null }): string {
  if (donor.anonymous || !donor.name?.trim()) return ANONYMOUS_GIFT_LABEL;
  return donor.name.trim().split(/\s+/)[0]!;
}

/** "2025.pdf" → 2025, for years from 2020 to the current one (São Paulo); anything else null. */
export function parseStatementYear(value: string | undefined, now: Date = new Date()): number | null {
  const match = /^(\d{4})\.pdf$/.exec(value ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  const current = new TZDate(now.getTime(), TIME_ZONE).getFullYear();
  return year >= 2020 && year <= current ? year : null;
}

/** The instants [from, to) of a calendar year in São Paulo. */
export function yearRange(year: number) {
  return {
    from: new Date(new TZDate(year, 0, 1, TIME_ZONE).getTime()),
    to: new Date(new TZDate(year + 1, 0, 1, TIME_ZONE).getTime()),
  };
}
