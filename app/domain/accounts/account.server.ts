/**
 * /conta (issue 16, item 6): the signed-in person's profile, password and e-mail changes, their
 * data export and the deletion of the account. Each service opens its own transaction; the
 * e-mails they cause go through the outbox in it.
 */
import { and, eq, gte, ne, sql } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Config } from "~/platform/config.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { emailChangeEmail } from "~/domain/accounts/emails/email-change.server";
import { emailChangedEmail } from "~/domain/accounts/emails/email-changed.server";
import { passwordChangedEmail } from "~/domain/accounts/emails/password-changed.server";
import { findCurrentSubscription, isLiveSubscription, requestSubscriptionChange } from "~/domain/subscriptions/index.server";
import { CheckoutError } from "~/domain/payments";
import type { Payments } from "~/domain/payments/index.server";
import { CLIENT_IP_HEADER, getAuth, withAuthTransaction, authExecutor } from "./auth-config.server";
import { verifyPassword } from "./password.server";
import { anonymiseSubjectData, donorNamesOf, type DataSubject } from "./personal-data.server";
import { deletePhotoFiles } from "~/platform/images/photos.server";
import { CLOSED_BY_DELETION_MESSAGE, PRIVACY_LINK_TTL_SECONDS } from "./privacy-policy";

const { user, account, parties, auditLog } = schema;

/** Five password checks per account every 15 minutes (deletion and password change). */
const PASSWORD_CHECK_LIMIT = { limit: 5, window: 15 * 60 };

export async function recordAccountAudit(
  executor: Executor,
  entry: { actorUserId: string | null; action: string; entity: string; entityId: string | null; details?: Record<string, unknown> },
) {
  await executor.insert(auditLog).values({ ...entry, details: entry.details ?? null });
}

export async function findAccountProfile(userId: string, executor: Executor = db) {
  const [row] = await executor
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      termsVersion: user.termsVersion,
      termsAcceptedAt: user.termsAcceptedAt,
      image: user.image,
      photoKey: user.photoKey,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/**
 * Sets (or, with null, removes) the account's profile photo, audited. The photo it replaces leaves
 * storage once no account uses it any more (files are content-addressed: two accounts with the same
 * picture share them); issue 31 found replaced photos served for a year after the account was gone.
 */
export async function updateAccountPhoto(userId: string, photoKey: string | null) {
  const replaced = await db.transaction(async (tx) => {
    const [before] = await tx.select({ photoKey: user.photoKey }).from(user).where(eq(user.id, userId)).for("update");
    await tx
      .update(user)
      .set({ photoKey, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
    await recordAccountAudit(tx, {
      actorUserId: userId,
      action: photoKey ? "account.update_photo" : "account.remove_photo",
      entity: "user",
      entityId: userId,
    });
    return before?.photoKey && before.photoKey !== photoKey ? before.photoKey : null;
  });
  if (replaced) await deleteProfilePhotoIfUnused(replaced);
}

/** Deletes a profile photo's files when no account points at it (after the commit that let it go). */
async function deleteProfilePhotoIfUnused(photoKey: string) {
  const [inUse] = await db.select({ id: user.id }).from(user).where(eq(user.photoKey, photoKey)).limit(1);
  if (!inUse) await deletePhotoFiles(photoKey);
}

export function accountSubject(profile: { id: string; email: string; emailVerified: boolean }): DataSubject {
  return { kind: "account", userId: profile.id, email: profile.email, emailVerified: profile.emailVerified };
}

export async function updateAccountName(userId: string, name: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
    await recordAccountAudit(tx, { actorUserId: userId, action: "account.update_name", entity: "user", entityId: userId });
  });
}

async function passwordMatches(userId: string, password: string, executor: Executor = db): Promise<boolean> {
  const [row] = await executor
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.hash ? verifyPassword({ hash: row.hash, password }) : false;
}

async function passwordCheckAllowed(userId: string) {
  const result = await hitRateLimit(`account:password:${userId}`, PASSWORD_CHECK_LIMIT.limit, PASSWORD_CHECK_LIMIT.window);
  return result.allowed;
}

export type PasswordChangeResult = { ok: true; setCookies: string[] } | { ok: false; error: "wrong-password" | "throttled" };

/**
 * Checks the current password, sets the new one, ends every other session (this browser gets a
 * new one) and e-mails the owner — one transaction.
 */
export async function changeAccountPassword(input: {
  request: Request;
  ip: string;
  userId: string;
  currentPassword: string;
  newPassword: string;
  mailer: Mailer;
}): Promise<PasswordChangeResult> {
  if (!(await passwordCheckAllowed(input.userId))) return { ok: false, error: "throttled" };
  const headers = new Headers(input.request.headers);
  headers.set(CLIENT_IP_HEADER, input.ip);
  try {
    return await withAuthTransaction(async () => {
      const { headers: out, response } = await getAuth().api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      });
      await input.mailer.enqueue(authExecutor(), {
        to: response.user.email,
        ...passwordChangedEmail({ name: response.user.name, changedAt: new Date() }),
      });
      await recordAccountAudit(authExecutor(), {
        actorUserId: input.userId,
        action: "account.change_password",
        entity: "user",
        entityId: input.userId,
      });
      return { ok: true as const, setCookies: out.getSetCookie() };
    });
  } catch (error) {
    if (error instanceof APIError) return { ok: false, error: "wrong-password" };
    throw error;
  }
}

