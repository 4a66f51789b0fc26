// Two (or more) builds of the webhook path taking turns on the same load, on a machine other work
// shares: throughput moves with the neighbours, so each round is also measured in CPU time per paid
// event — of the server process (and its cluster workers), of its database's PostgreSQL backends
// and of this load generator (/proc/PID/stat).
//
//   BENCH_BUILDS="before=build-before:build-before/entry/index.js,after=build,after-2=build?WEB_CONCURRENCY=2" \
//   BENCH_CONCURRENCY=32 BENCH_ROUNDS=2 TEST_DATABASE_URL=postgres://… npx tsx scripts/bench-webhooks-compare.ts
//
// `label=buildDir[:entry][?NAME=value&…]`: the build, another copy of server/index.js (an older
// one's), environment for that server (a pool size, WEB_CONCURRENCY). Each build gets its own database and server (BENCH_PORT, BENCH_PORT + 1, …); in each round, for
// one hot party and for 50 parties, every build in turn (the order alternating between rounds)
// takes its own BENCH_GIFTS fresh gifts plus 10% repeats, shuffled and signed beforehand. Prints a
// Markdown table (median of the rounds); appends nothing.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openPostgres } from "~/platform/db.server";
import { freePort, runBenchmark, startBuiltServer, stopServer, withClient, withDatabase } from "./bench-support";
import * as load from "./webhook-load";

const GIFTS = Number(process.env.BENCH_GIFTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SCENARIOS = [1, 50];
const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const prefix = process.env.BENCH_DB_PREFIX ?? "fs_bench_whc";
const appSecret = randomBytes(32).toString("hex");

type Build = {
  label: string;
  buildDir: string;
  entry?: string;
  env: Record<string, string>;
  db: string;
  url: string;
  port: number;
  server?: ChildProcess;
};
type Sample = { paidPerSecond: number; p50: number; p99: number; server: number; postgres: number; generator: number; exact: boolean };

const builds: Build[] = (process.env.BENCH_BUILDS ?? "after=build").split(",").map((spec, i) => {
  const [label, rest] = [spec.slice(0, spec.indexOf("=")), spec.slice(spec.indexOf("=") + 1)];
  const [where, options] = rest.split("?") as [string, string | undefined];
  const [buildDir, entry] = where.split(":");
  const env = Object.fromEntries(new URLSearchParams(options ?? ""));
  const db = `${prefix}_${i}_${process.pid}`;
  return { label, buildDir: path.resolve(buildDir!), entry, env, db, url: withDatabase(baseUrl!, db), port: 0 };
});

async function backendCpuMs(build: Build) {
  const rows = await load.query(baseUrl!, "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [build.db]);
  return rows.rows.reduce((sum, r) => sum + load.cpuMs(r.pid), 0);
}

async function measure(build: Build, partyCount: number, tag: string): Promise<Sample> {
  const { gifts, partyIds } = await load.seedScenario(build.url, partyCount, tag, GIFTS);
  const deliveries = load.deliveriesOf(load.withRepeats(load.paidEvents(gifts), 0.1), appSecret);
  // Backends are read by pid before and after; the pool keeps its connections between rounds.
  const before = { server: load.cpuMsOfTree(build.server!.pid!), postgres: await backendCpuMs(build), generator: process.cpuUsage() };
  const fired = await load.fire(`http://127.0.0.1:${build.port}/api/webhooks/sandbox`, deliveries, CONCURRENCY);
  const generatorUs = process.cpuUsage(before.generator);
  const perEvent = (ms: number) => ms / gifts.length;
  const sample: Sample = {
    paidPerSecond: gifts.length / fired.seconds,
    p50: load.percentile(fired.latencies, 50),
    p99: load.percentile(fired.latencies, 99),
    server: perEvent(load.cpuMsOfTree(build.server!.pid!) - before.server),
    postgres: perEvent((await backendCpuMs(build)) - before.postgres),
    generator: perEvent((generatorUs.user + generatorUs.system) / 1000),
    exact:
      (await load.totalsAreExact(build.url, gifts, partyIds)) &&
      fired.outcomes.get("applied") === gifts.length &&
      fired.statuses.get(200) === deliveries.length,
  };
  console.log(
    `  ${build.label}, ${partyCount} ${partyCount === 1 ? "festa" : "festas"}: ${JSON.stringify(sample, (_k, v) => (typeof v === "number" ? Number(v.toFixed(2)) : v))}`,
  );
  return sample;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  if (!baseUrl) throw new Error("Defina DATABASE_URL ou TEST_DATABASE_URL (PostgreSQL).");
  const firstPort = Number(process.env.BENCH_PORT) || (await freePort());
  for (const [i, build] of builds.entries()) {
    await withClient(baseUrl, (c) => c.query(`CREATE DATABASE ${build.db}`));
    const conn = await openPostgres(build.url, { max: 1 });
    await migrateDatabase(conn);
    await conn.close();
    build.port = firstPort + i;
    build.server = await startBuiltServer({
      port: build.port,
      buildDir: build.buildDir,
      entry: build.entry,
      env: {
        DATABASE_URL: build.url,
        APP_SECRET: appSecret,
        PAYMENTS_SANDBOX: "on",
        PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
        STRIPE_SECRET_KEY: "",
        SEED_DEMO: "off",
        LOG_LEVEL: "warn",
        ...build.env,
      },
    });
    const warm = await load.seedScenario(build.url, 1, "wm", 200);
    await load.fire(
      `http://127.0.0.1:${build.port}/api/webhooks/sandbox`,
      load.deliveriesOf(load.paidEvents(warm.gifts), appSecret),
      CONCURRENCY,
    );
  }
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [s, partyCount] of SCENARIOS.entries()) {
      const order = round % 2 ? [...builds].reverse() : builds;
      for (const build of order) {
        const key = `${partyCount}|${build.label}`;
        samples.set(key, [...(samples.get(key) ?? []), await measure(build, partyCount, `r${round}s${s}`)]);
      }
    }
  }
  const f = (n: number, digits = 0) => n.toFixed(digits);
  const lines = [
    `${CONCURRENCY} in flight, ${GIFTS} gifts + 10% repeats per measurement, ${ROUNDS} rounds (median), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}`,
    "",
    "| parties | build | paid events/s | p50 (ms) | p99 (ms) | CPU ms per paid event: server / PostgreSQL / load generator | totals |",
    "|---:|---|---:|---:|---:|---|---|",
  ];
  for (const partyCount of SCENARIOS) {
    for (const build of builds) {
      const list = samples.get(`${partyCount}|${build.label}`)!;
      const m = (pick: (x: Sample) => number) => median(list.map(pick));
      lines.push(
        `| ${partyCount} | ${build.label} | ${f(m((x) => x.paidPerSecond))} | ${f(m((x) => x.p50))} | ${f(m((x) => x.p99))} | ` +
          `${f(
            m((x) => x.server),
            2,
          )} / ${f(
            m((x) => x.postgres),
            2,
          )} / ${f(
            m((x) => x.generator),
            2,
          )} | ${list.every((x) => x.exact) ? "exact" : "**WRONG**"} |`,
      );
    }
  }
  console.log(`\n${lines.join("\n")}`);
  if ([...samples.values()].flat().some((x) => !x.exact)) throw new Error("totais incorretos ou entregas com erro");
}

async function cleanup() {
  for (const build of builds) {
    await stopServer(build.server);
    await withClient(baseUrl!, (c) => c.query(`DROP DATABASE IF EXISTS ${build.db} WITH (FORCE)`)).catch(() => {});
  }
}

await runBenchmark(main, cleanup);
