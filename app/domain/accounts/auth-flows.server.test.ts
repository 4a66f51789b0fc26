import { useTestDatabase, readableRows } from "@tests/database";
useTestDatabase();

import { cookieHeaderFrom, createTestUser } from "@tests/auth";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import {
  AUTH_LIMITS,
  isResetTokenLive,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "~/domain/accounts/auth-flows.server";
import { countUserSessions } from "~/domain/accounts/sessions.server";
import { isAdmin } from "~/domain/accounts/users.server";
import { solveChallengePayload } from "@tests/challenge";
import type { Challenge } from "altcha-lib";

const meta = (cookie?: string, ip = "203.0.113.7", adminEmails: string[] = []) => ({
  request: new Request("http://localhost:3000/auth", { method: "POST", headers: cookie ? { Cookie: cookie } : {} }),
  ip,
  adminEmails,
});
const whoIs = (cookie: string) => getOptionalUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));

describe("sign-up and sign-in", () => {
  it("signs up, which signs in with a real session", async () => {
    const result = await signUp({ name: " Ana Souza ", email: "Ana@Exemplo.com.br", password: "segredo1", ...meta() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cookie = cookieHeaderFrom(result.setCookies);
    expect(result.setCookies.join("\n")).toMatch(/festa\.session_token=.*HttpOnly.*SameSite=Lax/i);
    expect(await whoIs(cookie)).toMatchObject({ name: "Ana Souza", email: "ana@exemplo.com.br", isAdmin: false });
    const [account] = await db.select().from(schema.account);
    expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [session] = await db.select().from(schema.session);
    expect(session!.ipAddress).toBe("203.0.113.7");
  });

  it("refuses a second account for the same e-mail", async () => {
    await createTestUser({ email: "bia@exemplo.com.br" });
    expect(await signUp({ name: "Bia", email: "BIA@exemplo.com.br", password: "segredo1", ...meta() })).toEqual({
      ok: false,
      error: "exists",
    });
  });

  it("signs in with a new session each time, and answers the same for a wrong password and an unknown e-mail", async () => {
    const { user, password, cookie: first } = await createTestUser();
    const ok = await signIn({ email: user.email.toUpperCase(), password, ...meta() });
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const second = cookieHeaderFrom(ok.setCookies);
    expect(second).not.toBe(first);
    expect(await countUserSessions(user.id)).toBe(2);
    expect(await signIn({ email: user.email, password: "errada", ...meta() })).toEqual({ ok: false, error: "invalid" });
    expect(await signIn({ email: "ninguem@exemplo.com.br", password: "errada", ...meta() })).toEqual({ ok: false, error: "invalid" });
  });

  it("signs in the seeded kind of account (credential provider, argon2id hash)", async () => {
    const { hashPassword } = await import("~/domain/accounts/password.server");
    await db.insert(schema.user).values({ id: "u-demo", name: "Admin Demo", email: "admin@festasolidaria.org.br", emailVerified: true });
    await db
      .insert(schema.account)
      .values({ id: "a-demo", accountId: "u-demo", providerId: "credential", userId: "u-demo", password: await hashPassword("admin1234") });
    await db.insert(schema.userRoles).values({ userId: "u-demo", role: "admin" });
    const result = await signIn({ email: "admin@festasolidaria.org.br", password: "admin1234", ...meta() });
    expect(result.ok).toBe(true);
    if (result.ok) expect(await whoIs(cookieHeaderFrom(result.setCookies))).toMatchObject({ id: "u-demo", isAdmin: true });
  });

  it("signing up with an ADMIN_EMAILS address does not make an admin; only an address verified by a link does (security review finding 1)", async () => {
    const { ADMIN_EMAILS } = parseConfig({ ...process.env, ADMIN_EMAILS: "chefe@exemplo.com.br, outra@exemplo.com.br" });
    const fresh = await signUp({
      name: "Chefe",
      email: "Chefe@exemplo.com.br",
      password: "segredo1",
      ...meta(undefined, undefined, ADMIN_EMAILS),
    });
    expect(fresh.ok).toBe(true);
    expect(await isAdmin(fresh.ok ? fresh.userId! : "")).toBe(false);
    const signedIn = await signIn({ email: "chefe@exemplo.com.br", password: "segredo1", ...meta(undefined, undefined, ADMIN_EMAILS) });
    expect(signedIn.ok && (await isAdmin(signedIn.userId!))).toBe(false);
    if (signedIn.ok) expect(await whoIs(cookieHeaderFrom(signedIn.setCookies))).toMatchObject({ isAdmin: false });

    // The recovery link proves the address is theirs: after using it, the next sign-in grants.
    await requestPasswordReset({ email: "chefe@exemplo.com.br", ...meta() });
    const [resetMail] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "password-reset")));
    const token = /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(resetMail!.text)![1]!;
    expect(await resetPassword({ token, newPassword: "segredo2", ...meta() })).toEqual({ ok: true });
    const [chefe] = await db.select().from(schema.user).where(eq(schema.user.email, "chefe@exemplo.com.br"));
    expect(chefe!.emailVerified).toBe(true);
    const afterLink = await signIn({ email: "chefe@exemplo.com.br", password: "segredo2", ...meta(undefined, undefined, ADMIN_EMAILS) });
    expect(afterLink.ok && (await isAdmin(afterLink.userId!))).toBe(true);

    // An account whose address was verified otherwise (a seeded one) is granted at sign-in too.
    const existing = await createTestUser({ email: "outra@exemplo.com.br" });
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, existing.user.id));
    await signIn({ email: existing.user.email, password: existing.password, ...meta(undefined, undefined, ADMIN_EMAILS) });
    expect(await isAdmin(existing.user.id)).toBe(true);
  });
});

