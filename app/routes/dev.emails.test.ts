import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { describe, expect, it } from "vitest";
import { type Config, parseConfig } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { createTestUser } from "@tests/auth";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";
import { passwordResetEmail } from "~/domain/accounts/emails/password-reset.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { loader as detail } from "./dev.emails.$id";
import { loader as list } from "./dev.emails";

type Args = { params?: Record<string, string>; ip?: string; cookie?: string; headers?: Record<string, string>; config?: Config };
/** Loader arguments as the Express adapter builds them: the resolved client address is in the context. */
function args({ params = {}, ip = "127.0.0.1", cookie, headers = {}, config, host = "localhost:3000" }: Args & { host?: string } = {}) {
  const request = new Request(`http://${host}/dev/emails`, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
  return { request, params, context: testContext({ clientIp: ip, ...(config ? { config } : {}) }) } as never;
}

async function status(run: () => Promise<unknown>) {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("/dev/emails", () => {
  it("lists every outbox e-mail with its text, and serves the HTML part", async () => {
    const id = await enqueueEmail(db, {
      to: "ana@exemplo.com.br",
      ...passwordResetEmail({ name: "Ana", url: "http://localhost:3000/redefinir-senha?token=t1" }),
    });
    const data = await list(args());
    expect(data.emails).toEqual([
      expect.objectContaining({ id, to: "ana@exemplo.com.br", subject: "Redefina sua senha da Festa Solidária", status: "pending" }),
    ]);
    expect(data.emails[0]!.text).toContain("http://localhost:3000/redefinir-senha?token=t1");

    const res = (await detail(args({ params: { id: id! } }))) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain('href="http://localhost:3000/redefinir-senha?token=t1"');
    expect(await status(() => detail(args({ params: { id: "nao-e-uuid" } })))).toBe(404);
  });

  it("does not exist in production", async () => {
    const id = await enqueueEmail(db, { to: "ana@exemplo.com.br", ...passwordResetEmail({ name: "Ana", url: "http://x/y" }) });
    const config = parseConfig({
      ...process.env,
      NODE_ENV: "production",
      ...PRODUCTION_DETAILS_ENV,
      PAYMENTS_SANDBOX: "on",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
    });
    expect(await status(() => list(args({ config })))).toBe(404);
    expect(await status(() => detail(args({ params: { id: id! }, config })))).toBe(404);
  });

  it("is served only to loopback clients or admins (security review finding 7)", async () => {
    const id = await enqueueEmail(db, {
      to: "ana@exemplo.com.br",
      ...passwordResetEmail({ name: "Ana", url: "http://x/redefinir-senha?token=t2" }),
    });
    const outsider = { ip: "203.0.113.50" };
    expect(await status(() => list(args(outsider)))).toBe(404);
    expect(await status(() => detail(args({ ...outsider, params: { id: id! } })))).toBe(404);
    // Behind a proxy we were not told to trust, every request comes from 127.0.0.1: not local.
    expect(await status(() => list(args({ headers: { "X-Forwarded-For": "203.0.113.50" } })))).toBe(404);
    const { cookie: userCookie } = await createTestUser();
    expect(await status(() => list(args({ ...outsider, cookie: userCookie })))).toBe(404);
    const { cookie: adminCookie } = await createTestUser({ admin: true });
    expect(await status(() => list(args({ ...outsider, cookie: adminCookie })))).toBe(200);
    expect(await status(() => detail(args({ ...outsider, cookie: adminCookie, params: { id: id! } })))).toBe(200);
    expect(await status(() => list(args({ ip: "::1" })))).toBe(200);
  });

  it("a loopback client relayed by any proxy, or naming a public host, is not the machine itself (issue 31)", async () => {
    const trusting = parseConfig({ ...process.env, TRUST_PROXY: "on" });
    const relayed: Array<Record<string, string>> = [
      { Via: "1.1 nginx" },
      { "X-Real-IP": "127.0.0.1" },
      { Forwarded: "for=127.0.0.1" },
      { "X-Forwarded-Host": "staging.exemplo.com.br" },
      { "X-Forwarded-Proto": "https" },
    ];
    for (const headers of relayed) expect(await status(() => list(args({ headers }))), JSON.stringify(headers)).toBe(404);
    // TRUST_PROXY on and a forwarded loopback address: still relayed, so not local.
    expect(await status(() => list(args({ headers: { "X-Forwarded-For": "127.0.0.1" }, config: trusting })))).toBe(404);
    // A same-host proxy that adds no header at all still passes the public name it was reached by.
    expect(await status(() => list(args({ host: "staging.exemplo.com.br" })))).toBe(404);
    for (const host of ["localhost:3000", "127.0.0.1:5173", "[::1]:3000", "localhost"])
      expect(await status(() => list(args({ host }))), host).toBe(200);
    const { cookie: adminCookie } = await createTestUser({ admin: true });
    expect(await status(() => list(args({ headers: { Via: "1.1 nginx" }, cookie: adminCookie })))).toBe(200);
  });
});
