#!/usr/bin/env node
// Mobile Lighthouse (12.x, default mobile config: simulated slow 4G and 4x CPU) on a few pages.
// The client JS per page is `npm run bench -- --only js` (scripts/client-js.ts).
//
//   npm run bench:lighthouse -- /como-funciona /faq [--runs 3] [--markdown] [--save DIR]
//
// --save DIR writes every run's full Lighthouse report (JSON) to DIR, to read the render-blocking
// resources, the request chains and the LCP element's phases.
//
// --cpu-slowdown N sets Lighthouse's CPU slowdown (default 4). Its 4× assumes a high-end desktop
// host (benchmarkIndex 1 500–2 000); Lighthouse's docs (docs/throttling.md, "Calibrating the CPU
// slowdown") say to lower it on a weaker host (2× from a low-end desktop or high-end mobile one,
// 800–1 500). Every run prints its benchmarkIndex, so a figure says which host it comes from.
//
// --throttling-method devtools applies the same slow 4G and CPU slowdown to the real page load
// instead of simulating them (Lantern, the default) from an unthrottled one. On loopback every
// module script has downloaded before the first frame, and Lantern then counts them all ahead of
// the LCP (docs/performance.md, "Issue 19 at the end"); the applied run shows the real order.
//
// Builds nothing. Measures LIGHTHOUSE_URL (e.g. http://localhost:3301) when set; otherwise starts
// the already built server (BUILD_DIR, default ./build) on a free port with a throwaway DATA_DIR
// and demo data, and stops it afterwards. Chrome: CHROME_PATH, default /usr/bin/chromium.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { PRODUCTION_DETAILS_ENV } from "../tests/support/production-env.mjs";
import { throttling } from "lighthouse/core/config/constants.js";

const DEFAULT_MOBILE_THROTTLING = throttling.mobileSlow4G;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
];

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Math.max(1, Number(option("--runs", "3")));
const saveDir = option("--save");
const cpuSlowdownOption = option("--cpu-slowdown");
const throttlingMethod = option("--throttling-method", "simulate");
if (!["simulate", "devtools"].includes(throttlingMethod)) throw new Error("--throttling-method takes simulate or devtools");
const optionValues = new Set([option("--runs"), saveDir, cpuSlowdownOption, option("--throttling-method")]);
const paths = args.filter((a) => a.startsWith("/") && !optionValues.has(a));
if (paths.length === 0) paths.push("/como-funciona");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function startBuiltServer() {
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`No build in ${buildDir}: run \`npm run build\` (or set BUILD_DIR / LIGHTHOUSE_URL) first.`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-lighthouse-"));
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      // Only used when NODE_ENV=production is set (the measurements of docs/performance.md).
      ...PRODUCTION_DETAILS_ENV,
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      SEED_DEMO: "on",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/healthz`, 120_000);
  return {
    base,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const server = process.env.LIGHTHOUSE_URL ? { base: process.env.LIGHTHOUSE_URL.replace(/\/$/, ""), stop() {} } : await startBuiltServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  const audit = (url, cpuSlowdownMultiplier) =>
    lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      throttlingMethod,
      ...(cpuSlowdownMultiplier ? { throttling: { ...DEFAULT_MOBILE_THROTTLING, cpuSlowdownMultiplier } } : {}),
    });
  const cpuSlowdown = cpuSlowdownOption ? Number(cpuSlowdownOption) : undefined;
  if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error("--cpu-slowdown takes a number ≥ 1");
  try {
    for (const urlPath of paths) {
      const reports = [];
      for (let i = 0; i < runs; i++) {
        // A warm-up hit first, so the measured run does not pay for the server's first render.
        if (i === 0) await fetch(server.base + urlPath).catch(() => {});
        const result = await audit(server.base + urlPath, cpuSlowdown);
        // A run Chrome could not finish (e.g. a protocol timeout on a busy machine) has no scores.
        if (result.lhr.runtimeError) console.error(`  run ${i + 1} of ${urlPath} failed: ${result.lhr.runtimeError.code}`);
        else reports.push(result.lhr);
        if (saveDir) {
          fs.mkdirSync(saveDir, { recursive: true });
          const name = (urlPath.replace(/[^a-z0-9]+/gi, "_") || "_") + `-${i + 1}.json`;
          fs.writeFileSync(path.join(saveDir, name), JSON.stringify(result.lhr));
        }
      }
      if (reports.length === 0) throw new Error(`No Lighthouse run of ${urlPath} finished`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.floor(median(reports.map((r) => Math.round((r.categories[c].score ?? 0) * 100))))]),
      );
      const metrics = Object.fromEntries(METRICS.map(([id]) => [id, median(reports.map((r) => r.audits[id].numericValue))]));
      const failing = new Set();
      for (const report of reports) {
        for (const c of CATEGORIES) {
          for (const ref of report.categories[c].auditRefs) {
            const audit = report.audits[ref.id];
            if (ref.weight > 0 && audit.score !== null && audit.score < 1 && c !== "performance")
              failing.add(`${c}: ${ref.id} — ${audit.title}`);
          }
        }
      }
      rows.push({
        urlPath,
        scores,
        metrics,
        perRun: reports.map((r) => Math.round(r.categories.performance.score * 100)),
        benchmarkIndex: reports.map((r) => Math.round(r.environment.benchmarkIndex)),
        failing: [...failing],
      });
    }
  } finally {
    await chrome.kill();
    server.stop();
  }

  for (const row of rows) {
    console.log(
      `\n${row.urlPath}  (median of ${runs} run${runs > 1 ? "s" : ""}; performance per run: ${row.perRun.join(", ")}; CPU slowdown ${cpuSlowdown ?? 4}×, benchmarkIndex ${row.benchmarkIndex.join(", ")})`,
    );
    console.log(
      `  performance ${row.scores.performance} · accessibility ${row.scores.accessibility} · best practices ${row.scores["best-practices"]} · SEO ${row.scores.seo}`,
    );
    console.log(
      "  " +
        METRICS.map(([id, label]) =>
          id === "cumulative-layout-shift" ? `${label} ${row.metrics[id].toFixed(3)}` : `${label} ${(row.metrics[id] / 1000).toFixed(2)} s`,
        ).join(" · "),
    );
    for (const f of row.failing) console.log(`  ✗ ${f}`);
  }
  if (flag("--markdown")) {
    console.log("\n| page | CPU slowdown | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | benchmarkIndex |");
    console.log("|---|---|---|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      const m = r.metrics;
      console.log(
        `| \`${r.urlPath}\` | ${cpuSlowdown ?? 4}× | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${(m["first-contentful-paint"] / 1000).toFixed(1)} s | ${(m["largest-contentful-paint"] / 1000).toFixed(1)} s | ${Math.round(m["total-blocking-time"])} ms | ${m["cumulative-layout-shift"].toFixed(3)} | ${median(r.benchmarkIndex)} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
