/**
 * Signed, expiring tokens for links sent by e-mail (plan management, LGPD requests, e-mail change)
 * or handed to a payment provider (the gift a result page is about, decision 134):
 * `<payload>.<signature>`, the payload base64url JSON `{ p: purpose, d: data, e: expiry (s) }`, the
 * signature HMAC-SHA256 over it with a key derived from APP_SECRET for that purpose. A token is
 * good for its purpose only; changing one character of it makes it "invalid", an old one "expired".
 * Nothing is stored: the data travels in the link, so keep it to ids and addresses.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/platform/config.server";

export type SignedLinkPurpose =
  "plan-manage" | "privacy-request" | "email-change" | "donation-result" | "unsubscribe" | "institution-invite";

export type VerifiedToken<T> = { ok: true; data: T; expiresAt: Date } | { ok: false; error: "invalid" | "expired" };

const MAX_TOKEN_LENGTH = 2000;

function signature(purpose: SignedLinkPurpose, body: string, secret: string): Buffer {
  const key = createHmac("sha256", secret).update(`signed-link:${purpose}`).digest();
  return createHmac("sha256", key).update(body).digest();
}

/** A token carrying `data` for `purpose`, good until `now + ttlSeconds`. */
export function signToken<T>(purpose: SignedLinkPurpose, data: T, ttlSeconds: number, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const body = Buffer.from(JSON.stringify({ p: purpose, d: data, e: expires })).toString("base64url");
  return `${body}.${signature(purpose, body, getConfig().APP_SECRET).toString("base64url")}`;
}

/** The token's data when it was signed by us for this purpose and has not expired. */
export function verifyToken<T>(purpose: SignedLinkPurpose, token: unknown, now: Date = new Date()): VerifiedToken<T> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { ok: false, error: "invalid" };
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return { ok: false, error: "invalid" };
  const expected = signature(purpose, body, getConfig().APP_SECRET);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, error: "invalid" };
  let parsed: { p?: unknown; d?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as typeof parsed;
  } catch {
    return { ok: false, error: "invalid" };
  }
  if (parsed.p !== purpose || typeof parsed.e !== "number") return { ok: false, error: "invalid" };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, error: "expired" };
  return { ok: true, data: parsed.d as T, expiresAt: new Date(parsed.e * 1000) };
}
