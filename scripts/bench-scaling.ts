// Two sections of `npm run bench` (issue 19): requests/s with 1 and 2 server processes on
// PostgreSQL (the cluster of decision 100), and how long `npm start` takes before the first page,
// cold (no build, no database) and warm (the same folders again). Kept apart from scripts/bench.ts,
// which passes in what it owns (servers, the load generator, the throwaway databases).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

type Cannon = { rps: number; p50: number; p99: number; bad: number };

export type ScalingDeps = {
  /** A built server on `databaseUrl` with extra environment; stop it with `stop`. */
  server(databaseUrl: string, extra?: Record<string, string>): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): void;
  cannon(url: string, connections: number, seconds: number): Promise<Cannon>;
  /** A fresh migrated database with a party of 1 000 paid gifts; its code. */
  seededDatabase(tag: string): Promise<{ url: string; partyCode: string }>;
  runs: number;
  duration: number;
  fmt(n: number, digits?: number): string;
  median(xs: number[]): number;
  track(child: ChildProcess): void;
  untrack(child: ChildProcess): void;
};

const CONNECTIONS = 50;

/** The same pages served by one process and by two behind one port (WEB_CONCURRENCY), taking turns within each run. */
export async function benchProcesses(deps: ScalingDeps): Promise<string> {
  console.log("== 1 vs 2 processes");
  const { url, partyCode } = await deps.seededDatabase("procs");
  const one = await deps.server(url, { PAGE_CACHE_MS: "0", WEB_CONCURRENCY: "1" });
  const two = await deps.server(url, { PAGE_CACHE_MS: "0", WEB_CONCURRENCY: "2" });
  const pages = [
    ["`/healthz`", "/healthz"],
    ["`/termos-de-uso`", "/termos-de-uso"],
    ["party page, 1 000 gifts, rendered for every request", `/festa/${partyCode}`],
  ] as const;
  for (const [, p] of pages) for (const s of [one, two]) await deps.cannon(`${s.url}${p}`, 10, 2); // warm-up
  const rows: string[] = [];
  for (const [label, p] of pages) {
    const rps: Record<"one" | "two", number[]> = { one: [], two: [] };
    for (let run = 0; run < deps.runs; run++) {
      rps.one.push((await deps.cannon(`${one.url}${p}`, CONNECTIONS, deps.duration)).rps);
      rps.two.push((await deps.cannon(`${two.url}${p}`, CONNECTIONS, deps.duration)).rps);
      console.log(`  ${p} run ${run + 1}: 1 process ${deps.fmt(rps.one.at(-1)!)} req/s, 2 processes ${deps.fmt(rps.two.at(-1)!)} req/s`);
    }
    const ratio = deps.median(rps.two.map((r, i) => r / rps.one[i]!));
    rows.push(`| ${label} | ${deps.fmt(deps.median(rps.one))} | ${deps.fmt(deps.median(rps.two))} | **${deps.fmt(ratio, 2)}** |`);
  }
  deps.stop(one.child);
  deps.stop(two.child);
  return [
    `### One process and two (WEB_CONCURRENCY) on PostgreSQL`,
    ``,
    `Two built servers on the same database, one with \`WEB_CONCURRENCY=1\`, one with \`2\` (the primary forks two workers behind one port; decision 100). autocannon at ${CONNECTIONS} connections, ${deps.duration} s per measurement, the two servers taking turns within each of ${deps.runs} runs; the ratio is taken within a run, then the median. The load generator runs on the same ${os.cpus().length} cores, so two processes can never double the figure here.`,
    ``,
    `| page | 1 process, req/s | 2 processes, req/s | 2 / 1 |`,
    `|---|---:|---:|---:|`,
    ...rows,
  ].join("\n");
}

/**
 * `node scripts/start.mjs` in throwaway build and data folders: cold (compiles, creates the embedded
 * database, migrates, seeds the demo data), then warm (the same folders: nothing to compile or
 * seed). Time from launch until the home page answers 200.
 */
export async function benchStart(deps: Pick<ScalingDeps, "fmt" | "median" | "track" | "untrack">, port: number): Promise<string> {
  console.log("== npm start, cold and warm");
  // Inside the project (.tmp/ is ignored): the built server resolves its packages from node_modules here.
  fs.mkdirSync(".tmp", { recursive: true });
  const base = fs.mkdtempSync(path.resolve(".tmp/bench-start-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUILD_DIR: path.join(base, "build"),
    DATA_DIR: path.join(base, "data"),
    PORT: String(port),
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const timings: Array<[string, number]> = [];
  try {
    for (const label of ["cold: no build, no database", "warm: the same folders again", "warm, second time"]) {
      const seconds = await timeStart(env, port, deps);
      console.log(`  ${label}: ${deps.fmt(seconds, 1)} s`);
      timings.push([label, seconds]);
    }
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
  return [
    `### npm start: time to the first page`,
    ``,
    `\`node scripts/start.mjs\` with a throwaway \`BUILD_DIR\` and \`DATA_DIR\` (embedded database), measured from launch until \`GET /\` answers 200; the server is stopped between starts.`,
    ``,
    `| start | seconds |`,
    `|---|---:|`,
    ...timings.map(([label, s]) => `| ${label} | ${deps.fmt(s, 1)} |`),
  ].join("\n");
}

async function timeStart(env: NodeJS.ProcessEnv, port: number, deps: Pick<ScalingDeps, "track" | "untrack">): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  deps.track(child);
  try {
    const deadline = Date.now() + 5 * 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`npm start ended with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("npm start did not answer within 5 minutes");
  } finally {
    // start.mjs forwards the signal to the server; the process group catches anything left.
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    deps.untrack(child);
  }
}
