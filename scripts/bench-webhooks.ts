// npm run bench:webhooks — how many "paid" events per second the webhook path ingests on
// PostgreSQL, and that the totals stay exact under shuffled, duplicated, concurrent deliveries.
// Creates its own database (DATABASE_URL or TEST_DATABASE_URL names the server), starts the built
// server, fires sandbox events (signed beforehand) from this process over keep-alive loopback
// connections, checks the totals, drops
// the database and appends the figures to docs/performance.md.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, openPostgres } from "~/platform/db.server";
import { benchDatabase, freePort, runBenchmark, startBuiltServer, stopServer, withClient } from "./bench-support";
import * as load from "./webhook-load";

const GIFTS = Number(process.env.BENCH_GIFTS ?? 2000);
/** Deliveries in flight: each scenario runs at each of these (issue 19 names 16–64). */
const IN_FLIGHT = (process.env.BENCH_CONCURRENCY ?? "16,32,64").split(",").map(Number);
const DUPLICATE_SHARE = 0.1;
/**
 * One hot party (every event updates the same totals row), the same with a matching sponsor whose
 * cap runs out half-way (decision 215: each paid gift also locks the pledge and claims its match),
 * then gifts spread over 50 parties.
 */
const SCENARIOS = [
  { parties: 1, matched: false },
  { parties: 1, matched: true },
  { parties: 50, matched: false },
] as const;
const HARD_LIMIT_MS = 10 * 60_000;

const { baseUrl, dbName, benchUrl } = benchDatabase(process.env.BENCH_DB_PREFIX ?? "fs_bench_wh");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const appSecret = randomBytes(32).toString("hex");
let server: ChildProcess | undefined;

const admin = <T>(work: (c: pg.Client) => Promise<T>) => withClient(baseUrl, work);
const query = (text: string, values: unknown[] = []) => load.query(benchUrl, text, values);
const seedScenario = (partyCount: number, tag: string) => load.seedScenario(benchUrl, partyCount, tag, GIFTS);
const totalsAreExact = (gifts: load.Gift[], partyIds: string[]) => load.totalsAreExact(benchUrl, gifts, partyIds);
const fire = (url: string, deliveries: load.Delivery[], inFlight = IN_FLIGHT[0]!, onProgress?: (done: number) => void) =>
  load.fire(url, deliveries, inFlight, onProgress);

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

/**
 * The server is killed (SIGKILL) mid-burst and restarted; then everything is delivered again, as
 * a provider redelivers what was not acknowledged. Nothing may be lost or counted twice.
 */
