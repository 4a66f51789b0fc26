// npm run bench:webhooks — how many "paid" events per second the webhook path ingests on
// PostgreSQL, and that the totals stay exact under shuffled, duplicated, concurrent deliveries.
// Creates its own database (DATABASE_URL or TEST_DATABASE_URL names the server), starts the built
// server, fires signed sandbox events from this process over loopback, checks the totals, drops
// the database and appends the figures to docs/performance.md.
import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, openPostgres } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { benchDatabase, freePort, runBenchmark, startBuiltServer, stopServer, withClient } from "./bench-support";

const GIFTS = Number(process.env.BENCH_GIFTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DUPLICATE_SHARE = 0.1;
/** One hot party (every event updates the same totals row), then gifts spread over 50 parties. */
const SCENARIOS = [1, 50] as const;
const HARD_LIMIT_MS = 10 * 60_000;

const { baseUrl, dbName, benchUrl } = benchDatabase(process.env.BENCH_DB_PREFIX ?? "fs_bench_wh");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const appSecret = randomBytes(32).toString("hex");
let server: ChildProcess | undefined;

const admin = <T>(work: (c: pg.Client) => Promise<T>) => withClient(baseUrl, work);

async function query(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

type Gift = { id: string; checkoutId: string; amountCents: number; partyId: string };

/** N pending sandbox gifts spread over `partyCount` new parties, as /doar leaves them. */
async function seedScenario(partyCount: number, tag: string): Promise<{ gifts: Gift[]; partyIds: string[] }> {
  const userId = randomUUID();
  await query(`insert into "user" (id, name, email) values ($1, 'Festeira Benchmark', $2)`, [userId, `bench-${tag}@exemplo.com.br`]);
  const cause = await query(`insert into causes (name, description) values ('Doenças Raras', 'Benchmark') returning id`);
  const partyIds: string[] = [];
  for (let p = 0; p < partyCount; p++) {
    const code = `${tag}${p.toString(36).padStart(3, "0")}`;
    const r = await query(
      `insert into parties (user_id, name, event_type, event_date, cause_id, share_code, share_link)
       values ($1, $2, 'Aniversário', $3, $4, $5, $6) returning id`,
      [userId, `Festa ${tag} ${p}`, addCalendarDays(todayInSaoPaulo(), 10), cause.rows[0].id, code, `http://localhost/festa/${code}`],
    );
    partyIds.push(r.rows[0].id);
  }
  const rows = await query(
    `insert into donations (party_id, amount_cents, status, donor_name, donor_email, message, provider, provider_checkout_id, idempotency_key)
     select ($1::uuid[])[1 + (g % $2)], 500 + (g % 97) * 100, 'pendente', 'Convidado ' || g, 'convidado' || g || '@exemplo.com.br',
            case when g % 3 = 0 then 'Parabéns!' end, 'sandbox', 'cs_sbx_' || md5($3 || g), 'bench_' || $3 || g
     from generate_series(1, $4::int) g
     returning id, provider_checkout_id, amount_cents, party_id`,
    [partyIds, partyCount, tag, GIFTS],
  );
  await query(
    `insert into donation_status_history (donation_id, from_status, to_status, occurred_at)
     select id, null, 'pendente', created_at from donations where idempotency_key like $1`,
    [`bench_${tag}%`],
  );
  await query("analyze");
  return {
    gifts: rows.rows.map((r) => ({ id: r.id, checkoutId: r.provider_checkout_id, amountCents: r.amount_cents, partyId: r.party_id })),
    partyIds,
  };
}

async function startServer(port: number) {
  server = await startBuiltServer({
    port,
    buildDir,
    env: {
      DATABASE_URL: benchUrl,
      APP_SECRET: appSecret,
      PAYMENTS_SANDBOX: "on",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
      STRIPE_SECRET_KEY: "",
      SEED_DEMO: "off",
      LOG_LEVEL: "warn",
    },
  });
}

type Delivery = { body: string };
type Fired = { seconds: number; latencies: number[]; statuses: Map<number, number>; outcomes: Map<string, number> };

/**
 * Sends every delivery with at most CONCURRENCY in flight; each is signed at send time. A refused
 * connection (server killed) counts as status 0, as a provider would see a failed delivery.
 */
async function fire(url: string, deliveries: Delivery[], onProgress?: (done: number) => void): Promise<Fired> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const outcomes = new Map<string, number>();
  let next = 0;
  let done = 0;
  const t0 = performance.now();
  async function worker() {
    while (next < deliveries.length) {
      const { body } = deliveries[next++]!;
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, appSecret) },
          body,
        });
        const json = (await res.json().catch(() => null)) as { results?: Array<{ outcome: string }> } | null;
        status = res.status;
        for (const r of json?.results ?? []) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
      } catch {
        // connection refused: the server is down
      }
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      onProgress?.(++done);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - t0) / 1000, latencies, statuses, outcomes };
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Every gift paid once; each party's totals equal the sum of its distinct paid gifts. */
async function totalsAreExact(gifts: Gift[], partyIds: string[]) {
  const expected = new Map<string, { cents: number; count: number }>();
  for (const g of gifts) {
    const e = expected.get(g.partyId) ?? { cents: 0, count: 0 };
    expected.set(g.partyId, { cents: e.cents + g.amountCents, count: e.count + 1 });
  }
  const totals = await query(`select id, raised_cents, paid_count from parties where id = any($1::uuid[])`, [partyIds]);
  const wrong = totals.rows.filter(
    (r) => Number(r.raised_cents) !== expected.get(r.id)!.cents || r.paid_count !== expected.get(r.id)!.count,
  );
  const paid = await query(`select count(*)::int as n from donations where party_id = any($1::uuid[]) and status = 'paga'`, [partyIds]);
  return wrong.length === 0 && paid.rows[0].n === gifts.length;
}

