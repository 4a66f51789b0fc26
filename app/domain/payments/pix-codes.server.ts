/**
 * Pix amounts and ids as the API Pix writes them (plain module: no I/O). Values are strings with
 * two decimals and a dot ("50.00"); a txid has 26 to 35 letters and digits (a static BR Code's, at most 25).
 */
import { createHmac } from "node:crypto";

export function centsToPixValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function pixValueToCents(value: string): number | null {
  const m = /^(\d{1,12})\.(\d{2})$/.exec(value.trim());
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The txid of a gift's n-th charge: derived, not random, so a retried request (the PSP did not
 * answer, the donor pressed again) asks for the same charge; unguessable without the secret.
 */
export function pixTxid(secret: string, donationId: string, attempt: number, length: number): string {
  const bytes = createHmac("sha256", secret).update(`pix-txid:${donationId}:${attempt}`).digest();
  const more = createHmac("sha256", secret).update(`pix-txid-2:${donationId}:${attempt}`).digest();
  const all = Buffer.concat([bytes, more]);
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[all[i]! % ALPHANUMERIC.length];
  return out;
}
