/**
 * Signed, expiring tokens for links sent by e-mail (plan management, LGPD requests, e-mail change)
 * or handed to a payment provider (the gift a result page is about, decision 134):
 * `<payload>.<signature>`. The payload is `{ p: purpose, d: data, e: expiry (s) }` as JSON,
 * ENCRYPTED (AES-256-GCM, a fresh nonce, a key derived from APP_SECRET), so a link is opaque: an
 * address or an id in it cannot be read from a log, a history or a forwarded e-mail (issue 31: the
 * privacy link showed the donor's e-mail in base64). The signature is HMAC-SHA256 over the payload
 * with a key derived from APP_SECRET for that purpose. A token is good for its purpose only;
 * changing one character of it makes it "invalid", an old one "expired". Nothing is stored: the
 * data travels in the link, sealed.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/platform/config.server";

export type SignedLinkPurpose =
  | "plan-manage"
  | "plan-change"
  | "privacy-request"
  | "email-change"
  | "donation-result"
  | "unsubscribe"
  | "institution-invite"
  // The sign-up address confirmation (accounts/email-verification.server.ts).
  | "email-verify"
  // A failed month's way out: a new card or this month's Pix (subscriptions/recovery-link.server.ts).
  | "subscription-recovery"
  // "Que tal todo mês?": the paid gift a plan's checkout follows (subscriptions/monthly-nudge.server.ts).
  | "monthly-nudge"
  // A party owner's invitation to co-host, bound to the invited address (parties/cohosts.server.ts).
  | "party-cohost-invite"
  // A host's request to a sponsor to match their party, bound to the pledge (matching/pledge-invite.server.ts).
  | "match-pledge-invite"
  // A matching sponsor's bill once the match ended (matching/pledge-settlement.server.ts, decision 220).
  | "pledge-payment";

export type VerifiedToken<T> = { ok: true; data: T; expiresAt: Date } | { ok: false; error: "invalid" | "expired" };

const MAX_TOKEN_LENGTH = 2000;

function signature(purpose: SignedLinkPurpose, body: string, secret: string): Buffer {
  const key = createHmac("sha256", secret).update(`signed-link:${purpose}`).digest();
  return createHmac("sha256", key).update(body).digest();
}

function sealKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("signed-link:seal").digest();
}

function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

function open(body: string, secret: string): string | null {
  try {
    const raw = Buffer.from(body, "base64url");
    if (raw.length < 29) return null;
    const decipher = createDecipheriv("aes-256-gcm", sealKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A token carrying `data` for `purpose`, good until `now + ttlSeconds`. */
export function signToken<T>(purpose: SignedLinkPurpose, data: T, ttlSeconds: number, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const body = seal(JSON.stringify({ p: purpose, d: data, e: expires }), getConfig().APP_SECRET);
  return `${body}.${signature(purpose, body, getConfig().APP_SECRET).toString("base64url")}`;
}

/** The token's data when it was signed by us for this purpose and has not expired. */
export function verifyToken<T>(purpose: SignedLinkPurpose, token: unknown, now: Date = new Date()): VerifiedToken<T> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { ok: false, error: "invalid" };
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return { ok: false, error: "invalid" };
  const secret = getConfig().APP_SECRET;
  const expected = signature(purpose, body, secret);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, error: "invalid" };
  let parsed: { p?: unknown; d?: unknown; e?: unknown };
  const plain = open(body, secret);
  if (plain === null) return { ok: false, error: "invalid" };
  try {
    parsed = JSON.parse(plain) as typeof parsed;
  } catch {
    return { ok: false, error: "invalid" };
  }
  if (parsed.p !== purpose || typeof parsed.e !== "number") return { ok: false, error: "invalid" };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, error: "expired" };
  return { ok: true, data: parsed.d as T, expiresAt: new Date(parsed.e * 1000) };
}