/**
 * The server is killed (SIGKILL) mid-burst and restarted; then everything is delivered again, as
 * a provider redelivers what was not acknowledged. Nothing may be lost or counted twice.
 */
async function crashAndRedeliver(port: number) {
  const { gifts, partyIds } = await seedScenario(5, "bk");
  const url = `http://127.0.0.1:${port}/api/webhooks/sandbox`;
  const events = gifts.map((g) => JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: g.checkoutId, donationId: g.id })));
  const deliveries = shuffle(events.map((body) => ({ body })));
  let killed = false;
  const first = await fire(url, deliveries, (done) => {
    if (!killed && done >= deliveries.length * 0.4) {
      killed = true;
      server?.kill("SIGKILL");
    }
  });
  // A process killed by a signal keeps exitCode null: look at signalCode too.
  const dead = server!;
  if (dead.exitCode === null && dead.signalCode === null) await new Promise((r) => dead.once("exit", r));
  const acknowledged = first.statuses.get(200) ?? 0;
  console.log(`Servidor morto com ${acknowledged} de ${deliveries.length} entregas confirmadas; reiniciando e reentregando tudo…`);
  await startServer(port);
  const second = await fire(url, shuffle(events.map((body) => ({ body }))));
  // Some events may have committed without their answer reaching us (killed mid-response): the
  // redelivery then says `duplicate`. What matters is the database: each event recorded once.
  const ids = events.map((e) => (JSON.parse(e) as { id: string }).id);
  const recorded = (await query(`select count(*)::int as n from payment_events where id = any($1::text[])`, [ids])).rows[0].n as number;
  const exact = (await totalsAreExact(gifts, partyIds)) && recorded === gifts.length && (second.statuses.get(200) ?? 0) === events.length;
  const refused = [...second.statuses].filter(([status]) => status !== 200).map(([status, n]) => `${n} × ${status || "no answer"}`);
  if (refused.length > 0) console.log(`Reentrega sem 200: ${refused.join(", ")}`);
  return { gifts: gifts.length, acknowledged, recorded, exact };
}

