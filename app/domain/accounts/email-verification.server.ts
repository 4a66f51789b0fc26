/**
 * The sign-up address confirmation (issue 30; decision 182): the welcome e-mail carries a signed
 * link (7 days); opening it while signed in to that same account marks the address verified and
 * attaches the gifts made as a guest with it to the account. Both proofs are needed: the link
 * proves the mailbox, the session proves the account — so someone who signs up with another
 * person's address cannot get it verified by that person clicking a link they never asked for.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { welcomeEmail } from "~/domain/accounts/emails/welcome.server";
import { grantAdmin } from "./users.server";

const { user, donations, auditLog } = schema;

/** How long a confirmation link stays good: a welcome e-mail is often opened days later. */
export const EMAIL_VERIFY_TTL_SECONDS = 7 * 24 * 60 * 60;
/** New links a person may ask for from /conta/confirmar-endereco per hour. */
const RESEND_LIMIT = { limit: 3, window: 60 * 60 };
const CONFIRM_ADDRESS_PATH = "/conta/confirmar-endereco";

type VerifyToken = { u: string; em: string };

export function emailConfirmationUrl(publicUrl: string, account: { id: string; email: string }, now: Date): string {
  const token = signToken<VerifyToken>("email-verify", { u: account.id, em: account.email.toLowerCase() }, EMAIL_VERIFY_TTL_SECONDS, now);
  return `${publicUrl}${CONFIRM_ADDRESS_PATH}?token=${encodeURIComponent(token)}`;
}

/** Queues the welcome e-mail (or, with `resend`, a new link) inside the caller's transaction. */
export async function enqueueEmailConfirmation(
  executor: Executor,
  mailer: Mailer,
  account: { id: string; name: string; email: string },
  deps: { publicUrl: string; now: Date; resend?: boolean },
) {
  const url = emailConfirmationUrl(deps.publicUrl, account, deps.now);
  await mailer.enqueue(executor, { to: account.email, ...welcomeEmail({ name: account.name, url, resend: deps.resend }) });
}

/**
 * Gifts typed with the address and made without an account become the account's: they show in
 * /conta, the statement, the export and are anonymised with the account. Only gifts nobody owns
 * move; a gift made signed in to another account stays that account's.
 */
async function attachGuestGifts(executor: Executor, userId: string, email: string): Promise<number> {
  const attached = await executor
    .update(donations)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(isNull(donations.userId), eq(sql`lower(${donations.donorEmail})`, email.trim().toLowerCase())))
    .returning({ id: donations.id });
  return attached.length;
}

/**
 * The address is proven: mark it verified and attach its guest gifts, in the caller's transaction.
 * Every path that proves an address (this link, the recovery link) goes through here.
 */
export async function markAddressVerified(executor: Executor, account: { id: string; email: string }): Promise<number> {
  await executor
    .update(user)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(user.id, account.id));
  return attachGuestGifts(executor, account.id, account.email);
}

export type AddressConfirmation =
  | { ok: true; email: string; attachedGifts: number; alreadyVerified: boolean }
  | { ok: false; error: "invalid" | "expired" | "stale" | "other-account" };

/** Reads a link without using it: is it ours, in time, and for whom? */
function readConfirmationToken(token: unknown, now: Date) {
  const verified = verifyToken<VerifyToken>("email-verify", token, now);
  if (!verified.ok) return verified;
  const { u, em } = verified.data;
  if (typeof u !== "string" || typeof em !== "string") return { ok: false as const, error: "invalid" as const };
  return { ok: true as const, userId: u, email: em };
}

/**
 * Uses a confirmation link for the signed-in account `sessionUserId`. The link must be for this
 * account and for its current address (a link sent before an e-mail change proves the old one).
 * An ADMIN_EMAILS address becomes admin here, as it would at the next sign-in (decision 030).
 */
export async function confirmAddress(
  input: { token: unknown; sessionUserId: string; now: Date },
  deps: { adminEmails: readonly string[] },
): Promise<AddressConfirmation> {
  const read = readConfirmationToken(input.token, input.now);
  if (!read.ok) return read;
  if (read.userId !== input.sessionUserId) return { ok: false, error: "other-account" };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, read.userId))
      .for("update");
    if (!current || current.email.toLowerCase() !== read.email) return { ok: false as const, error: "stale" as const };
    const attachedGifts = await markAddressVerified(tx, { id: read.userId, email: read.email });
    if (deps.adminEmails.includes(read.email)) await grantAdmin(read.userId, tx);
    if (!current.emailVerified) {
      await tx.insert(auditLog).values({
        actorUserId: read.userId,
        action: "account.verify_email",
        entity: "user",
        entityId: read.userId,
        details: { attachedGifts },
      });
    }
    return { ok: true as const, email: read.email, attachedGifts, alreadyVerified: current.emailVerified };
  });
}

export type ResendOutcome = { ok: true } | { ok: false; error: "verified" | "throttled" };

/** A new link to the account's current address, at most 3 an hour. */
export async function resendEmailConfirmation(
  account: { id: string; name: string; email: string; emailVerified: boolean },
  deps: { mailer: Mailer; publicUrl: string; now: Date },
): Promise<ResendOutcome> {
  if (account.emailVerified) return { ok: false, error: "verified" };
  const limit = await hitRateLimit(`account:email-verify:${account.id}`, RESEND_LIMIT.limit, RESEND_LIMIT.window);
  if (!limit.allowed) return { ok: false, error: "throttled" };
  await db.transaction((tx) => enqueueEmailConfirmation(tx, deps.mailer, account, { ...deps, resend: true }));
  return { ok: true };
}
