/**
 * The built server's whole log output (stdout and stderr, LOG_LEVEL=debug) over a full journey —
 * sign-up, password recovery with the mailed reset token (traded for a cookie on its first request), a sandbox payment, a metrics scrape and,
 * on PostgreSQL, the database going away and coming back mid-session — holds none of the secrets
 * the journey used: APP_SECRET, METRICS_TOKEN, the database password, session cookies and tokens,
 * the reset token, passwords, a webhook signature.
 *
 * The outage goes through a TCP proxy the test cuts (tests/faults/support/tcp-proxy.ts), so it
 * runs on any PostgreSQL without stopping the machine's server.
 */
import { startTestSmtp } from "@tests/smtp";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxEvent, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "~/domain/payments/sandbox.server";
import {
  APP_SECRET,
  createFaultDb,
  DB_KINDS,
  type DbKind,
  type FaultDb,
  postForm,
  seedPendingGifts,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  waitUntil,
} from "./support/harness";
import { startTcpProxy } from "./support/tcp-proxy";

const METRICS_TOKEN = "metrics-token-for-the-log-test-0123";
const DB_PASSWORD = "senha-do-banco-nunca-nos-logs";
const PASSWORD = "senha-forte-123";
const NEW_PASSWORD = "outra-senha-456";

let server: ServerProcess | undefined;
let db: FaultDb | undefined;
let cleanup: Array<() => Promise<unknown>> = [];

afterEach(async (ctx) => {
  if ((ctx.task.result?.state === "fail" || process.env.FAULTS_VERBOSE) && server)
    console.log(`[faults] server output:\n${server.output()}`);
  await server?.stop();
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
  await db?.drop();
  server = db = undefined;
  cleanup = [];
});

function cookieValues(cookie: string): string[] {
  // The cookie as sent, each value, its URL-decoded form and the bare token before the signature.
  return cookie.split("; ").flatMap((pair) => {
    const value = pair.slice(pair.indexOf("=") + 1);
    const decoded = decodeURIComponent(value);
    return [pair, value, decoded, decoded.split(".")[0]!].filter((v) => v.length >= 16);
  });
}

