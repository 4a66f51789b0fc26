// `npm start`: the local way to run the product. Builds only when the sources changed since the
// last build (a hash of the build's inputs is kept beside it, in build/.source-hash), then runs the
// server and prints short pt-BR progress lines instead of the JSON log (docs/decisions/131-start.md).
// Production runs `npm run build` once and `npm run serve`, which logs JSON lines as they are.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What `react-router build` reads: the app, the server entry it bundles, static files, plugins, config, the locked packages. */
export const BUILD_INPUTS = [
  "app",
  "server",
  "public",
  "vite",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const NOT_INPUT = /(\.test\.tsx?|\.spec\.ts)$/;

function listFiles(entry, files) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) listFiles(path.join(entry, name), files);
  } else if (!NOT_INPUT.test(entry)) files.push(entry);
}

/** One hash over every input file's path and bytes: equal hashes, equal builds. */
export function sourceHash(inputs = BUILD_INPUTS) {
  const files = [];
  for (const entry of inputs) listFiles(entry, files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file.split(path.sep).join("/")).update("\0");
    hash.update(fs.readFileSync(path.join(ROOT, file))).update("\0");
  }
  return hash.digest("hex");
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
}

/** Builds unless build/ holds a build of exactly these sources. Returns false when the build failed. */
export function buildIfChanged({ buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build"), say = console.log } = {}) {
  const started = performance.now();
  const hash = sourceHash();
  const stamp = path.join(buildDir, ".source-hash");
  const built = fs.existsSync(path.join(buildDir, "server/index.js")) && fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : "";
  if (built === hash) {
    say("• Site já compilado para estas fontes (nada mudou desde a última compilação).");
    return true;
  }
  say(built ? "• As fontes mudaram: compilando o site…" : "• Compilando o site (primeira vez, cerca de meio minuto)…");
  for (const [command, args] of [
    ["npx", ["react-router", "build"]],
    ["node", ["scripts/check-client-bundle.mjs"]],
  ]) {
    const run = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", env: process.env, maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) {
      process.stderr.write(`${run.stdout ?? ""}${run.stderr ?? ""}`);
      console.error(`\nA compilação falhou (${[command, ...args].join(" ")}). Veja as mensagens acima.`);
      return false;
    }
  }
  fs.writeFileSync(stamp, `${hash}\n`);
  say(`• Site compilado em ${seconds(started)} s.`);
  return true;
}

const LEVEL_ERROR = 50;
const LEVEL_WARN = 40;

/**
 * One JSON log line as a person reads it, or null to leave it out: request logs stay in the JSON
 * log (`npm run serve`); start-up messages, warnings and errors are shown.
 */
export function humanLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line; // not ours (a library printing directly): show it as it is
  }
  if (typeof entry !== "object" || entry === null || typeof entry.msg !== "string") return line;
  if (entry.req || entry.res) return entry.level >= LEVEL_ERROR ? `✖ ${entry.msg}` : null;
  if (entry.msg.startsWith("Festa Solidária em ")) {
    const url = /em (\S+)/.exec(entry.msg)?.[1];
    return `\n✔ Pronto! Abra ${url} no navegador.\n  ${entry.msg.slice("Festa Solidária em ".length + (url?.length ?? 0)).trim()}\n`;
  }
  const detail = entry.err?.message ? ` — ${entry.err.message}` : "";
  if (entry.level >= LEVEL_ERROR) return `✖ ${entry.msg}${detail}`;
  if (entry.level >= LEVEL_WARN) return `! ${entry.msg}${detail}`;
  return `• ${entry.msg}`;
}

function serve() {
  const child = spawn(process.execPath, [path.join(ROOT, "server/index.js"), ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: ["inherit", "pipe", "inherit"],
    env: process.env,
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    const shown = humanLine(line);
    if (shown !== null) console.log(shown);
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log("Festa Solidária: iniciando…");
  if (!buildIfChanged()) process.exit(1);
  console.log("• Iniciando o servidor (banco de dados, migrações, dados de demonstração)…");
  serve();
}