describe("abuse limits: challenges, not lockouts", () => {
  const solve = async (result: { ok: boolean; error?: string; challenge?: Challenge }) => {
    expect(result).toMatchObject({ ok: false, error: "challenge" });
    return solveChallengePayload(result.challenge!);
  };

  it("an attacker's wrong passwords do not lock the victim out: the victim signs in with a challenge, from anywhere", async () => {
    const { user, password } = await createTestUser();
    const limit = AUTH_LIMITS.signInAccountChallenge.limit;
    // The attacker rotates addresses (no address ceiling is reached) and spends the account's quota.
    for (let i = 0; i < limit; i++)
      expect(await signIn({ email: user.email, password: `errada${i}`, ...meta(undefined, `198.51.100.${i}`) })).toEqual({
        ok: false,
        error: "invalid",
      });
    for (let i = 0; i < 10; i++)
      expect(await signIn({ email: user.email, password: "errada", ...meta(undefined, `198.51.100.${50 + i}`) })).toMatchObject({
        error: "challenge",
      });
    // The victim, from a new device: asked for the challenge (never "throttled"), solves it, is in.
    const asked = await signIn({ email: user.email, password, ...meta(undefined, "192.0.2.44") });
    const solution = await solve(asked as never);
    const ok = await signIn({ email: user.email, password, ...meta(undefined, "192.0.2.44"), challenge: solution });
    expect(ok.ok).toBe(true);
    // A success ends the run: the next sign-in needs nothing.
    expect((await signIn({ email: user.email, password, ...meta(undefined, "192.0.2.45") })).ok).toBe(true);
  });

  it("one address trying many accounts gets a challenge past 20 failures and a refusal only past 100; others are unaffected", async () => {
    const { user, password } = await createTestUser();
    const ip = "203.0.113.7";
    for (let i = 0; i < AUTH_LIMITS.signInIpChallenge.limit; i++) {
      expect(await signIn({ email: `alvo${i}@exemplo.com.br`, password: "x", ...meta(undefined, ip) })).toEqual({
        ok: false,
        error: "invalid",
      });
    }
    const asked = await signIn({ email: user.email, password, ...meta(undefined, ip) });
    const solution = await solve(asked as never);
    expect((await signIn({ email: user.email, password, ...meta(undefined, ip), challenge: solution })).ok).toBe(true);
    // A solution is spent once.
    expect(await signIn({ email: user.email, password, ...meta(undefined, ip), challenge: solution })).toMatchObject({
      error: "challenge",
    });
    expect((await signIn({ email: user.email, password, ...meta(undefined, "192.0.2.1") })).ok).toBe(true);
    // The ceiling: an address that keeps failing (even solving every challenge) is refused.
    await db
      .update(schema.rateLimits)
      .set({ count: AUTH_LIMITS.signInIpCeiling.limit })
      .where(eq(schema.rateLimits.key, `signin:ip:${ip}`));
    expect(await signIn({ email: user.email, password, ...meta(undefined, ip) })).toMatchObject({ ok: false, error: "throttled" });
    expect((await signIn({ email: user.email, password, ...meta(undefined, "192.0.2.2") })).ok).toBe(true);
  });

  it("recovery is never refused: past its limits it asks for a challenge, and then sends the link", async () => {
    const { user } = await createTestUser();
    for (let i = 0; i < AUTH_LIMITS.recoverAccountChallenge.limit; i++) {
      expect(await requestPasswordReset({ email: user.email, ...meta(undefined, `10.0.0.${i}`) })).toEqual({ ok: true });
    }
    const asked = await requestPasswordReset({ email: user.email, ...meta(undefined, "10.0.0.99") });
    const solution = await solve(asked as never);
    expect(await requestPasswordReset({ email: user.email, ...meta(undefined, "10.0.0.99"), challenge: solution })).toEqual({ ok: true });
    const resets = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "password-reset")));
    expect(resets).toHaveLength(AUTH_LIMITS.recoverAccountChallenge.limit + 1);
  });

  it("sign-up: 5 per e-mail, and past 20 per address a challenge instead of a refusal", async () => {
    for (let i = 0; i < 5; i++)
      await signUp({ name: "X", email: "y@exemplo.com.br", password: "segredo1", ...meta(undefined, `10.0.1.${i}`) });
    expect(await signUp({ name: "X", email: "y@exemplo.com.br", password: "segredo1", ...meta() })).toMatchObject({
      ok: false,
      error: "throttled",
    });
    const ip = "203.0.113.80";
    for (let i = 0; i < AUTH_LIMITS.signUpIpChallenge.limit; i++)
      expect(
        (await signUp({ name: "Convidado", email: `convidado${i}@exemplo.com.br`, password: "segredo1", ...meta(undefined, ip) })).ok,
      ).toBe(true);
    const asked = await signUp({ name: "Convidada", email: "convidada@exemplo.com.br", password: "segredo1", ...meta(undefined, ip) });
    const solution = await solve(asked as never);
    expect(
      (
        await signUp({
          name: "Convidada",
          email: "convidada@exemplo.com.br",
          password: "segredo1",
          ...meta(undefined, ip),
          challenge: solution,
        })
      ).ok,
    ).toBe(true);
  });
});

