// npm run bench:peak [-- --seconds 900 --rate 100 --views 2000 --instances 1|2] — a party's peak
// (issue 32 item 1): donors giving at `rate` a second through the whole journey (party page, /doar,
// the form POST, the provider's signed webhook at its own pace, the result page until confirmed),
// `views` anonymous page views a second through nginx's cache, and the hot parties' creators
// watching their dashboards live. nginx runs docs/deploy/nginx-peak-cache.conf in front of one or
// two instances (`node server/index.js`, the build) on a throwaway PostgreSQL database
// (DATABASE_URL or TEST_DATABASE_URL names the server). Prints the figures; afterwards checks the
// totals are exact and runs `npm run reconcile`.
import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateDatabase, openPostgres } from "~/platform/db.server";
import { signUp } from "../tests/faults/support/harness";
import { freeLoopbackPort, type Nginx, startNginx } from "../tests/deploy/support/nginx";
import { PRODUCTION_DETAILS_ENV } from "../tests/support/production-env.mjs";
import { benchDatabase, freePort, runBenchmark, startBuiltServer, stopServer, withClient } from "./bench-support";
import { cpuReport, cpuSnapshot, type CpuSources, postmasterOf } from "./peak-cpu";
import { openDashboard, Tally } from "./peak-http";
import { type Crowd, donor, onTheClock, pageViewer, type Party, providerBook } from "./peak-load";
import { dashboardLatencies, totalsCheck } from "./peak-results";
import { percentile, query } from "./webhook-load";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "900" },
    rate: { type: "string", default: "100" },
    views: { type: "string", default: "2000" },
    instances: { type: "string", default: "1" },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const VIEWS = Number(args.views);
const INSTANCES = Number(args.instances);
if (![1, 2].includes(INSTANCES) || !(SECONDS > 0) || !(RATE > 0) || !(VIEWS >= 0)) {
  console.error("Uso: npm run bench:peak -- [--seconds N] [--rate N] [--views N] [--instances 1|2]");
  process.exit(2);
}
const PARTIES = 40;
const HOT_PARTIES = 4;
/** Donors still on their way when the clock stops get this long to finish (result pages poll for up to a minute). */
const DRAIN_MS = 70_000;

const { baseUrl, dbName, benchUrl } = benchDatabase("fs_peak");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const appSecret = randomBytes(32).toString("hex");
// The result page's signed reference is made here as the app makes it (the provider was given it).
process.env.APP_SECRET = appSecret;
const servers: ChildProcess[] = [];
/** The instances' settings; `npm run reconcile` runs with them too. */
let serverEnv: Record<string, string> = {};
let nginx: Nginx | undefined;
const fmt = (ms: number) => `${Math.round(ms)} ms`;

/** Creators (one per hot party, signed in, dashboard open; one more owns the rest), a cause, the parties. */
async function seedParties(instanceUrl: string) {
  const cookies: string[] = [];
  const owners: string[] = [];
  for (let i = 0; i <= HOT_PARTIES; i++) {
    const email = `festeira${i}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    cookies.push(await signUp({ url: instanceUrl }, email));
    owners.push((await query(benchUrl, `select id from "user" where email = $1`, [email])).rows[0].id);
  }
  const cause = await query(benchUrl, `insert into causes (name, description, icon) values ('Doenças Raras', 'Apoio', '🧬') returning id`);
  const parties: Party[] = [];
  for (let p = 0; p < PARTIES; p++) {
    const code = `pk${p.toString(36).padStart(3, "0")}`;
    const hot = p < HOT_PARTIES;
    const r = await query(
      benchUrl,
      `insert into parties (user_id, name, event_type, event_date, cause_id, share_code, share_link)
       values ($1, $2, 'Aniversário', (now() + interval '5 days')::date, $3, $4, $5) returning id`,
      [owners[hot ? p : HOT_PARTIES], `Festa ${p}`, cause.rows[0].id, code, `http://localhost/festa/${code}`],
    );
    parties.push({ id: r.rows[0].id, code, hot });
  }
  return { parties, cookies: cookies.slice(0, HOT_PARTIES) };
}

