/**
 * /privacidade/solicitar (issue 16, item 6): LGPD rights for donors without an account. The
 * person proves the address with a signed link sent to it (24 hours); the link's page shows what
 * is tied to the address and lets them download it or erase it (gifts become anonymous).
 */
import { eq, sql } from "drizzle-orm";
import type { Config } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { rateLimitSubject } from "~/platform/http/client-ip.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { privacyRequestEmail } from "~/domain/accounts/emails/privacy-request.server";
import { recordAccountAudit, redactAuditDetails } from "./account.server";
import { anonymiseSubjectData, collectPersonalData, donorNamesOf, type DataSubject } from "./personal-data.server";
import { PRIVACY_LINK_TTL_SECONDS } from "./privacy-policy";

const PRIVACY_REQUEST_LIMITS = { perIp: { limit: 10, window: 60 * 60 }, perEmail: { limit: 3, window: 60 * 60 } } as const;

/**
 * Queues the link to the address. The answer is the same whether we know the address or not, so
 * the form tells nobody who gave. Returns false only when the limits refuse.
 */
export async function requestPrivacyLink(
  input: { email: string; ip: string; now: Date },
  deps: { mailer: Mailer; config: Config },
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const ip = await hitRateLimit(
    `privacy:ip:${rateLimitSubject(input.ip)}`,
    PRIVACY_REQUEST_LIMITS.perIp.limit,
    PRIVACY_REQUEST_LIMITS.perIp.window,
  );
  if (!ip.allowed) return false;
  const perEmail = await hitRateLimit(
    `privacy:email:${email}`,
    PRIVACY_REQUEST_LIMITS.perEmail.limit,
    PRIVACY_REQUEST_LIMITS.perEmail.window,
  );
  if (!perEmail.allowed) return false;
  const token = signToken("privacy-request", { e: email }, PRIVACY_LINK_TTL_SECONDS, input.now);
  const url = `${deps.config.PUBLIC_URL}/privacidade/solicitar?token=${encodeURIComponent(token)}`;
  await db.transaction((tx) => deps.mailer.enqueue(tx, { to: email, ...privacyRequestEmail({ url }) }));
  return true;
}

export type PrivacyLink = { ok: true; email: string; expiresAt: Date } | { ok: false; error: "invalid" | "expired" };

export function readPrivacyLink(token: unknown, now: Date): PrivacyLink {
  const verified = verifyToken<{ e?: unknown }>("privacy-request", token, now);
  if (!verified.ok) return verified;
  const email = verified.data?.e;
  if (typeof email !== "string" || !email.includes("@")) return { ok: false, error: "invalid" };
  return { ok: true, email, expiresAt: verified.expiresAt };
}

const subjectOf = (email: string): DataSubject => ({ kind: "email", email });

export function collectEmailData(email: string, now: Date) {
  return collectPersonalData(subjectOf(email), now);
}

export async function hasAccount(email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(sql`lower(${schema.user.email})`, email.toLowerCase()));
  return Boolean(row);
}

/** Erases what is tied to the address (not an account: that is deleted from /conta, with its password). */
export async function eraseEmailData(email: string): Promise<{ anonymisedGifts: number }> {
  return db.transaction(async (tx) => {
    const subject = subjectOf(email);
    const names = await donorNamesOf(subject, tx);
    const anonymisedGifts = await anonymiseSubjectData(tx, subject, names);
    await redactAuditDetails(tx, [email, ...names]);
    await recordAccountAudit(tx, {
      actorUserId: null,
      action: "privacy.erase_email_data",
      entity: "donation",
      entityId: null,
      details: { anonymisedGifts },
    });
    return { anonymisedGifts };
  });
}