describe("sessions", () => {
  it("signs out: the session row is gone and the cookie is cleared", async () => {
    const { user, cookie } = await createTestUser();
    const cleared = await signOut(meta(cookie));
    expect(cleared.join("\n")).toMatch(/festa\.session_token=;.*Max-Age=0/i);
    expect(await countUserSessions(user.id)).toBe(0);
    expect(await whoIs(cookie)).toBeNull();
  });

  it("ends a session idle for more than 7 days, and keeps a used one alive", async () => {
    const { user, cookie } = await createTestUser();
    await db.update(schema.session).set({ updatedAt: sql`now() - interval '6 days'` });
    expect(await whoIs(cookie)).toMatchObject({ id: user.id });
    const [touched] = await db.select().from(schema.session);
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(60_000);

    await db.update(schema.session).set({ updatedAt: sql`now() - interval '7 days 1 minute'` });
    expect(await whoIs(cookie)).toBeNull();
    expect(await countUserSessions(user.id)).toBe(0);
  });

  it("ends every session 30 days after login, however active", async () => {
    const { cookie } = await createTestUser();
    const [session] = await db.select().from(schema.session);
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeCloseTo(30 * 24 * 3600 * 1000, -4);
    await db.update(schema.session).set({ expiresAt: sql`now() - interval '1 second'`, updatedAt: sql`now()` });
    expect(await whoIs(cookie)).toBeNull();
  });

  it("ignores a forged or tampered cookie", async () => {
    const { cookie } = await createTestUser();
    const [name, value] = cookie.split("=") as [string, string];
    expect(await whoIs(`${name}=${value.replace(/^./, (c) => (c === "a" ? "b" : "a"))}`)).toBeNull();
    const [row] = await db.select().from(schema.session);
    expect(await whoIs(`${name}=${row!.token}`)).toBeNull(); // unsigned token
  });
});

