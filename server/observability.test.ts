/**
 * /healthz, /readyz and /metrics, and the request log line, through the real request pipeline
 * (server/app.ts) on a test database.
 */
import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { createTestUser } from "@tests/auth";
import { sourceServerBuild } from "@tests/app-server";
import { sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { testDeps } from "@tests/context";
import { getConfig } from "~/platform/config.server";
import { openPostgres, setConnection } from "~/platform/db.server";
import { loggerOptions } from "~/platform/logger.server";
import { sandboxEvent, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { createRequestPipeline } from "./app";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
  delete process.env.METRICS_TOKEN;
});

/** The pipeline on a loopback port, logging (production options) into `lines`. */
async function serve(stopping: () => boolean = () => false) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _e, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const log = pino({ ...loggerOptions, level: "info" }, stream);
  const build = await sourceServerBuild();
  const app = express();
  app.use(createRequestPipeline({ deps: testDeps(), log, stopping, getBuild: async () => build }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => new Promise((r) => (server.closeAllConnections(), server.close(() => r())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), rawLogs: () => lines.join("\n") };
}

describe("/healthz and /readyz", () => {
  it("healthz is alive without the database; readyz checks database and migrations", async () => {
    const { url } = await serve();
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ status: "ready", database: "up", migrations: "applied" });

    // An unreachable database: alive, not ready.
    const unreachable = await openPostgres("postgres://festa:senha@127.0.0.1:1/nada", { max: 1 });
    setConnection(unreachable);
    try {
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "unavailable", database: "down" });
    } finally {
      setConnection(testConnection());
      await unreachable.close();
    }
  });

  it("readyz is 503 while a migration this build ships is not applied", async () => {
    const { url } = await serve();
    const db = testConnection().db;
    // Kept aside and put back: the PGlite test instance is reused by the next test.
    await db.execute(sql`create temporary table newest as select * from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id in (select id from newest)`);
    try {
      const res = await fetch(`${url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ migrations: "pending" });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations select * from newest`);
      await db.execute(sql`drop table newest`);
    }
  });

  it("readyz is 503 once the process has begun to stop", async () => {
    let stopping = false;
    const { url } = await serve(() => stopping);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    stopping = true;
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ shuttingDown: true });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe("/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const { url } = await serve();
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer anything-at-all-0000" } })).status).toBe(404);
  });

  it("answers the bearer of METRICS_TOKEN, and only them, with the product's metrics", async () => {
    process.env.METRICS_TOKEN = METRICS_TOKEN;
    const { url } = await serve();
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(404);

    const { cookie } = await createTestUser();
    await (await fetch(`${url}/festa/abc12?token=segredo-na-url`)).arrayBuffer();
    const body = JSON.stringify(
      sandboxEvent("checkout.paid", { checkoutId: "cs_sbx_desconhecido", donationId: crypto.randomUUID(), paymentId: "pi_sbx_x" }),
    );
    const hook = await fetch(`${url}/api/webhooks/sandbox`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, getConfig().APP_SECRET) },
      body,
    });
    expect(hook.status).toBeLessThan(500);
    await testConnection().db.execute(
      sql`insert into email_outbox ("to", subject, html, text, template, created_at) values ('a@exemplo.com.br', 's', 'h', 't', 'x', now() - interval '90 seconds')`,
    );
    const stream = new AbortController();
    const sse = await fetch(`${url}/painel/eventos`, { headers: { Cookie: cookie }, signal: stream.signal });
    expect(sse.status).toBe(200);

    try {
      const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const text = await res.text();
      expect(text).toMatch(/festa_http_request_duration_seconds_count\{method="GET",route="routes\/festa\.\$id",status="\d+"\} \d+/);
      expect(text).not.toContain("abc12");
      expect(text).not.toContain("segredo");
      expect(text).toMatch(/festa_payment_events_total\{provider="sandbox",type="[^"]+",result="unmatched"\} 1/);
      expect(text).toMatch(/festa_outbox_pending 1\b/);
      const age = Number(/festa_outbox_oldest_pending_age_seconds ([\d.]+)/.exec(text)?.[1]);
      expect(age).toBeGreaterThanOrEqual(89);
      expect(text).toMatch(/festa_outbox_paused 0\b/);
      expect(text).toMatch(/festa_sse_streams 1\b/);
      expect(text).toMatch(/festa_db_pool_connections\{state="total"\} \d+/);
      expect(text).toContain("process_cpu_seconds_total");
    } finally {
      stream.abort();
    }
  });
});

describe("the request log line", () => {
  it("carries the route and the user id, a redacted URL, and no cookie", async () => {
    const { url, logs, rawLogs } = await serve();
    const { user, cookie } = await createTestUser();
    const sessionToken = decodeURIComponent(/festa\.session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
    await (await fetch(`${url}/painel?code=codigo-secreto`, { headers: { Cookie: cookie } })).arrayBuffer();
    await (await fetch(`${url}/redefinir-senha?token=token-de-redefinicao`)).arrayBuffer();

    const painel = logs().find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith("/painel"));
    expect(painel).toMatchObject({ userId: user.id, route: "routes/painel", req: { url: "/painel?code=[redacted]" } });
    const reset = logs().find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith("/redefinir-senha"));
    expect(reset).toMatchObject({ route: "routes/redefinir-senha", req: { url: "/redefinir-senha?token=[redacted]" } });
    expect(reset).not.toHaveProperty("userId");

    const all = rawLogs();
    for (const secret of [sessionToken, cookie, "codigo-secreto", "token-de-redefinicao"]) expect(all).not.toContain(secret);
  });
});