async function crashAndRedeliver(port: number) {
  const { gifts, partyIds } = await seedScenario(5, "bk");
  const url = `http://127.0.0.1:${port}/api/webhooks/sandbox`;
  const events = load.paidEvents(gifts, false);
  const deliveries = load.deliveriesOf(load.shuffle([...events]), appSecret);
  let killed = false;
  const first = await fire(url, deliveries, undefined, (done) => {
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
  const second = await fire(url, load.deliveriesOf(load.shuffle([...events]), appSecret));
  // Some events may have committed without their answer reaching us (killed mid-response): the
  // redelivery then says `duplicate`. What matters is the database: each event recorded once.
  const ids = events.map((e) => (JSON.parse(e) as { id: string }).id);
  const recorded = (await query(`select count(*)::int as n from payment_events where id = any($1::text[])`, [ids])).rows[0].n as number;
  const exact = (await totalsAreExact(gifts, partyIds)) && recorded === gifts.length && (second.statuses.get(200) ?? 0) === events.length;
  const refused = [...second.statuses].filter(([status]) => status !== 200).map(([status, n]) => `${n} × ${status || "no answer"}`);
  if (refused.length > 0) console.log(`Reentrega sem 200: ${refused.join(", ")}`);
  return { gifts: gifts.length, acknowledged, recorded, exact };
}

/** A sponsor matching 1:1 up to half of what the party's gifts add up to. */
async function pledgeHalf(gifts: load.Gift[], partyId: string) {
  const capCents = Math.floor(gifts.reduce((sum, g) => sum + g.amountCents, 0) / 2);
  const r = await query(
    `insert into match_pledges (party_id, sponsor_name, sponsor_document, ratio_percent, cap_cents, status, deadline)
     values ($1, 'Patrocinador Benchmark', '11222333000181', 100, $2, 'ativa', now() + interval '7 days') returning id`,
    [partyId, capCents],
  );
  return { id: r.rows[0].id as string, capCents };
}

/** The cap reached exactly, never passed, and the allocations add up to what the pledge says. */
async function matchIsExact(pledge: { id: string; capCents: number }) {
  const r = await query(
    `select p.matched_cents::bigint as matched, coalesce(sum(a.amount_cents), 0)::bigint as allocated
     from match_pledges p left join match_allocations a on a.pledge_id = p.id where p.id = $1 group by p.matched_cents`,
    [pledge.id],
  );
  return Number(r.rows[0].matched) === pledge.capCents && Number(r.rows[0].allocated) === pledge.capCents;
}

async function runScenario(url: string, { parties: partyCount, matched }: (typeof SCENARIOS)[number], inFlight: number, tag: string) {
  const { gifts, partyIds } = await seedScenario(partyCount, tag);
  const pledge = matched ? await pledgeHalf(gifts, partyIds[0]!) : null;
  const events = load.paidEvents(gifts);
  const bodies = load.withRepeats(events, DUPLICATE_SHARE);
  const duplicates = { length: bodies.length - events.length };
  const deliveries = load.deliveriesOf(bodies, appSecret);
  console.log(
    `${partyCount === 1 ? "Uma festa" : `${partyCount} festas`}${matched ? " com patrocínio em dobro" : ""}: ${events.length} eventos + ${duplicates.length} repetidos, ${inFlight} em paralelo…`,
  );
  const fired = await fire(url, deliveries, inFlight);

  const exact =
    (await totalsAreExact(gifts, partyIds)) &&
    (fired.outcomes.get("applied") ?? 0) === gifts.length &&
    (pledge === null || (await matchIsExact(pledge)));
  const errors = deliveries.length - (fired.statuses.get(200) ?? 0);
  return {
    partyCount,
    matched,
    inFlight,
    deliveries: deliveries.length,
    distinct: events.length,
    duplicates: duplicates.length,
    paidPerSecond: gifts.length / fired.seconds,
    deliveriesPerSecond: deliveries.length / fired.seconds,
    p50: load.percentile(fired.latencies, 50),
    p99: load.percentile(fired.latencies, 99),
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
  await fire(url, load.deliveriesOf(load.paidEvents(warm.gifts.slice(0, 100), false), appSecret));

  const results = [];
  for (const inFlight of IN_FLIGHT) {
    for (const [i, scenario] of SCENARIOS.entries()) results.push(await runScenario(url, scenario, inFlight, `b${inFlight}${"abc"[i]}`));
  }

  const crash = await crashAndRedeliver(port);

  const version = (await admin((c) => c.query("show server_version"))).rows[0].server_version;
  const rows = results.map(
    (r) =>
      `| ${r.partyCount}${r.matched ? ", sponsor 1:1" : ""} | ${r.inFlight} | ${r.distinct} + ${r.duplicates} | ${r.paidPerSecond.toFixed(0)} | ${r.deliveriesPerSecond.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.exact ? "exact" : "**WRONG**"} |`,
  );
  const report = [
    `## Payment webhooks: paid-event ingest (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npm run bench:webhooks\` — built server (NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL ${version}; ${GIFTS} pending gifts per run, ` +
      `each confirmed by a signed sandbox \`checkout.paid\` event, plus ${Math.round(DUPLICATE_SHARE * 100)}% repeated deliveries, shuffled, ` +
      `${IN_FLIGHT.join(", ")} in flight from a second process over keep-alive loopback connections (signed before the timed phase). ` +
      `The events that arrive while a batch is applied go together in the next one, one statement: lock the gifts, record the event ids, ` +
      `status and history, ledger, two outbox e-mails each, party totals; the NOTIFYs follow the commit. ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version} ` +
      `(load generator on the same machine; 1-min load average at the end: ${os.loadavg()[0]!.toFixed(1)}).`,
    "",
    "| parties | in flight | events + repeats | paid events/s | deliveries/s | p50 (ms) | p99 (ms) | non-200 | totals |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
    "",
    "With one party every event updates the same totals row, once per batch. Repeats are answered `duplicate` without " +
      'touching the gift. "sponsor 1:1": the same hot party with a matching pledge (decision 215) capped at half its gifts\' sum — ' +
      'each batch also locks the pledge and shares out what remains; "exact" there also means the match reached the cap to the ' +
      "centavo and no further.",
    "",
    `**Crash and redelivery:** ${crash.gifts} events, the server killed with SIGKILL after ${crash.acknowledged} acknowledged ` +
      `deliveries, restarted, then every event delivered again (a provider redelivers what it did not see acknowledged): ` +
      `${crash.recorded} events recorded once each, totals ${crash.exact ? "exact" : "**WRONG**"}.`,
    "",
  ].join("\n");
  console.log(`\n${report}`);
  for (const r of results)
    console.log(
      `  ${r.partyCount} ${r.partyCount === 1 ? "festa" : "festas"}${r.matched ? " com patrocínio" : ""}, ${r.inFlight} em paralelo: ${JSON.stringify(r.outcomes)}`,
    );
  if (results.some((r) => !r.exact || r.errors > 0) || !crash.exact)
    throw new Error("totais incorretos ou entregas com erro: resultado não anexado");
  fs.appendFileSync(path.resolve("docs/performance.md"), `\n${report}\n`);
  console.log("Resultado anexado a docs/performance.md.");
  clearTimeout(hardStop);
}

async function cleanup() {
  await stopServer(server);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => {});
}

await runBenchmark(main, cleanup);
