// npm run bench:party — the party page's throughput and latency with 10 and with 100 000 paid gifts
// on one party (issue 4: totals are maintained, so both should render alike). Needs PostgreSQL
// (DATABASE_URL or TEST_DATABASE_URL); creates and drops its own database. Appends the figures to
// docs/performance.md.
import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { migrateDatabase, openPostgres } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { benchDatabase, freePort, runBenchmark, startBuiltServer, stopServer, withClient } from "./bench-support";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZES = [10, 100_000] as const;
const HARD_LIMIT_MS = 10 * 60_000;

const { baseUrl, dbName, benchUrl } = benchDatabase("fs_bench");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
let server: ChildProcess | undefined;

const admin = <T>(work: (c: pg.Client) => Promise<T>) => withClient(baseUrl, work);

async function seed(): Promise<Record<number, string>> {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const conn = await openPostgres(benchUrl, { max: 1 });
  try {
    await migrateDatabase(conn);
    const q = (text: string, values: unknown[] = []) => conn.pool!.query(text, values);
    const userId = randomUUID();
    await q(`insert into "user" (id, name, email) values ($1, 'Festeira Benchmark', 'bench@exemplo.com.br')`, [userId]);
    const cause = await q(
      `insert into causes (name, description, icon) values ('Doenças Raras', 'Apoio a famílias com doenças raras.', '🧬') returning id`,
    );
    const causeId = cause.rows[0].id as string;
    const codes: Record<number, string> = {};
    for (const size of SIZES) {
      const code = size === 10 ? "bch10" : "bchmx";
      codes[size] = code;
      const party = await q(
        `insert into parties (user_id, name, event_type, event_date, goal_cents, cause_id, message, share_code, share_link)
         values ($1, $2, 'Aniversário', $3, 1000000000, $4, 'Benchmark', $5, $6) returning id`,
        [
          userId,
          `Festa com ${size.toLocaleString("pt-BR")} presentes`,
          addCalendarDays(todayInSaoPaulo(), 10),
          causeId,
          code,
          `http://localhost/festa/${code}`,
        ],
      );
      const partyId = party.rows[0].id as string;
      // One set-based insert: 100 000 rows in a few seconds.
      await q(
        `insert into donations (party_id, amount_cents, status, anonymous, donor_name, donor_email, message, provider, provider_checkout_id, paid_at, created_at)
         select $1, 1000 + (g % 50) * 100, 'paga', g % 7 = 0, 'Convidado ' || g, 'convidado' || g || '@exemplo.com.br',
                case when g % 3 = 0 then 'Parabéns e muitas felicidades!' end, 'sandbox', $2 || '_' || g,
                now() - make_interval(secs => g), now() - make_interval(secs => g)
         from generate_series(1, $3::int) g`,
        [partyId, `bench_${code}`, size],
      );
      // The seed sets the maintained totals once, as the paying transactions would have.
      await q(
        `update parties set (raised_cents, paid_count) = (select coalesce(sum(amount_cents), 0), count(*) from donations where party_id = $1 and status = 'paga') where id = $1`,
        [partyId],
      );
    }
    await q("analyze");
    return codes;
  } finally {
    await conn.close();
  }
}

async function startServer(port: number) {
  server = await startBuiltServer({
    port,
    buildDir,
    env: {
      DATABASE_URL: benchUrl,
      APP_SECRET: randomBytes(32).toString("hex"),
      PAYMENTS_SANDBOX: "on",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
      SEED_DEMO: "off",
      LOG_LEVEL: "warn",
    },
  });
}

type Result = { size: number; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measure(url: string, size: number, duration = DURATION_S): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { accept: "text/html" } });
  return { size, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

function postgresVersion() {
  return admin((c) => c.query("show server_version")).then((r) => String(r.rows[0].server_version));
}

async function main() {
  const hardStop = setTimeout(() => {
    console.error("Benchmark passou do limite de tempo; encerrando.");
    void cleanup().finally(() => process.exit(1));
  }, HARD_LIMIT_MS);
  hardStop.unref();

  console.log(`Banco ${dbName}: criando e populando (${SIZES.join(" e ")} doações pagas)…`);
  const t0 = Date.now();
  const codes = await seed();
  console.log(`Populado em ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  const port = await freePort();
  await startServer(port);

  const results: Result[] = [];
  for (const size of SIZES) {
    const url = `http://127.0.0.1:${port}/festa/${codes[size]}`;
    const probe = await fetch(url);
    const html = await probe.text();
    if (probe.status !== 200 || !html.includes("Contribuições Recentes")) throw new Error(`página inesperada (${probe.status}) em ${url}`);
    await measure(url, size, 2); // warm-up: JIT, connection pool, caches
    console.log(`Medindo /festa/${codes[size]} (${size.toLocaleString("pt-BR")} doações) por ${DURATION_S} s…`);
    results.push(await measure(url, size));
  }
  const [small, large] = results as [Result, Result];
  const ratio = large.rps / small.rps;

  const rows = results.map(
    (r) => `| ${r.size.toLocaleString("pt-BR")} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`,
  );
  const report = [
    `## Party page: 10 vs 100 000 paid gifts (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npm run bench:party\` — built server (NODE_ENV=production) on PostgreSQL ${await postgresVersion()}, autocannon ${CONNECTIONS} connections × ${DURATION_S} s per page after a 2 s warm-up, ` +
      `on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version} (the load generator shares the machine).`,
    "",
    "| paid gifts on the party | requests/s | p50 (ms) | p99 (ms) | non-2xx + errors |",
    "|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `**Throughput ratio (100 000 / 10): ${ratio.toFixed(2)}**; p50 ${small.p50} → ${large.p50} ms, p99 ${small.p99} → ${large.p99} ms. ` +
      "The page reads the party's maintained totals (`raised_cents`, `paid_count`) and the 10 newest paid gifts with an " +
      "index scan (LIMIT 10), so its cost does not grow with the number of gifts; a ratio near 1 is the expected result.",
    "",
  ].join("\n");
  console.log(`\n${report}`);
  appendReport(report);
  clearTimeout(hardStop);
}

function appendReport(section: string) {
  const file = path.resolve("docs/performance.md");
  if (!fs.existsSync(file))
    fs.writeFileSync(file, "# Performance\n\nMeasured figures, newest last. Each section names the command that produced it.\n\n");
  fs.appendFileSync(file, `${section}\n`);
  console.log(`Resultado anexado a ${path.relative(process.cwd(), file)}.`);
}

async function cleanup() {
  await stopServer(server);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => {});
}

await runBenchmark(main, cleanup);