describe.each(DB_KINDS)("logs without secrets (%s)", (kind: DbKind) => {
  it("a full journey leaves no token, cookie, password or secret in the logs", async () => {
    db = await createFaultDb(kind);
    const seeding = await db.open();
    const { codes } = await seedPendingGifts(seeding, 0, { parties: 1 });
    await seeding.close();

    const smtp = await startTestSmtp();
    cleanup.push(() => smtp.stop());
    const env: Record<string, string> = { LOG_LEVEL: "debug", SMTP_URL: smtp.url, METRICS_TOKEN };
    let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
    if (kind === "pg") {
      const direct = new URL(db.env.DATABASE_URL!);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      cleanup.push(() => proxy!.down());
      // Trust authentication ignores the password; it is here to be looked for in the logs.
      direct.password = DB_PASSWORD;
      direct.host = `127.0.0.1:${proxy.port()}`;
      env.DATABASE_URL = direct.toString();
    }
    server = await startServer(db, env);
    const secrets: string[] = [APP_SECRET, METRICS_TOKEN, DB_PASSWORD, PASSWORD, NEW_PASSWORD];

    // Sign-up, and pages with the session.
    const email = `festeira-${Date.now().toString(36)}@exemplo.com.br`;
    const cookie = await signUp(server, email, PASSWORD);
    secrets.push(...cookieValues(cookie));
    expect((await fetch(`${server.url}/painel`, { headers: { Cookie: cookie } })).status).toBe(200);

    // Password recovery through the mailed link.
    const recover = await postForm(server, "/auth?tab=recuperar", { intent: "recover", email });
    expect(recover.status).toBeLessThan(400);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Redefina"), 30_000);
    const token = new URL(/http:\/\/\S+\/redefinir-senha\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]).searchParams.get("token")!;
    secrets.push(token);
    // The link's first request trades the token for a cookie and leaves for the clean address
    // (decision 195): every later request, the form's post included, has no token in its URL.
    const opened = await fetch(`${server.url}/redefinir-senha?token=${token}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/redefinir-senha");
    const linkCookie = opened.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("fs_link="))!;
    expect(decodeURIComponent(linkCookie.slice("fs_link=".length))).toBe(token);
    const page = await fetch(`${server.url}/redefinir-senha`, { headers: { Cookie: linkCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
    const reset = await postForm(
      server,
      "/redefinir-senha",
      { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      { Cookie: linkCookie },
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/redefinir-senha?sucesso=1");
    const signIn = await postForm(server, "/auth", { intent: "login", email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(302);
    const cookie2 = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    secrets.push(...cookieValues(cookie2));

    // A sandbox payment: checkout, pay, the signed event, the donor's e-mail.
    const donor = `convidado-${Date.now().toString(36)}@exemplo.com.br`;
    const checkout = await postForm(server, "/doar", { preset: "25", nome: "Convidado", email: donor, festa: codes[0]! });
    expect(checkout.status).toBe(302);
    const checkoutPath = new URL(checkout.headers.get("location")!, server.url).pathname;
    const paid = await postForm(server, checkoutPath, { intent: "pagar" });
    expect(paid.status).toBe(302);
    await smtp.waitFor((m) => m.to.includes(donor), 30_000);
    // A redelivery of our own, so there is a signature we know to look for.
    const checkoutId = checkoutPath.split("/").pop()!;
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId, donationId: crypto.randomUUID(), paymentId: "pi_sbx_x" }));
    const signature = signSandboxPayload(body, APP_SECRET);
    secrets.push(signature.split("v1=")[1]!);
    await fetch(`${server.url}/api/webhooks/sandbox`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
      body,
    });

    const metrics = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);

    if (proxy) {
      // The database goes away mid-session: signed-in requests fail while it is gone.
      await proxy.down();
      const during: number[] = [];
      for (let i = 0; i < 6; i++) {
        // No retry: "other side closed" here was the server dying (pg-boss's unawaited write of a
        // job's outcome, app/platform/jobs/boss.server.ts), and the process must stay up.
        const res = await fetch(`${server!.url}/painel?code=x`, { headers: { Cookie: cookie2 } });
        during.push(res.status);
        await res.arrayBuffer();
      }
      expect(during.every((s) => s === 503)).toBe(true);
      // Long enough for the background jobs to meet the outage (the e-mail worker polls every 2 s).
      await sleep(3_000);
      expect(server.proc.exitCode, "the server survived the outage").toBeNull();
      await proxy.up();
      await waitUntil("/readyz after the outage", async () => (await fetch(`${server!.url}/readyz`)).ok, 30_000);
      await waitUntil(
        "/painel after the outage",
        async () => (await fetch(`${server!.url}/painel`, { headers: { Cookie: cookie2 } })).status === 200,
        30_000,
      );
    }
    await server.stop();

    const output = server.output();
    // The journey did reach the logs (a grep of an empty log proves nothing).
    expect(output).toContain('"route":"routes/redefinir-senha"');
    expect(output).toContain('"url":"/redefinir-senha?token=[redacted]"');
    expect(output).toMatch(/"userId":"[^"]+"/);
    // A failed session lookup was logged (and, below, without its token). Since decision 221 the
    // lookup is one prepared statement whose errors carry no parameters at all; a failed drizzle
    // query's "params: …" is still redacted by the logger (logging/redact.server.test.ts).
    if (proxy) expect(output).toMatch(/findSessionWithUser[^\n]*"msg":"request error"/);
    for (const secret of secrets) expect(output.includes(secret), `a secret (${secret.slice(0, 4)}…) is in the logs`).toBe(false);
  });
});
