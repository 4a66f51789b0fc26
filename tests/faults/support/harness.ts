/**
 * The fault suite's plumbing: a throwaway database (PostgreSQL from TEST_DATABASE_URL, or a PGlite
 * folder), the built server as a real child process (killable), the sandbox provider's signed
 * webhook deliveries, and small bounded waits.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { PRODUCTION_DETAILS_ENV } from "../../support/production-env.mjs";
import { type Connection, migrateDatabase, openPglite, openPostgres } from "~/platform/db.server";
import { sandboxEvent, signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from "~/domain/payments/sandbox.server";

export const APP_SECRET = "faults-secret-faults-secret-faults-0123456789";
export type DbKind = "pg" | "pglite";
/** PostgreSQL when TEST_DATABASE_URL is set, and PGlite. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["pg", "pglite"] : ["pglite"];
export const PG_URL = process.env.TEST_DATABASE_URL;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value or the time is up (then throws with `what`). */
export async function waitUntil<T>(what: string, check: () => Promise<T> | T, timeoutMs: number, everyMs = 200): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ""}`);
}

// ---------- ports: this suite's range is 3901-3999 (FAULT_PORTS=first-last for another) ----------
const [FIRST_PORT, LAST_PORT] = (process.env.FAULT_PORTS ?? "3901-3999").split("-").map(Number) as [number, number];
const PORT_COUNT = LAST_PORT - FIRST_PORT + 1;
let nextPort = FIRST_PORT + (process.pid % Math.min(40, PORT_COUNT));
async function freePort(): Promise<number> {
  for (let i = 0; i < PORT_COUNT; i++) {
    const port = FIRST_PORT + ((nextPort++ - FIRST_PORT) % PORT_COUNT);
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer().once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${FIRST_PORT}-${LAST_PORT}`);
}

// ---------- databases ----------
export type FaultDb = {
  kind: DbKind;
  /** What the server process needs to reach it. */
  env: Record<string, string>;
  /** A connection from the test process (PGlite: only while no server holds the folder). */
  open(): Promise<Connection>;
  drop(): Promise<void>;
};

