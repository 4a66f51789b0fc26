// What the benchmark scripts share: the built server as a child process (a free loopback port, a
// build if missing, a wait for /healthz), a throwaway PostgreSQL database, the run-then-clean-up
// wrapper.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { PRODUCTION_DETAILS_ENV } from "../tests/support/production-env.mjs";

/**
 * The PostgreSQL server a benchmark uses (DATABASE_URL or TEST_DATABASE_URL; exits with a message
 * when neither is set) and the throwaway database it creates there, named after `prefix`.
 */
export function benchDatabase(prefix: string) {
  const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.error("Defina DATABASE_URL ou TEST_DATABASE_URL (PostgreSQL) para rodar o benchmark.");
    process.exit(1);
  }
  const dbName = `${prefix}_${process.pid}`;
  return { baseUrl, dbName, benchUrl: withDatabase(baseUrl, dbName) };
}

/** The same PostgreSQL URL pointing at another database. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One short-lived connection for `work` (e.g. CREATE / DROP DATABASE on the server's default one). */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * BENCH_SERVER_NODE_ARGS: extra node flags for the servers a benchmark starts, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` (node refuses --cpu-prof in NODE_OPTIONS).
 */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
}

/**
 * Starts `node server/index.js` (NODE_ENV=production) from `buildDir` and waits until it answers.
 * `entry`: another copy of server/index.js (an older build's, to compare builds taking turns).
 */
export async function startBuiltServer(options: {
  port: number;
  buildDir: string;
  env: Record<string, string>;
  entry?: string;
}): Promise<ChildProcess> {
  const { port, buildDir } = options;
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    console.log(`Sem build em ${buildDir}: compilando…`);
    const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
    if (r.status !== 0) throw new Error("build falhou");
  }
  // Through sh, which raises the descriptor limit to the hard one first (a live stream holds one;
  // the soft limit is often 1 024): exec keeps the pid, so it is still the server's.
  const child = spawn(
    "sh",
    ["-c", 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...serverNodeArgs(), options.entry ?? "server/index.js"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      // One process, as the published figures were measured, unless WEB_CONCURRENCY says otherwise.
      env: {
        ...PRODUCTION_DETAILS_ENV,
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
        ...options.env,
      },
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("o servidor encerrou ao iniciar");
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill("SIGKILL");
  throw new Error("o servidor não respondeu em 60 s");
}

/** Stops a server started by startBuiltServer: SIGTERM, then SIGKILL if it is still up a second later. */
export async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1_000));
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** Runs a benchmark's main, then its cleanup whatever happened; a failure exits with status 1. */
export async function runBenchmark(main: () => Promise<void>, cleanup: () => Promise<void>) {
  try {
    await main();
    await cleanup();
  } catch (error) {
    console.error(`Benchmark falhou: ${(error as Error).message}`);
    await cleanup();
    process.exit(1);
  }
}