describe("password recovery", () => {
  async function latestResetToken() {
    const rows = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "password-reset")));
    const text = rows.at(-1)!.text;
    return /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
  }

  it("answers the same for unknown addresses, and only then writes nothing", async () => {
    const started = Date.now();
    expect(await requestPasswordReset({ email: "ninguem@exemplo.com.br", ...meta() })).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(await readableRows(db.select().from(schema.emailOutbox))).toHaveLength(0);
    expect(await db.select().from(schema.verification)).toHaveLength(0);
  });

  it("queues the link, accepts it once, revokes every session and tells the owner", async () => {
    const { user, cookie } = await createTestUser({ name: "Carla Dias" });
    expect(await requestPasswordReset({ email: user.email, ...meta() })).toEqual({ ok: true });
    const [mail] = await readableRows(db.select().from(schema.emailOutbox));
    expect(mail).toMatchObject({ to: user.email, subject: "Redefina sua senha da Festa Solidária", status: "pending" });
    expect(mail!.html).toContain("Olá, Carla!");
    const token = await latestResetToken();
    // Stored hashed: the database alone does not reveal a live link.
    expect((await db.select().from(schema.verification))[0]!.identifier).not.toContain(token);
    expect(await isResetTokenLive(token)).toBe(true);

    expect(await resetPassword({ token, newPassword: "nova-senha", ...meta() })).toEqual({ ok: true });
    expect(await countUserSessions(user.id)).toBe(0);
    expect(await whoIs(cookie)).toBeNull();
    const changed = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "password-changed")));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.to).toBe(user.email);

    expect(await isResetTokenLive(token)).toBe(false);
    expect(await resetPassword({ token, newPassword: "outra-senha", ...meta() })).toEqual({ ok: false, error: "invalid-token" });
    expect((await signIn({ email: user.email, password: "nova-senha", ...meta() })).ok).toBe(true);
    expect((await signIn({ email: user.email, password: "outra-senha", ...meta() })).ok).toBe(false);
  });

  it("refuses an expired or tampered token", async () => {
    const { user } = await createTestUser();
    await requestPasswordReset({ email: user.email, ...meta() });
    const token = await latestResetToken();
    expect(await resetPassword({ token: token + "x", newPassword: "nova-senha", ...meta() })).toEqual({
      ok: false,
      error: "invalid-token",
    });
    expect(await isResetTokenLive(token + "x")).toBe(false);
    await db.update(schema.verification).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await isResetTokenLive(token)).toBe(false);
    expect(await resetPassword({ token, newPassword: "nova-senha", ...meta() })).toEqual({ ok: false, error: "invalid-token" });
  });

  it("gives the link one hour", async () => {
    const { user } = await createTestUser();
    await requestPasswordReset({ email: user.email, ...meta() });
    const [row] = await db.select().from(schema.verification);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });
});
