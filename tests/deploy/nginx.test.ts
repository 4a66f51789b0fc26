/**
 * `npm run test:deploy`: the deployment of docs/operations.md, for real — Debian's nginx running
 * docs/deploy/nginx.conf (tests/deploy/support/nginx.ts) in front of two instances of two workers
 * each (`node server/index.js`, the built server) on one PostgreSQL database. Through nginx:
 * - ten rolling restarts as docs/operations.md describes them (out of nginx's rotation, SIGTERM,
 *   started again, back in), with webhook POSTs and page GETs flowing through nginx all along:
 *   every request gets an answer, none a 5xx;
 * - a 2 MB photo reaches the app (nginx's upload routes are not capped at 64 KB) and is stored in
 *   S3 (s3rver, a local fake): both instances serve it; a body over nginx's own cap is answered
 *   with the app's page in Portuguese;
 * - one instance's metrics, scraped twice with traffic between, only go up;
 * - a password reset journey, and no token it was mailed is in nginx's logs or the app's.
 *
 * PostgreSQL only (several instances need it): skipped without TEST_DATABASE_URL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestSmtp } from "@tests/smtp";
import S3rver from "s3rver";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connection } from "~/platform/db.server";
import {
  APP_SECRET,
  createFaultDb,
  deliver,
  type FaultDb,
  type Gift,
  paidEventBody,
  PG_URL,
  postForm,
  seedPendingGifts,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  waitUntil,
} from "../faults/support/harness";
import { freeLoopbackPort, type Nginx, startNginx } from "./support/nginx";

if (!PG_URL) console.log("[deploy] skipped: several instances need PostgreSQL (set TEST_DATABASE_URL).");

const METRICS_TOKEN = "deploy-metrics-token-0123456789";
const ROUNDS = Number(process.env.DEPLOY_ROUNDS ?? 10);

let db: FaultDb;
let conn: Connection;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
/** Several instances share their files through S3 (docs/operations.md): a local fake here. */
let s3: S3rver;
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-deploy-s3-"));
let nginx: Nginx;
const servers: ServerProcess[] = [];
let env: Record<string, string>;
let gifts: Gift[] = [];
/** Everything the instances wrote, across restarts. */
const pastOutput: string[] = [];