/** `s`: the session that asked for the change, the one kept when the change ends the others. */
type EmailChangeToken = { u: string; from: string; to: string; s?: string | null };

/**
 * Sends the confirmation link to the new address. The answer is the same whether the address is
 * free or not (the confirmation says so), so /conta tells nobody who else has an account.
 */
export async function requestEmailChange(
  input: {
    userId: string;
    name: string;
    currentEmail: string;
    newEmail: string;
    currentPassword: string;
    sessionId: string | null;
    now: Date;
  },
  deps: { mailer: Mailer; config: Config },
): Promise<{ ok: true } | { ok: false; error: "same" | "throttled" | "wrong-password" }> {
  const to = input.newEmail.trim().toLowerCase();
  if (to === input.currentEmail.toLowerCase()) return { ok: false, error: "same" };
  if (!(await passwordCheckAllowed(input.userId))) return { ok: false, error: "throttled" };
  if (!(await passwordMatches(input.userId, input.currentPassword))) return { ok: false, error: "wrong-password" };
  const limit = await hitRateLimit(`account:email-change:${input.userId}`, 5, 60 * 60);
  if (!limit.allowed) return { ok: false, error: "throttled" };
  const token = signToken<EmailChangeToken>(
    "email-change",
    { u: input.userId, from: input.currentEmail.toLowerCase(), to, s: input.sessionId },
    PRIVACY_LINK_TTL_SECONDS,
    input.now,
  );
  const url = `${deps.config.PUBLIC_URL}/conta/confirmar-email?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await deps.mailer.enqueue(tx, { to, ...emailChangeEmail({ name: input.name, url }) });
    await recordAccountAudit(tx, {
      actorUserId: input.userId,
      action: "account.request_email_change",
      entity: "user",
      entityId: input.userId,
    });
  });
  return { ok: true };
}

export type EmailChangeOutcome = { ok: true; email: string } | { ok: false; error: "invalid" | "expired" | "taken" | "stale" };

/**
 * Opens the link: the address changes (and counts as verified) only if nothing changed since it was
 * sent. In the same transaction the old address is told and every session of the account but the
 * one that asked for the change ends (issue 31).
 */
export async function confirmEmailChange(token: unknown, now: Date, deps: { mailer: Mailer }): Promise<EmailChangeOutcome> {
  const verified = verifyToken<EmailChangeToken>("email-change", token, now);
  if (!verified.ok) return verified;
  const { u, from, to, s: keptSession } = verified.data;
  if (typeof u !== "string" || typeof from !== "string" || typeof to !== "string") return { ok: false, error: "invalid" };
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, u)).for("update");
    if (!current || current.email.toLowerCase() !== from) return { ok: false as const, error: "stale" as const };
    const [other] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(sql`lower(${user.email})`, to), ne(user.id, u)));
    if (other) return { ok: false as const, error: "taken" as const };
    await tx
      .update(user)
      .set({ email: to, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(user.id, u));
    await tx
      .delete(schema.session)
      .where(
        typeof keptSession === "string"
          ? and(eq(schema.session.userId, u), ne(schema.session.id, keptSession))
          : eq(schema.session.userId, u),
      );
    await deps.mailer.enqueue(tx, { to: current.email, ...emailChangedEmail({ name: current.name, newEmail: to, changedAt: now }) });
    await recordAccountAudit(tx, { actorUserId: u, action: "account.change_email", entity: "user", entityId: u });
    return { ok: true as const, email: to };
  });
}

export type DeletionResult =
  | { ok: true; anonymisedGifts: number; closedParties: number }
  | { ok: false; error: "wrong-password" | "throttled" | "subscription"; message?: string };

/**
 * Deletes the account, confirmed by its password: a live subscription is cancelled at the
 * provider first (if that fails nothing else happens); then, in one transaction, the creator's
 * parties that are still on line are closed with a message for their visitors, gifts lose the
 * person's name, e-mail and message, contact messages and kept e-mails go, and the user row goes
 * (with its sessions, logins, roles and billing customer). Gifts, charges, subscriptions, payouts
 * and party totals stay, pointing at nobody.
 */
export async function deleteAccount(
  input: { userId: string; password: string; now: Date },
  deps: { payments: Pick<Payments, "byName">; config: Config },
): Promise<DeletionResult> {
  if (!(await passwordCheckAllowed(input.userId))) return { ok: false, error: "throttled" };
  if (!(await passwordMatches(input.userId, input.password))) return { ok: false, error: "wrong-password" };
  const profile = await findAccountProfile(input.userId);
  if (!profile) return { ok: false, error: "wrong-password" };

  const subscription = await findCurrentSubscription(input.userId);
  if (subscription && isLiveSubscription(subscription)) {
    try {
      await requestSubscriptionChange(subscription, { kind: "cancel-now" }, deps);
    } catch (error) {
      const message = error instanceof CheckoutError ? error.message : undefined;
      return { ok: false, error: "subscription", message };
    }
  }

  const subject = accountSubject(profile);
  const outcome = await db.transaction(async (tx) => {
    // Still on line: event date no older than the offline limit (party-status.ts), and active.
    const oldestLive = addCalendarDays(todayInSaoPaulo(input.now), -5);
    const closed = await tx
      .update(parties)
      .set({ active: false, closedMessage: CLOSED_BY_DELETION_MESSAGE, updatedAt: sql`now()` })
      .where(and(eq(parties.userId, input.userId), eq(parties.active, true), gte(parties.eventDate, oldestLive)))
      .returning({ id: parties.id });
    const names = [profile.name, ...(await donorNamesOf(subject, tx))];
    const anonymisedGifts = await anonymiseSubjectData(tx, subject, names);
    await redactAuditDetails(tx, [profile.email, ...names]);
    await tx.delete(user).where(eq(user.id, input.userId));
    await recordAccountAudit(tx, {
      actorUserId: null,
      action: "account.delete",
      entity: "user",
      entityId: input.userId,
      details: {
        anonymisedGifts,
        closedParties: closed.length,
        subscriptionCanceled: Boolean(subscription && isLiveSubscription(subscription)),
      },
    });
    return { ok: true as const, anonymisedGifts, closedParties: closed.length };
  });
  // The profile photo is personal data too: its files go once the account is gone (unless another
  // account uses the very same picture).
  if (profile.photoKey) await deleteProfilePhotoIfUnused(profile.photoKey);
  return outcome;
}

/** Audit entries that quote the person (an admin grant names the address) keep the action, lose the quote. */
export async function redactAuditDetails(tx: Executor, needles: string[]) {
  for (const needle of needles.map((n) => n.trim()).filter((n) => n.length >= 5)) {
    await tx
      .update(auditLog)
      .set({ details: { anonimizado: true } })
      .where(sql`${auditLog.details}::text ilike ${"%" + needle.replace(/[\\%_]/g, (c) => `\\${c}`) + "%"}`);
  }
}

/** The Set-Cookie values that make the browser forget the (already deleted) session. */
export function clearedSessionCookies(config: Config): string[] {
  const names = ["festa.session_token", "festa.dont_remember"];
  return names.map((name) =>
    config.isProduction
      ? `__Secure-${name}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`
      : `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
  );
}