let dbCounter = 0;
export async function createFaultDb(kind: DbKind, options: { empty?: boolean } = {}): Promise<FaultDb> {
  if (kind === "pg") {
    const name = `${process.env.FAULT_DB_PREFIX ?? "fs_fault"}_${process.pid}_${++dbCounter}`;
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${name}`);
    const u = new URL(PG_URL!);
    u.pathname = `/${name}`;
    const url = u.toString();
    // `empty`: no schema at all, as a brand-new production database (the servers create it).
    if (!options.empty) {
      const conn = await openPostgres(url, { max: 2 });
      await migrateDatabase(conn);
      await conn.close();
    }
    return {
      kind,
      env: { DATABASE_URL: url },
      open: () => openPostgres(url, { max: 4 }),
      drop: async () => {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-fault-"));
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  const conn = await openPglite({ dataDir: dir });
  await migrateDatabase(conn);
  await conn.close();
  return {
    kind,
    env: { DATA_DIR: dataDir },
    open: () => openPglite({ dataDir: dir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** One value from a SQL query (counts and sums come back as strings from pg). */
export async function scalar(conn: Connection, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await conn.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return Number(Object.values(result.rows[0]!)[0]);
}

// ---------- the world: parties and pending gifts, seeded with set-based SQL ----------
export type Gift = { id: string; checkoutId: string; amountCents: number; partyId: string };

export async function seedPendingGifts(
  conn: Connection,
  count: number,
  /** creatorEmails 'cada': a note per gift (exactly-once checkable per gift); default the digest. */
  options: { parties?: number; ownerId?: string; creatorEmails?: "cada" | "resumo" } = {},
): Promise<{ gifts: Gift[]; partyIds: string[]; ownerId: string; codes: string[] }> {
  const parties = options.parties ?? 5;
  const ownerId = options.ownerId ?? crypto.randomUUID();
  if (!options.ownerId) {
    await conn.db.execute(
      sql`insert into "user" (id, name, email) values (${ownerId}, 'Festeira Falhas', ${`festeira-${ownerId.slice(0, 8)}@exemplo.com.br`})`,
    );
  }
  const cause = (await conn.db.execute(
    sql`insert into causes (name, description, icon) values ('Doenças Raras', 'Apoio', '🧬') returning id`,
  )) as unknown as { rows: Array<{ id: string }> };
  const org = (await conn.db.execute(
    sql`insert into organizations (name, slug, cause_id, city, state, description, is_main) values ('AADORA', ${`aadora-${ownerId.slice(0, 6)}`}, ${cause.rows[0]!.id}, 'Belo Horizonte', 'MG', 'Apoio', true) returning id`,
  )) as unknown as { rows: Array<{ id: string }> };
  const partyIds: string[] = [];
  const codes: string[] = [];
  for (let p = 0; p < parties; p++) {
    const code = `f${ownerId.slice(0, 3)}${p}`;
    codes.push(code);
    const row = (await conn.db.execute(
      sql`insert into parties (user_id, name, event_type, event_date, cause_id, organization_id, share_code, share_link, creator_emails)
          values (${ownerId}, ${`Festa ${p}`}, 'Aniversário', (now() + interval '10 days')::date, ${cause.rows[0]!.id}, ${org.rows[0]!.id}, ${code}, ${`http://localhost/festa/${code}`}, ${options.creatorEmails ?? "resumo"}) returning id`,
    )) as unknown as { rows: Array<{ id: string }> };
    partyIds.push(row.rows[0]!.id);
  }
  const gifts: Gift[] = [];
  for (let i = 0; i < count; i++) {
    gifts.push({
      id: crypto.randomUUID(),
      checkoutId: `cs_sbx_${crypto.randomUUID().replace(/-/g, "")}`,
      amountCents: 500 + ((i * 7919) % 49_500),
      partyId: partyIds[i % parties]!,
    });
  }
  const values = JSON.stringify(gifts);
  await conn.db.execute(sql`
    insert into donations (id, party_id, organization_id, amount_cents, status, anonymous, donor_name, donor_email, provider, provider_checkout_id, idempotency_key)
    select (g->>'id')::uuid, (g->>'partyId')::uuid, ${org.rows[0]!.id}, (g->>'amountCents')::int, 'pendente', false, 'Convidado', 'convidado@exemplo.com.br', 'sandbox', g->>'checkoutId', 'fault_' || (g->>'id')
    from json_array_elements(${values}::json) g`);
  await conn.db.execute(sql`
    insert into donation_status_history (donation_id, from_status, to_status, occurred_at)
    select (g->>'id')::uuid, null, 'pendente', now() from json_array_elements(${values}::json) g`);
  return { gifts, partyIds, ownerId, codes };
}

/** The sandbox provider's "paid" event for a gift (one id per gift: redeliveries reuse it). */
export function paidEventBody(gift: Gift): string {
  return JSON.stringify(
    sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id, paymentId: `pi_sbx_${gift.checkoutId.slice(7)}` }),
  );
}

/** POSTs one signed event (signed at send time, like Stripe). Throws on a connection error. */
export async function deliver(
  baseUrl: string,
  body: string,
  timeoutMs = 15_000,
  { connection = "keep-alive" }: { connection?: "keep-alive" | "close" } = {},
): Promise<number> {
  const res = await fetch(`${baseUrl}/api/webhooks/sandbox`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, APP_SECRET),
      connection,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer().catch(() => {});
  return res.status;
}

/** Every gift paid exactly once: status, one move to paga each, one event row each, exact totals, two e-mails each. */
export async function expectExactlyOnce(conn: Connection, gifts: Gift[], partyIds: string[]) {
  const n = gifts.length;
  const ids = JSON.stringify(gifts.map((g) => g.id));
  const inSet = sql`donation_id in (select (x #>> '{}')::uuid from json_array_elements(${ids}::json) x)`;
  const paid = await scalar(
    conn,
    sql`select count(*) from donations where status = 'paga' and id in (select (x #>> '{}')::uuid from json_array_elements(${ids}::json) x)`,
  );
  const moves = await scalar(conn, sql`select count(*) from donation_status_history where to_status = 'paga' and ${inSet}`);
  const distinctMoves = await scalar(
    conn,
    sql`select count(distinct donation_id) from donation_status_history where to_status = 'paga' and ${inSet}`,
  );
  const events = await scalar(conn, sql`select count(*) from payment_events where provider = 'sandbox'`);
  const emails = await scalar(conn, sql`select count(*) from email_outbox where dedupe_key like 'donation-%'`);
  const totals: Array<{ party: string; raised: number; count: number; expectedRaised: number; expectedCount: number }> = [];
  for (const partyId of partyIds) {
    const mine = gifts.filter((g) => g.partyId === partyId);
    const row = (await conn.db.execute(sql`select raised_cents, paid_count from parties where id = ${partyId}`)) as unknown as {
      rows: Array<{ raised_cents: string; paid_count: string }>;
    };
    totals.push({
      party: partyId,
      raised: Number(row.rows[0]!.raised_cents),
      count: Number(row.rows[0]!.paid_count),
      expectedRaised: mine.reduce((s, g) => s + g.amountCents, 0),
      expectedCount: mine.length,
    });
  }
  return { paid, moves, distinctMoves, events, emails, totals, expected: n };
}

// ---------- the server process ----------
export type ServerProcess = {
  url: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM and wait for exit (bounded). */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
};

export async function startServer(db: FaultDb, extraEnv: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const server = await launchServer(db, extraEnv, port);
  const { url, proc, exited } = server;
  try {
    // A server that exits while starting fails at once, not after the whole wait.
    await Promise.race([
      waitUntil(`${url}/healthz`, async () => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok, 90_000, 300),
      exited.then(() => {
        throw new Error(`server exited (${proc.exitCode ?? proc.signalCode}) while starting`);
      }),
    ]);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${server.output()}`, { cause: error });
  }
  return server;
}

/** Spawns the built server and returns at once, without waiting for it to answer (a stop during start-up). */
export async function launchServer(db: FaultDb, extraEnv: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const url = `http://127.0.0.1:${p}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    NODE_ENV: "production",
    ...PRODUCTION_DETAILS_ENV,
    PORT: String(p),
    PUBLIC_URL: url,
    APP_SECRET,
    PAYMENTS_SANDBOX: "on",
    PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
    SEED_DEMO: "off",
    LOG_LEVEL: "warn",
    BUILD_DIR,
    // One process per server unless a test asks for the cluster (WEB_CONCURRENCY).
    WEB_CONCURRENCY: "1",
    ...db.env,
    ...extraEnv,
  };
  const proc = spawn(process.execPath, ["server/index.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d) => (out = (out + d).slice(-2_000_000)));
  proc.stderr!.on("data", (d) => (out = (out + d).slice(-2_000_000)));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const server: ServerProcess = {
    url,
    port: p,
    proc,
    output: () => out,
    exited,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGKILL");
        await exited;
      }
    },
    async kill(signal) {
      proc.kill(signal);
      await Promise.race([exited, sleep(15_000)]);
    },
  };
  return server;
}

/** A same-origin form POST as the site's own pages send it. */
export async function postForm(
  server: { url: string },
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The user id behind a session cookie (reads /painel's owner through the database). */
export async function userIdByEmail(conn: Connection, email: string): Promise<string> {
  const result = (await conn.db.execute(sql`select id from "user" where email = ${email}`)) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0]!.id;
}

/** Opens /painel/eventos and collects its events until `close()`. */
export async function openEventStream(server: { url: string }, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/painel/eventos`, { headers: { Cookie: cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`event stream answered ${res.status}`);
  const events: Array<{ event: string; data: string; at: number }> = [];
  const retries: number[] = [];
  let buffer = "";
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const retry = /^retry: (\d+)$/m.exec(block)?.[1];
          if (retry) retries.push(Number(retry));
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          if (event) events.push({ event, data, at: Date.now() });
        }
      }
    } catch {
      // aborted
    }
  })();
  await waitUntil("the stream's ready event", () => events.some((e) => e.event === "ready"), 15_000, 50);
  return { events, retries: () => retries, close: () => controller.abort() };
}

/** Signs up through /auth and returns the session Cookie header. */
export async function signUp(server: { url: string }, email: string, password = "senha-forte-123") {
  const res = await postForm(server, "/auth", { intent: "signup", name: "Festeira Teste", email, password });
  await res.arrayBuffer();
  if (res.status !== 302) throw new Error(`sign-up answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0\b/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Runs `work` over `items` with `concurrency` workers; stops early when `stop()` says so. */
export async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>, stop: () => boolean = () => false) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length && !stop()) await work(items[next++]!);
    }),
  );
}
