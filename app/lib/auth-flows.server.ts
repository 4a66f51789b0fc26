/**
 * The account flows behind /auth and /redefinir-senha: Better Auth does the work, this module adds
 * what its server API does not — our shared rate limits, ADMIN_EMAILS, one transaction per flow
 * (with the e-mail it sends) and answers shaped for the pt-BR forms.
 */
import { APIError } from "better-auth/api";
import { getConfig } from "~/config.server";
import { authExecutor, CLIENT_IP_HEADER, getAuth, withAuthTransaction } from "~/lib/auth-config.server";
import { rateLimitSubject } from "~/lib/client-ip.server";
import { logger } from "~/lib/logger.server";
import { hitRateLimit, refundRateLimit, resetRateLimit } from "~/models/rate-limit.server";
import { grantAdmin } from "~/models/user.server";

const MINUTES = 60;
/** Limits per window (seconds). Per account = per e-mail address typed, known or not. */
export const AUTH_LIMITS = {
  signInAccount: { limit: 10, window: 15 * MINUTES },
  signInIp: { limit: 20, window: 15 * MINUTES },
  signUpAccount: { limit: 5, window: 15 * MINUTES },
  signUpIp: { limit: 20, window: 60 * MINUTES },
  recoverAccount: { limit: 5, window: 15 * MINUTES },
  recoverIp: { limit: 20, window: 15 * MINUTES },
  resetIp: { limit: 20, window: 15 * MINUTES },
} as const;

/** Recovery answers take at least this long, found or not, so timing tells nothing. */
const RECOVERY_MIN_MS = 600;

export const THROTTLED_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

export type FlowResult<E extends string> =
  | { ok: true; setCookies: string[]; userId?: string }
  | { ok: false; error: E | "throttled"; retryAfterSeconds?: number };

type Meta = { request: Request; ip: string };

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

async function grantAdminFromConfig(userId: string, email: string) {
  if (getConfig().ADMIN_EMAILS.includes(normalizeEmail(email))) await grantAdmin(userId, authExecutor());
}

export async function signIn(input: { email: string; password: string } & Meta): Promise<FlowResult<"invalid">> {
  const email = normalizeEmail(input.email);
  const accountKey = `signin:account:${email}`;
  const ipKey = `signin:ip:${rateLimitSubject(input.ip)}`;
  const throttled = await limited([
    { key: ipKey, ...AUTH_LIMITS.signInIp },
    { key: accountKey, ...AUTH_LIMITS.signInAccount },
  ]);
  if (throttled) return throttled;
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input),
      returnHeaders: true,
    });
    await grantAdminFromConfig(response.user.id, response.user.email);
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
  input: { name: string; email: string; password: string } & Meta,
): Promise<FlowResult<"exists" | "failed">> {
  const email = normalizeEmail(input.email);
  const throttled = await limited([
    { key: `signup:ip:${rateLimitSubject(input.ip)}`, ...AUTH_LIMITS.signUpIp },
    { key: `signup:account:${email}`, ...AUTH_LIMITS.signUpAccount },
  ]);
  if (throttled) return throttled;
  try {
    return await withAuthTransaction(async () => {
      const { headers, response } = await getAuth().api.signUpEmail({
        body: { name: input.name.trim(), email, password: input.password, rememberMe: true },
        headers: authHeaders(input),
        returnHeaders: true,
      });
      await grantAdminFromConfig(response.user.id, response.user.email);
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
export async function requestPasswordReset(input: { email: string } & Meta): Promise<{ ok: true } | { ok: false; error: "throttled" }> {
  const started = Date.now();
  const email = normalizeEmail(input.email);
  try {
    const throttled = await limited([
      { key: `recover:ip:${rateLimitSubject(input.ip)}`, ...AUTH_LIMITS.recoverIp },
      { key: `recover:account:${email}`, ...AUTH_LIMITS.recoverAccount },
    ]);
    if (throttled) return { ok: false, error: "throttled" };
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
export async function resetPassword(input: { token: string; newPassword: string } & Meta): Promise<
  { ok: true } | { ok: false; error: "invalid-token" | "throttled" }
> {
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