async function runScenario(url: string, partyCount: number, tag: string) {
  const { gifts, partyIds } = await seedScenario(partyCount, tag);
  const events = gifts.map((g) =>
    JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: g.checkoutId, donationId: g.id, paymentId: `pi_${g.id}` })),
  );
  const duplicates = Array.from(
    { length: Math.round(events.length * DUPLICATE_SHARE) },
    () => events[Math.floor(Math.random() * events.length)]!,
  );
  const deliveries = shuffle([...events, ...duplicates].map((body) => ({ body })));
  console.log(
    `${partyCount === 1 ? "Uma festa" : `${partyCount} festas`}: ${events.length} eventos + ${duplicates.length} repetidos, ${CONCURRENCY} em paralelo…`,
  );
  const fired = await fire(url, deliveries);

  const exact = (await totalsAreExact(gifts, partyIds)) && (fired.outcomes.get("applied") ?? 0) === gifts.length;
  const errors = deliveries.length - (fired.statuses.get(200) ?? 0);
  return {
    partyCount,
    deliveries: deliveries.length,
    distinct: events.length,
    duplicates: duplicates.length,
    paidPerSecond: gifts.length / fired.seconds,
    deliveriesPerSecond: deliveries.length / fired.seconds,
    p50: percentile(fired.latencies, 50),
    p99: percentile(fired.latencies, 99),
    errors,
    exact,
    outcomes: Object.fromEntries(fired.outcomes),
  };
}

async function main() {
  const hardStop = setTimeout(() => {
    console.error("Benchmark passou do limite de tempo; encerrando.");
    void cleanup().finally(() => process.exit(1));
  }, HARD_LIMIT_MS);
  hardStop.unref();

  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const conn = await openPostgres(benchUrl, { max: 1 });
  await migrateDatabase(conn);
  await conn.close();
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  await startServer(port);
  const url = `http://127.0.0.1:${port}/api/webhooks/sandbox`;

  // Warm-up (JIT, pool, prepared paths) on its own small party, not measured.
  const warm = await seedScenario(1, "wm");
  await fire(
    url,
    warm.gifts
      .slice(0, 100)
      .map((g) => ({ body: JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: g.checkoutId, donationId: g.id })) })),
  );

  const results = [];
  for (const [i, partyCount] of SCENARIOS.entries()) results.push(await runScenario(url, partyCount, ["ba", "bb"][i]!));

  const crash = await crashAndRedeliver(port);

  const version = (await admin((c) => c.query("show server_version"))).rows[0].server_version;
  const rows = results.map(
    (r) =>
      `| ${r.partyCount} | ${r.distinct} + ${r.duplicates} | ${r.paidPerSecond.toFixed(0)} | ${r.deliveriesPerSecond.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.exact ? "exact" : "**WRONG**"} |`,
  );
  const report = [
    `## Payment webhooks: paid-event ingest (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npm run bench:webhooks\` — built server (NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL ${version}; ${GIFTS} pending gifts per run, ` +
      `each confirmed by a signed sandbox \`checkout.paid\` event, plus ${Math.round(DUPLICATE_SHARE * 100)}% repeated deliveries, shuffled, ` +
      `${CONCURRENCY} in flight from a second process over loopback. Each event is one transaction: lock the gift, record the event id, ` +
      `status and history, NOTIFY, two outbox e-mails, party totals. ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version} ` +
      `(load generator on the same machine; 1-min load average at the end: ${os.loadavg()[0]!.toFixed(1)}).`,
    "",
    "| parties | events + repeats | paid events/s | deliveries/s | p50 (ms) | p99 (ms) | non-200 | totals |",
    "|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
    "",
    "With one party every event updates the same totals row; the totals update is the transaction's last statement, so " +
      "that row stays locked only until the commit. Repeats are answered `duplicate` without touching the gift.",
    "",
    `**Crash and redelivery:** ${crash.gifts} events, the server killed with SIGKILL after ${crash.acknowledged} acknowledged ` +
      `deliveries, restarted, then every event delivered again (a provider redelivers what it did not see acknowledged): ` +
      `${crash.recorded} events recorded once each, totals ${crash.exact ? "exact" : "**WRONG**"}.`,
    "",
  ].join("\n");
  console.log(`\n${report}`);
  for (const r of results) console.log(`  ${r.partyCount} festa(s): ${JSON.stringify(r.outcomes)}`);
  if (results.some((r) => !r.exact || r.errors > 0) || !crash.exact)
    throw new Error("totais incorretos ou entregas com erro: resultado não anexado");
  fs.appendFileSync(path.resolve("docs/performance.md"), `${report}\n`);
  console.log("Resultado anexado a docs/performance.md.");
  clearTimeout(hardStop);
}

async function cleanup() {
  await stopServer(server);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => {});
}

await runBenchmark(main, cleanup);
