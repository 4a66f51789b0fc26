/**
 * The account flows behind /auth and /redefinir-senha: Better Auth does the work, this module adds
 * what its server API does not — our shared rate limits, ADMIN_EMAILS, one transaction per flow
 * (with the e-mail it sends) and answers shaped for the pt-BR forms.
 */
import { APIError } from "better-auth/api";
import { authExecutor, CLIENT_IP_HEADER, getAuth, withAuthTransaction } from "~/domain/accounts/auth-config.server";
import { rateLimitSubject } from "~/platform/http/client-ip.server";
import { logger } from "~/platform/logger.server";
import { hitRateLimit, refundRateLimit, resetRateLimit } from "~/platform/rate-limit.server";
import { grantAdmin, recordConsent } from "~/domain/accounts/users.server";
import { TERMS_VERSION } from "~/domain/accounts/privacy-policy";
import { type ChallengePurpose, issueChallenge, verifyChallenge } from "~/platform/abuse/challenge.server";
import type { Challenge } from "altcha-lib";
import { getConfig } from "~/platform/config.server";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { enqueueEmailConfirmation } from "~/domain/accounts/email-verification.server";

const MINUTES = 60;
/**
 * Limits per window (seconds); the numbers and why are in docs/decisions/102-abuse-limits.md.
 * "Account" is the e-mail address typed, known or not. Past a `…Challenge` count the attempt
 * needs a solved proof-of-work challenge instead of being refused, so an attacker cannot lock a
 * victim out (nor a crowd behind one address out of the site); only the per-address ceilings and
 * sign-up per e-mail refuse outright.
 */
export const AUTH_LIMITS = {
  /** Wrong passwords for one account (from anywhere): then every attempt on it needs a challenge. */
  signInAccountChallenge: { limit: 5, window: 15 * MINUTES },
  /** Wrong passwords from one address: then a challenge… */
  signInIpChallenge: { limit: 20, window: 15 * MINUTES },
  /** …and past this a refusal for that address only (a script trying many accounts). */
  signInIpCeiling: { limit: 100, window: 15 * MINUTES },
  signUpAccount: { limit: 5, window: 15 * MINUTES },
  signUpIpChallenge: { limit: 20, window: 60 * MINUTES },
  signUpIpCeiling: { limit: 200, window: 60 * MINUTES },
  /** Recovery is never refused: past these it needs a challenge (keeps inboxes from being flooded). */
  recoverIpChallenge: { limit: 10, window: 15 * MINUTES },
  recoverAccountChallenge: { limit: 3, window: 15 * MINUTES },
  resetIp: { limit: 100, window: 15 * MINUTES },
} as const;

/** Recovery answers take at least this long, found or not, so timing tells nothing. */
const RECOVERY_MIN_MS = 600;

export const THROTTLED_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";
export const CHALLENGE_MESSAGE = "Por segurança, confirme que você não é um robô e envie de novo.";

type ChallengeAsked = { ok: false; error: "challenge"; challenge: Challenge };

export type FlowResult<E extends string> =
  { ok: true; setCookies: string[]; userId?: string } | { ok: false; error: E | "throttled"; retryAfterSeconds?: number } | ChallengeAsked;

/** `challenge`: the widget's solution (form field `altcha`), when the form carried one. */
type Meta = { request: Request; ip: string; challenge?: unknown };

function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** Request headers for Better Auth, with the client IP we resolved (never the raw proxy header). */
function authHeaders({ request, ip }: Meta): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

async function limited(checks: Array<{ key: string; limit: number; window: number }>) {
  for (const check of checks) {
    const result = await hitRateLimit(check.key, check.limit, check.window);
    if (!result.allowed) return { ok: false as const, error: "throttled" as const, retryAfterSeconds: result.retryAfterSeconds };
  }
  return null;
}

function errorCode(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code ?? String(error.status);
  return undefined;
}

/** ADMIN_EMAILS (from the request context's configuration). */
type AdminList = { adminEmails: readonly string[] };

/**
 * ADMIN_EMAILS makes an account admin only once its address is verified: listing an address
 * proves nothing about who signs up with it (security review finding 1). New accounts are not
 * verified, so the first admin of a deployment is made with `npm run admin -- grant` (or is a
 * seeded account); see docs/decisions/030.
 */
async function grantAdminFromConfig(user: { id: string; email: string; emailVerified: boolean }, adminEmails: readonly string[]) {
  if (!user.emailVerified) return;
  if (adminEmails.includes(normalizeEmail(user.email))) await grantAdmin(user.id, authExecutor());
}

/**
 * Counts one hit on each key; over a ceiling → refused; over a challenge threshold → the attempt
 * goes ahead only with a valid solution (else its hits are given back and a challenge is asked).
 */
async function gate(
  purpose: ChallengePurpose,
  solution: unknown,
  checks: Array<{ key: string; window: number; ceiling?: number; challengeAbove: number }>,
): Promise<{ ok: false; error: "throttled"; retryAfterSeconds: number } | ChallengeAsked | null> {
  const hits: Array<{ key: string; count: number; challengeAbove: number }> = [];
  for (const check of checks) {
    const result = await hitRateLimit(check.key, check.ceiling ?? Number.MAX_SAFE_INTEGER, check.window);
    hits.push({ key: check.key, count: result.count, challengeAbove: check.challengeAbove });
    if (!result.allowed) return { ok: false, error: "throttled", retryAfterSeconds: result.retryAfterSeconds };
  }
  if (hits.some((h) => h.count > h.challengeAbove) && !(await verifyChallenge(solution, purpose))) {
    for (const h of hits) await refundRateLimit(h.key);
    return { ok: false, error: "challenge", challenge: await issueChallenge(purpose) };
  }
  return null;
}

