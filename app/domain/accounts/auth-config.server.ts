/**
 * The Better Auth instance: e-mail + password accounts with database sessions in our own tables.
 * Only its server API (`auth.api.*`) is used — forms post to our route actions, which add the
 * rate limits and the pt-BR messages — so its HTTP handler is not mounted anywhere.
 *
 * Sessions (see docs/decisions/002-auth-sessions.md): 30-day absolute lifetime (expiresIn with
 * refresh disabled, so expiresAt never moves) and a 7-day idle limit enforced in auth.server.ts
 * from session.updated_at.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { type Config, getConfig } from "~/platform/config.server";
import { db, type Executor, getConnection, schema, type Transaction } from "~/platform/db.server";
import { passwordChangedEmail } from "~/domain/accounts/emails/password-changed.server";
import { passwordResetEmail } from "~/domain/accounts/emails/password-reset.server";
import { logger } from "~/platform/logger.server";
import { hashPassword, verifyPassword } from "~/domain/accounts/password.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { markAddressVerified } from "~/domain/accounts/email-verification.server";

const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
const RESET_TOKEN_SECONDS = 60 * 60;
/** The header that carries the client IP we resolved (see client-ip.server.ts) into Better Auth. */
export const CLIENT_IP_HEADER = "x-festa-client-ip";

// Lets a whole auth.api call (and the e-mail it causes) run in one of our transactions: Better
// Auth's adapter queries go through `authDb`, which resolves to the open transaction if any.
const transactionScope = new AsyncLocalStorage<Transaction>();

const authDb = new Proxy({} as typeof db, {
  get(_target, prop) {
    const target = (transactionScope.getStore() ?? getConnection().db) as unknown as Record<string | symbol, unknown>;
    const value = target[prop];
    return typeof value === "function" ? (value as Function).bind(target) : value;
  },
});

/** Runs `work` (auth.api calls, outbox writes) inside one database transaction. */
export function withAuthTransaction<T>(work: () => Promise<T>): Promise<T> {
  const open = transactionScope.getStore();
  if (open) return work();
  return db.transaction((tx) => transactionScope.run(tx, work));
}

/** The executor for writes that must join the auth call's transaction. */
export function authExecutor(): Executor {
  return transactionScope.getStore() ?? db;
}

function createAuth(config: Config) {
  return betterAuth({
    appName: "Festa Solidária",
    baseURL: config.PUBLIC_URL,
    secret: config.APP_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    telemetry: { enabled: false },
    database: drizzleAdapter(authDb, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
      // Atomicity comes from withAuthTransaction around every multi-write call.
      transaction: false,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const url = `${config.PUBLIC_URL}/redefinir-senha?token=${encodeURIComponent(token)}`;
        await enqueueEmail(authExecutor(), { to: user.email, ...passwordResetEmail({ name: user.name, url }) });
      },
      async onPasswordReset({ user }) {
        // The link reached this address, so its owner is the one using it: the address is verified
        // (what lets ADMIN_EMAILS grant the role at the next sign-in, auth-flows.server.ts).
        // Its guest gifts become the account's, as with the welcome link (decision 182).
        await markAddressVerified(authExecutor(), user);
        await enqueueEmail(authExecutor(), { to: user.email, ...passwordChangedEmail({ name: user.name, changedAt: new Date() }) });
      },
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_SECONDS,
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    // A stolen database must not hand out live reset links.
    verification: { storeIdentifier: "hashed" },
    // Our own database-backed limiter covers every path the forms take (auth-flows.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "festa",
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Better Auth's own lines are English and mostly routine ("User not found" is a mistyped
    // e-mail at sign-in, which our flows already answer): they go through our logger, at debug,
    // with the library's words in a field. Its errors stay errors, said in pt-BR.
    logger: {
      level: "warn",
      log(level, message, ...args) {
        if (level === "error") logger.error({ library: "better-auth", detail: message, args }, "Erro na autenticação (login e contas)");
        else logger.debug({ library: "better-auth", detail: message, args }, "Aviso da autenticação (login e contas)");
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: { config: Config; auth: Auth } | undefined;

/** The process's Better Auth instance (rebuilt if tests swap the configuration). */
export function getAuth(): Auth {
  const config = getConfig();
  if (instance?.config !== config) instance = { config, auth: createAuth(config) };
  return instance.auth;
}