beforeAll(async () => {
  if (!PG_URL) return;
  db = await createFaultDb("pg");
  conn = await db.open();
  // Few gifts, delivered over and over: the provider's redeliveries, each checked against the
  // stored event in a transaction — a steady stream of cheap POSTs.
  ({ gifts } = await seedPendingGifts(conn, 40, { parties: 4 }));
  smtp = await startTestSmtp();
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: "deploy", configs: [] }] });
  const s3Port = (await s3.run()).port;
  const port = await freeLoopbackPort();
  env = {
    WEB_CONCURRENCY: "2",
    LOG_LEVEL: "info",
    TRUST_PROXY: "on",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    METRICS_TOKEN,
    STORAGE_S3_BUCKET: "deploy",
    STORAGE_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    STORAGE_S3_REGION: "us-east-1",
    STORAGE_S3_FORCE_PATH_STYLE: "on",
    STORAGE_S3_ACCESS_KEY_ID: "S3RVER",
    STORAGE_S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  servers.push(...(await Promise.all([startServer(db, env).then(allWorkersUp), startServer(db, env).then(allWorkersUp)])));
  nginx = await startNginx({ port, upstreams: servers.map((s) => s.port) });
  // Paid (and mailed) before the restarts: an instance stopping while its outbox still sends a
  // batch of receipts finishes the batch first, which on a busy machine outlasts the harness's
  // 15 s wait for an exit. The rounds' POSTs are then the provider's redeliveries.
  for (const gift of gifts) expect(await deliver(nginx.url, paidEventBody(gift))).toBe(200);
  await waitUntil(
    "the receipts sent",
    async () =>
      (
        (await conn.db.execute(sql`select count(*)::int as n from email_outbox where status = 'pending'`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n === 0,
    90_000,
    500,
  );
}, 240_000);

afterAll(async () => {
  if (!PG_URL) return;
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.stop();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  await conn?.close();
  await db?.drop();
});

/**
 * startServer returns once the instance answers (its first worker); the primary says
 * "— 2 processos" when every worker has started. A rolling restart waits for that: a SIGTERM
 * while a worker is still starting is honoured when its start is over (decision 174), which on a
 * busy machine takes longer than the harness waits for an exit.
 */
async function allWorkersUp(server: ServerProcess) {
  await waitUntil(`every worker of :${server.port} started`, () => server.output().includes(" — 2 processos"), 90_000, 100);
  return server;
}

const appOutput = () => [...pastOutput, ...servers.map((s) => s.output())].join("\n");

describe.runIf(PG_URL)("behind nginx (docs/deploy/nginx.conf), two instances × two workers", () => {
  it("ten rolling restarts with POSTs in flight: every request answered, none a 5xx", async () => {
    const failures: string[] = [];
    const answered = new Map<string, number>();
    let stop = false;
    let next = 0;
    let gets = 0;
    let posts = 0;
    // A connection a request each: nginx's reload closes its old workers' idle keep-alive
    // connections, and a request written on one in that instant meets a closed socket (browsers
    // send it again on a new connection; undici's fetch does not). What nginx reads it answers.
    const posting = async () => {
      while (!stop) {
        const gift = gifts[next++ % gifts.length]!;
        try {
          const status = await deliver(nginx.url, paidEventBody(gift), 30_000, { connection: "close" });
          answered.set(gift.id, status);
          posts++;
          if (status >= 500) failures.push(`POST ${status} at ${Date.now() - began} ms`);
        } catch (error) {
          failures.push(`POST lost: ${(error as Error).message} (${String((error as Error).cause)})`);
        }
      }
    };
    const getting = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${nginx.url}/contato?carga=${gets++}`, {
            headers: { connection: "close" },
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          if (res.status >= 500) failures.push(`GET ${res.status} at ${Date.now() - began} ms`);
        } catch (error) {
          failures.push(`GET lost: ${(error as Error).message} (${String((error as Error).cause)})`);
        }
      }
    };
    const began = Date.now();
    const load = [...Array.from({ length: 6 }, posting), ...Array.from({ length: 2 }, getting)];

    const exitCodes: Array<number | null> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const i = round % 2;
      const victim = servers[i]!;
      await sleep(300); // requests in flight on both instances
      // docs/operations.md's rolling restart: out of nginx's rotation first (`down`, reload), so no
      // connection can be waiting in the port's queue at the close (the kernel resets those).
      await nginx.setDown([victim.port]);
      const stopping = Date.now();
      await victim.stop();
      exitCodes.push(victim.proc.exitCode);
      const tookMs = Date.now() - stopping;
      if (victim.proc.exitCode !== 0)
        console.log(
          `[deploy] instance ${i} ended ${victim.proc.exitCode ?? victim.proc.signalCode} after ${tookMs} ms:\n${victim.output().slice(-4000)}`,
        );
      pastOutput.push(victim.output());
      const starting = Date.now();
      const restarted = await allWorkersUp(await startServer(db, env, victim.port));
      servers[i] = restarted;
      const startMs = Date.now() - starting; // both workers
      await nginx.setDown([]);
      // The next stop waits until nginx sends the restarted instance traffic again, as a rolling
      // deploy does.
      await waitUntil(`instance ${i} back in nginx's rotation`, () => restarted.output().includes('"url":"/contato?carga='), 30_000, 100);
      console.log(
        `[deploy] round ${round + 1}: stopped in ${tookMs} ms, started in ${startMs} ms, back in rotation ${Date.now() - starting - startMs} ms later`,
      );
    }
    stop = true;
    await Promise.all(load);

    console.log(
      `[deploy] ${ROUNDS} restarts in ${Math.round((Date.now() - began) / 1000)} s: ${posts} webhook POSTs, ${gets} GETs through nginx; failures: ${failures.length}`,
    );
    if (failures.length) console.log(`[deploy] nginx's error log:\n${nginx.errorLog().split("\n").slice(-40).join("\n")}`);
    expect(failures).toEqual([]);
    expect(exitCodes).toEqual(Array(ROUNDS).fill(0));
    expect(posts).toBeGreaterThan(ROUNDS * 20);
    expect(answered.size).toBe(gifts.length);
    // Every gift whose event was answered 200 is paid, once (however many redeliveries).
    const ok = [...answered].filter(([, status]) => status === 200).map(([id]) => id);
    const ids = sql`(select (x #>> '{}')::uuid from json_array_elements(${JSON.stringify(ok)}::json) x)`;
    const counted = (await conn.db.execute(
      sql`select (select count(*)::int from donations where status = 'paga' and id in ${ids}) as paid,
                 (select count(*)::int from donation_status_history where to_status = 'paga' and donation_id in ${ids}) as moves`,
    )) as unknown as { rows: Array<{ paid: number; moves: number }> };
    expect(counted.rows[0]).toEqual({ paid: ok.length, moves: ok.length });
  }, 480_000); // twenty instance starts: about 3 min on two idle cores, longer on a busy machine

  it("a 2 MB cover photo reaches the app; a body over nginx's cap gets the app's page", async () => {
    const cookie = await signUp({ url: nginx.url }, `capa-${Date.now().toString(36)}@exemplo.com.br`);
    // Noise compresses badly: a JPEG of about 2 MB.
    const side = 1700;
    const photo = await sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: side, height: side, channels: 3 },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.byteLength).toBeGreaterThan(2_000_000);
    const form = new FormData();
    form.set("intent", "foto");
    form.set("foto", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "capa.jpg");
    const res = await fetch(`${nginx.url}/conta`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: nginx.url },
      body: form,
      redirect: "manual",
    });
    const body = await res.text();
    expect(res.status, body.slice(0, 300)).toBe(200);
    const stored = (await conn.db.execute(sql`select photo_key from "user" where photo_key is not null`)) as unknown as {
      rows: Array<{ photo_key: string }>;
    };
    expect(stored.rows).toHaveLength(1);
    // Stored in the shared bucket: each instance serves it, whichever one took the upload.
    for (const server of servers) {
      const served = await fetch(`http://127.0.0.1:${server.port}/fotos/${stored.rows[0]!.photo_key}-256.webp`);
      expect(served.status, `instance on port ${server.port}`).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
    }

    // Over the public forms' 64 KB: nginx refuses it, and the page is the app's.
    const tooBig = await fetch(`${nginx.url}/contato`, {
      method: "POST",
      headers: { Origin: nginx.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: `mensagem=${"a".repeat(200_000)}`,
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toContain("Arquivo grande demais");
    // nginx logs the error page's address (its internal redirect is a GET), once the answer is out:
    // the client may read the answer before that line is written.
    await waitUntil("nginx's access log line", () => /"GET \/erro\/envio-grande-demais" 413/.test(nginx.accessLog()), 5_000, 50);
  });

  it("one instance's metrics, scraped twice with traffic between, only go up", async () => {
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${servers[0]!.port}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      const values = new Map<string, number>();
      for (const line of (await res.text()).split("\n")) {
        const m = /^(festa_\w+(?:_total|_count|_sum|_bucket))(\{.*\})? (\S+)$/.exec(line);
        if (m) values.set(`${m[1]}${m[2] ?? ""}`, Number(m[3]));
      }
      return values;
    };
    const first = await scrape();
    for (let i = 0; i < 20; i++) await (await fetch(`http://127.0.0.1:${servers[0]!.port}/contato?m=${i}`)).arrayBuffer();
    const second = await scrape();
    const total = (m: Map<string, number>) =>
      [...m].filter(([k]) => k.startsWith("festa_http_request_duration_seconds_count")).reduce((s, [, v]) => s + v, 0);
    expect(total(second)).toBeGreaterThanOrEqual(total(first) + 20);
    const down = [...first].filter(([key, value]) => (second.get(key) ?? -1) < value).map(([key]) => key);
    expect(down).toEqual([]);
  });

  it("a password reset through nginx leaves no mailed token in nginx's logs or the app's", async () => {
    const email = `reset-${Date.now().toString(36)}@exemplo.com.br`;
    await signUp({ url: nginx.url }, email);
    const recover = await postForm({ url: nginx.url }, "/auth?tab=recuperar", { intent: "recover", email });
    expect(recover.status).toBeLessThan(400);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Redefina"), 30_000);
    const link = new URL(/http:\/\/\S+\/redefinir-senha\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    const token = link.searchParams.get("token")!;

    const opened = await fetch(`${nginx.url}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/redefinir-senha");
    const cookie = opened.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("fs_link="))!;
    const page = await fetch(`${nginx.url}/redefinir-senha`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain('name="password"');
    const reset = await postForm(
      { url: nginx.url },
      "/redefinir-senha",
      { token, password: "nova-senha-789", confirm: "nova-senha-789" },
      { Cookie: cookie },
    );
    expect(reset.headers.get("location")).toBe("/redefinir-senha?sucesso=1");
    expect((await postForm({ url: nginx.url }, "/auth", { intent: "login", email, password: "nova-senha-789" })).status).toBe(302);

    // Every token any e-mail of the journeys carried (the reset, the sign-ups' confirmations).
    const tokens = smtp.messages.flatMap((m) =>
      [...m.text.matchAll(/[?&](?:token|t)=([A-Za-z0-9_.%-]{16,})/g)].map((x) => decodeURIComponent(x[1]!)),
    );
    expect(tokens).toContain(token);
    // nginx writes its log line after the answer: wait for the journey's last request's line.
    await waitUntil("nginx's access log lines", () => /"POST \/auth" 302/.test(nginx.accessLog()), 5_000, 50);
    const logs = { "nginx access log": nginx.accessLog(), "nginx error log": nginx.errorLog(), "the app's log": appOutput() };
    expect(logs["nginx access log"]).toContain('"GET /redefinir-senha" 303');
    expect(logs["nginx access log"]).toContain('"POST /redefinir-senha" 302');
    for (const [where, text] of Object.entries(logs))
      for (const t of tokens) expect(text.includes(t), `a mailed token (${t.slice(0, 4)}…) is in ${where}`).toBe(false);
    expect(logs["nginx access log"]).not.toContain("?");
    expect(appOutput()).not.toContain(APP_SECRET);
  });
});