export async function signIn(input: { email: string; password: string } & Meta & AdminList): Promise<FlowResult<"invalid">> {
  const email = normalizeEmail(input.email);
  const accountKey = `signin:account:${email}`;
  const ipKey = `signin:ip:${rateLimitSubject(input.ip)}`;
  const stopped = await gate("entrar", input.challenge, [
    {
      key: ipKey,
      window: AUTH_LIMITS.signInIpCeiling.window,
      ceiling: AUTH_LIMITS.signInIpCeiling.limit,
      challengeAbove: AUTH_LIMITS.signInIpChallenge.limit,
    },
    { key: accountKey, window: AUTH_LIMITS.signInAccountChallenge.window, challengeAbove: AUTH_LIMITS.signInAccountChallenge.limit },
  ]);
  if (stopped) return stopped;
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input),
      returnHeaders: true,
    });
    await grantAdminFromConfig(response.user, input.adminEmails);
    // A success ends a run of wrong passwords, and does not count against a shared IP.
    await resetRateLimit(accountKey);
    await refundRateLimit(ipKey);
    return { ok: true, setCookies: headers.getSetCookie(), userId: response.user.id };
  } catch (error) {
    if (errorCode(error) === undefined) throw error;
    return { ok: false, error: "invalid" };
  }
}

export async function signUp(
  input: { name: string; email: string; password: string } & Meta & AdminList,
): Promise<FlowResult<"exists" | "failed">> {
  const email = normalizeEmail(input.email);
  const throttled = await limited([{ key: `signup:account:${email}`, ...AUTH_LIMITS.signUpAccount }]);
  if (throttled) return throttled;
  const stopped = await gate("cadastrar", input.challenge, [
    {
      key: `signup:ip:${rateLimitSubject(input.ip)}`,
      window: AUTH_LIMITS.signUpIpCeiling.window,
      ceiling: AUTH_LIMITS.signUpIpCeiling.limit,
      challengeAbove: AUTH_LIMITS.signUpIpChallenge.limit,
    },
  ]);
  if (stopped) return stopped;
  try {
    return await withAuthTransaction(async () => {
      const { headers, response } = await getAuth().api.signUpEmail({
        body: { name: input.name.trim(), email, password: input.password, rememberMe: true },
        headers: authHeaders(input),
        returnHeaders: true,
      });
      // Consent to the terms and privacy policy (the line under the form): the version and when.
      await recordConsent(authExecutor(), response.user.id, TERMS_VERSION, new Date());
      // The welcome e-mail with the address-confirmation link (decision 182), in the same transaction.
      await enqueueEmailConfirmation(authExecutor(), outboxMailer, response.user, {
        publicUrl: getConfig().PUBLIC_URL,
        now: new Date(),
      });
      // No ADMIN_EMAILS grant here: a new address is unverified (grantAdminFromConfig).
      return { ok: true as const, setCookies: headers.getSetCookie(), userId: response.user.id };
    });
  } catch (error) {
    const code = errorCode(error);
    if (code === undefined) throw error;
    if (code.startsWith("USER_ALREADY_EXISTS")) return { ok: false, error: "exists" };
    logger.warn({ code }, "sign-up refused");
    return { ok: false, error: "failed" };
  }
}

/** Ends the current session (if any); returns the cookie-clearing headers. */
export async function signOut(input: Meta): Promise<string[]> {
  const { headers } = await getAuth().api.signOut({ headers: authHeaders(input), returnHeaders: true });
  return headers.getSetCookie();
}

/**
 * Sends the recovery e-mail when the address has an account, through the outbox in the same
 * transaction as the token. The answer is the same either way, and takes as long.
 */
export async function requestPasswordReset(input: { email: string } & Meta): Promise<{ ok: true } | ChallengeAsked> {
  const started = Date.now();
  const email = normalizeEmail(input.email);
  try {
    // Never refused (recovery must stay possible for the owner): past the limits, a challenge.
    const stopped = await gate("recuperar", input.challenge, [
      {
        key: `recover:ip:${rateLimitSubject(input.ip)}`,
        window: AUTH_LIMITS.recoverIpChallenge.window,
        challengeAbove: AUTH_LIMITS.recoverIpChallenge.limit,
      },
      {
        key: `recover:account:${email}`,
        window: AUTH_LIMITS.recoverAccountChallenge.window,
        challengeAbove: AUTH_LIMITS.recoverAccountChallenge.limit,
      },
    ]);
    if (stopped) return stopped as ChallengeAsked;
    await withAuthTransaction(() => getAuth().api.requestPasswordReset({ body: { email }, headers: authHeaders(input) }));
    return { ok: true };
  } finally {
    const wait = RECOVERY_MIN_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Whether a recovery link can still be used (exists, not used, not expired). */
export async function isResetTokenLive(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && new Date(verification.expiresAt).getTime() > Date.now());
}

/**
 * Sets the new password, spends the token, revokes every session of the user and queues the
 * "your password changed" e-mail — all in one transaction.
 */
export async function resetPassword(
  input: { token: string; newPassword: string } & Meta,
): Promise<{ ok: true } | { ok: false; error: "invalid-token" | "throttled" }> {
  const throttled = await limited([{ key: `reset:ip:${rateLimitSubject(input.ip)}`, ...AUTH_LIMITS.resetIp }]);
  if (throttled) return { ok: false, error: "throttled" };
  try {
    await withAuthTransaction(() =>
      getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.newPassword }, headers: authHeaders(input) }),
    );
    return { ok: true };
  } catch (error) {
    if (errorCode(error) === undefined) throw error;
    return { ok: false, error: "invalid-token" };
  }
}