async function main() {
  await withClient(baseUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const conn = await openPostgres(benchUrl, { max: 1 });
  await migrateDatabase(conn);
  await conn.close();
  const publicPort = await freeLoopbackPort();
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  serverEnv = {
    DATABASE_URL: benchUrl,
    APP_SECRET: appSecret,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "on",
    PAYMENTS_SANDBOX: "on",
    PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
    STRIPE_SECRET_KEY: "",
    SEED_DEMO: "off",
    LOG_LEVEL: "warn",
  };
  const ports: number[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const port = await freePort();
    ports.push(port);
    servers.push(
      await startBuiltServer({
        port,
        buildDir,
        env: serverEnv,
      }),
    );
  }
  const { parties, cookies } = await seedParties(`http://127.0.0.1:${ports[0]}`);
  await query(benchUrl, "analyze");
  nginx = await startNginx({
    port: publicPort,
    upstreams: ports,
    example: path.resolve("docs/deploy/nginx-peak-cache.conf"),
    workerConnections: 16_384,
  });
  const base = new URL(publicUrl);
  const errors = new Tally();
  const book = providerBook(benchUrl);
  const crowd: Crowd = { base, appSecret, parties, book, errors, postMs: [], paid: [], confirmed: 0, started: 0 };
  const dashboards = await Promise.all(parties.filter((p) => p.hot).map((p, i) => openDashboard(base, cookies[i]!, p.id, errors)));

  // Warm-up (JIT, pools, the cache): a few gifts and views, not counted.
  console.log(`Aquecendo (${INSTANCES} ${INSTANCES === 1 ? "instância" : "instâncias"})…`);
  const warmViews = pageViewer(base, parties, { cache: new Tally(), errors: new Tally(), ms: [] });
  await Promise.all([...Array.from({ length: 20 }, (_, n) => donor(crowd, 1_000_000 + n)), ...Array.from({ length: 200 }, warmViews)]);
  // Its paid gifts stay in `paid` (the totals count them); the rest starts from zero.
  Object.assign(crowd, { postMs: [], confirmed: 0, started: 0 });
  errors.counts.clear();
  const warmPaid = crowd.paid.length;

  // Read while that backend still runs: its parent is the postmaster.
  const postmaster = await withClient(benchUrl, async (c) => postmasterOf((await c.query("select pg_backend_pid() as pid")).rows[0].pid));
  const sources: CpuSources = {
    servers: servers.map((s) => s.pid!),
    nginx: nginx.pid,
    postmaster,
    databaseName: dbName,
  };
  const views = { cache: new Tally(), errors: new Tally(), ms: [] as number[] };
  const viewer = pageViewer(base, parties, views);
  console.log(`${SECONDS} s: ${RATE} doações/s, ${VIEWS} visualizações/s…`);
  const cpuBefore = cpuSnapshot(sources);
  const t0 = Date.now();
  const until = t0 + SECONDS * 1000;
  const progress = setInterval(() => {
    const s = (Date.now() - t0) / 1000;
    console.log(
      `  ${s.toFixed(0)} s: ${crowd.started} doadores, ${crowd.paid.length} pagas, ${crowd.confirmed} confirmadas; erros: ${errors}`,
    );
  }, 15_000);
  const [donorsRunning] = await Promise.all([
    onTheClock(RATE, until, (n) => donor(crowd, n)),
    VIEWS > 0 ? onTheClock(VIEWS, until, viewer) : null,
  ]);
  const offeredSeconds = (Date.now() - t0) / 1000;
  const offered = crowd.started;
  await Promise.race([Promise.all(donorsRunning), new Promise((r) => setTimeout(r, DRAIN_MS))]);
  const drainedSeconds = (Date.now() - t0) / 1000;
  const cpuAfter = cpuSnapshot(sources);
  clearInterval(progress);
  await new Promise((r) => setTimeout(r, 1_000)); // the last dashboard events
  for (const d of dashboards) d.close();
  await book.close();
  const unfinished = donorsRunning.size;

  // What nginx said about the instances (an upstream that closed, timed out, refused…), by kind.
  const nginxErrors = new Tally();
  for (const line of nginx.errorLog().split("\n")) {
    const said = /\[(?:error|crit|warn)\] \d+#\d+: (?:\*\d+ )?([^,(]+)/.exec(line)?.[1];
    if (said) nginxErrors.add(said.trim());
  }
  const shown = dashboardLatencies(
    crowd.paid,
    dashboards.flatMap((d) => d.events),
    t0,
  );
  const paidInPhase = crowd.paid.length - warmPaid;
  const paidOnTheClock = crowd.paid.filter((g) => g.ackAt >= t0 && g.ackAt <= until).length;
  const totals = await totalsCheck(benchUrl, crowd.paid, parties);
  const reconcile = spawnSync(process.execPath, ["--import", "tsx", "scripts/reconcile.ts"], {
    encoding: "utf8",
    env: { ...PRODUCTION_DETAILS_ENV, ...process.env, ...serverEnv, NODE_ENV: "production" },
  });
  const reconcileLines = `${reconcile.stdout}${reconcile.stderr}`.trim().split("\n").slice(-4).join(" / ");
  const version = (await query(benchUrl, "show server_version")).rows[0].server_version;

  const q = (xs: number[], p: number) => (xs.length ? fmt(percentile(xs, p)) : "—");
  const report = [
    `#### ${INSTANCES} ${INSTANCES === 1 ? "instance" : "instances"}, ${RATE} gifts/s, ${VIEWS} views/s, ${SECONDS} s`,
    "",
    `\`npm run bench:peak -- --seconds ${SECONDS} --rate ${RATE} --views ${VIEWS} --instances ${INSTANCES}\` — PostgreSQL ${version}, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, 1-min load average at the end ${os.loadavg()[0]!.toFixed(1)}.`,
    "",
    "| offered gifts/s | paid gifts/s (on the clock) | confirmed to the donor/s | form POST p50 | p99 | paid → dashboard event p50 | p95 | p99 | → dashboard data p50 | p95 | p99 | views/s done | view p50 | p99 |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${(offered / offeredSeconds).toFixed(1)} | ${(paidOnTheClock / offeredSeconds).toFixed(1)} | ${(crowd.confirmed / drainedSeconds).toFixed(1)} | ` +
      `${q(crowd.postMs, 50)} | **${q(crowd.postMs, 99)}** | ${q(shown.event, 50)} | ${q(shown.event, 95)} | ${q(shown.event, 99)} | ` +
      `${q(shown.data, 50)} | ${q(shown.data, 95)} | ${q(shown.data, 99)} | ${(views.ms.length / offeredSeconds).toFixed(0)} | ${q(views.ms, 50)} | ${q(views.ms, 99)} |`,
    "",
    `- Gifts: ${offered} donors started, ${crowd.postMs.length} form POSTs answered, ${paidInPhase} paid (webhook 200, applied), ` +
      `${crowd.confirmed} saw "confirmed" on the result page; ${unfinished} still on their way ${DRAIN_MS / 1000} s after the clock stopped.`,
    `- Errors by kind: ${errors}; views: ${views.errors}.`,
    `- nginx's error log: ${nginxErrors}.`,
    `- Dashboards (${dashboards.length}, one per hot party): ${shown.event.length} of ${shown.expected} paid gifts seen; ${shown.missing} never shown.`,
    `- Cache (views): ${views.cache}.`,
    `- Totals: ${totals.ok ? "exact" : `**WRONG** (${totals.detail})`} — ${totals.detail}.`,
    `- \`npm run reconcile\`: exit ${reconcile.status}${reconcile.status === 0 ? " (clean)" : ""} — ${reconcileLines}`,
    "",
    `CPU over the ${drainedSeconds.toFixed(0)} s of load (with the drain):`,
    "",
    "| process | CPU | of one core |",
    "|---|---:|---:|",
    ...cpuReport(cpuBefore, cpuAfter, drainedSeconds),
    "",
  ].join("\n");
  console.log(`\n${report}`);
  if (!totals.ok || reconcile.status !== 0) throw new Error("totais incorretos ou conciliação com diferenças");
}

async function cleanup() {
  await nginx?.stop();
  for (const server of servers) await stopServer(server);
  await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => {});
}

await runBenchmark(main, cleanup);
process.exit(0);
