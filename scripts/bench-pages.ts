// `npm run bench -- --only pages`: what a page rendered for every request costs against /healthz,
// side by side in one run (issue 32 item 3): /healthz, /termos-de-uso and the demo party page
// signed in (a session is never answered from a shared copy), and / anonymous with
// PAGE_CACHE_MS=0. One database with the demo data; Mariana signs in once through /auth.
//
// BENCH_PAGES_BUILDS="before=build-before:build-before/entry/index.js,after=build" puts an older
// build (its own copy of server/index.js) beside the new one on the same database; in each run the
// builds take turns, the order alternating. Ratios are taken per build within a run, then the median.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type PagesDeps = {
  freshDatabase(tag: string): Promise<{ url: string; conn: { close(): Promise<void> } }>;
  server(
    databaseUrl: string,
    extra?: Record<string, string>,
    build?: { buildDir: string; entry?: string | undefined },
  ): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): void;
  cannon(
    url: string,
    connections: number,
    seconds: number,
    headers?: Record<string, string>,
  ): Promise<{ rps: number; bad: number; total: number }>;
  runs: number;
  duration: number;
  buildDir: string;
  fmt(n: number, digits?: number): string;
  median(xs: number[]): number;
};

const CONNECTIONS = Number(process.env.BENCH_PAGES_CONNECTIONS ?? 10);
const TARGETS = [
  ["healthz", "`/healthz`", "/healthz", false],
  ["terms", "`/termos-de-uso`, signed in", "/termos-de-uso", true],
  ["party", "party page `/festa/mari3`, signed in (its creator)", "/festa/mari3", true],
  ["home", "`/`, anonymous, rendered for every request", "/", false],
] as const;

type Sample = { rps: number; bad: number; cpuMs: number };

/** CPU time (user + system, ms) the process has used: read from /proc, so other work on the machine does not count. */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100 on Linux)
}

type Build = { label: string; buildDir: string; entry?: string | undefined };

function buildsToCompare(defaultDir: string): Build[] {
  const spec = process.env.BENCH_PAGES_BUILDS;
  if (!spec) return [{ label: "this build", buildDir: defaultDir }];
  return spec.split(",").map((item) => {
    const [label, where] = [item.slice(0, item.indexOf("=")), item.slice(item.indexOf("=") + 1)];
    const [dir, entry] = where.split(":");
    return { label, buildDir: path.resolve(dir!), entry: entry ? path.resolve(entry) : undefined };
  });
}

/** Signs in through the page's own form and returns the session cookie. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .filter((c) => /session_token=/.test(c) && !/max-age=0\b/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in answered ${res.status} without a session`);
  return cookie;
}

export async function benchPages(deps: PagesDeps): Promise<string> {
  console.log("== pages rendered for every request");
  const builds = buildsToCompare(deps.buildDir);
  const { url, conn } = await deps.freshDatabase("pages");
  await conn.close();
  const servers: Array<Build & { url: string; child: ChildProcess }> = [];
  for (const [i, build] of builds.entries()) {
    // The first server seeds the demo data (Mariana and her party mari3); the others find it there.
    const env = { PAGE_CACHE_MS: "0", SEED_DEMO: i === 0 ? "on" : "off" };
    servers.push({ ...build, ...(await deps.server(url, env, build)) });
  }
  const cookie = await signIn(servers[0]!.url, "mariana@exemplo.com.br", "festa1234");
  for (const s of servers) {
    const probe = await fetch(`${s.url}/festa/mari3`, { headers: { cookie } });
    const html = await probe.text();
    if (probe.status !== 200 || !html.includes("mari3")) throw new Error(`${s.label}: /festa/mari3 answered ${probe.status}`);
    // (a build without the site's header, to measure what it costs, has no "Sair" to show)
    if (html.includes("<header") && !html.includes("Sair")) throw new Error(`${s.label}: the page does not look signed in`);
  }
  // Requests/s, and the server's CPU per request over the same seconds (what the page costs even
  // when the machine's other work takes the CPU away).
  const shoot = async (
    s: { url: string; child: ChildProcess },
    [, , target, signedIn]: (typeof TARGETS)[number],
    seconds: number,
  ): Promise<Sample> => {
    const before = cpuMsOf(s.child.pid!);
    const r = await deps.cannon(`${s.url}${target}`, CONNECTIONS, seconds, signedIn ? { cookie } : {});
    return { rps: r.rps, bad: r.bad, cpuMs: (cpuMsOf(s.child.pid!) - before) / Math.max(1, r.total) };
  };
  for (const s of servers) for (const t of TARGETS) await shoot(s, t, 2); // warm-up

  const per: Record<string, Record<string, Sample[]>> = {};
  for (const s of servers) per[s.label] = Object.fromEntries(TARGETS.map(([name]) => [name, []]));
  for (let run = 0; run < deps.runs; run++) {
    const order = run % 2 ? [...servers].reverse() : servers;
    for (const s of order)
      for (const t of TARGETS) {
        const r = await shoot(s, t, deps.duration);
        per[s.label]![t[0]]!.push(r);
        console.log(`  run ${run + 1} ${s.label} ${t[0]}: ${deps.fmt(r.rps)} req/s, ${deps.fmt(r.cpuMs, 2)} ms CPU per request`);
      }
  }
  for (const s of servers) deps.stop(s.child);

  const rows: string[] = [];
  for (const s of servers) {
    const mine = per[s.label]!;
    for (const [name, label] of TARGETS) {
      const rps = mine[name]!.map((r) => r.rps);
      const ratios = rps.map((x, i) => x / mine.healthz![i]!.rps);
      const bad = mine[name]!.reduce((sum, r) => sum + r.bad, 0);
      const ratioText =
        name === "healthz" ? "1" : `**${deps.fmt(deps.median(ratios), 3)}** (${ratios.map((x) => deps.fmt(x, 3)).join(", ")})`;
      const cpu = deps.median(mine[name]!.map((r) => r.cpuMs));
      const cpuRatio = name === "healthz" ? "1" : deps.fmt(deps.median(mine[name]!.map((r, i) => mine.healthz![i]!.cpuMs / r.cpuMs)), 3);
      rows.push(
        `| ${s.label} | ${label} | ${deps.fmt(deps.median(rps))} (${rps.map((x) => deps.fmt(x)).join(", ")}) | ${ratioText} | ${deps.fmt(cpu, 2)} | ${cpuRatio} | ${bad} |`,
      );
    }
  }
  return [
    `### Pages rendered for every request, against /healthz`,
    ``,
    `Built server (NODE_ENV=production, one process, \`PAGE_CACHE_MS=0\`) on PostgreSQL with the demo data; signed in as the demo party's creator. autocannon (its own process) at ${CONNECTIONS} connections, ${deps.duration} s per figure after a warm-up; ${deps.runs} runs, the targets (and builds) taking turns; ratios taken within a run, then the median (each run's in brackets). CPU per request: the server process's user + system time over the measurement (/proc) ÷ the requests answered, the median of the runs; PostgreSQL's share is not in it.`,
    ``,
    `| build | target | requests/s, median (runs) | req/s vs /healthz | server CPU ms per request | /healthz's CPU per request ÷ this one's | non-2xx + errors |`,
    `|---|---|---:|---:|---:|---:|---:|`,
    ...rows,
  ].join("\n");
}
