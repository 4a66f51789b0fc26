/**
 * E-mails that carry a key to an account or to someone's data (a recovery link, an e-mail
 * confirmation, the privacy data link, the plan-management link) wait in the outbox sealed: their
 * HTML and text are encrypted (AES-256-GCM, a key derived from APP_SECRET) and opened only to be
 * sent, or shown in the local mailbox. A database dump, a replica or an admin's look at the table
 * while they wait (production without SMTP: for days) yields no live link (issue 31). Recipient,
 * subject and template stay readable: the queue can still be inspected.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { getConfig } from "~/platform/config.server";

const PREFIX = "sealed:v1:";

/** Templates whose body holds a link that acts without a password. */
const SEALED_TEMPLATES: readonly string[] = [
  "password-reset",
  "verify-email",
  "email-change",
  "privacy-request",
  "subscription-confirmation",
  "subscription-cancel",
  "subscription-resume",
  "subscription-change-plan",
  "subscription-bank-cancel",
  "subscription-payment-failed",
  "subscription-suspended",
  "plan-change-confirmation",
  "welcome",
  "institution-invite",
  "party-cohost-invite",
  "match-pledge-invite",
  "pledge-payment",
];

export function isSealedTemplate(template: string): boolean {
  return SEALED_TEMPLATES.includes(template);
}

function key(): Buffer {
  return createHmac("sha256", getConfig().APP_SECRET).update("outbox-seal:v1").digest();
}

export function sealBody(body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(body, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

/** The body as written; an unsealed one (an older row, a template not sealed) is returned as is. */
export function openBody(body: string): string {
  if (!body.startsWith(PREFIX)) return body;
  const raw = Buffer.from(body.slice(PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
