// The cluster's primary (decision 100): on PostgreSQL, WEB_CONCURRENCY worker processes (default:
// one per core) share one port through node:cluster. The primary loads no application code: it
// starts the workers, forwards SIGTERM to them and exits when they have finished.
import cluster from "node:cluster";
import os from "node:os";
import { fileURLToPath } from "node:url";
import pino from "pino";

/**
 * How many processes to run: always 1 on the embedded database (PGlite is one process), else
 * WEB_CONCURRENCY or the number of cores. Throws a one-line pt-BR message on a bad value.
 */
export function workerCount(env) {
  if (!env.DATABASE_URL) return 1;
  const raw = env.WEB_CONCURRENCY;
  if (raw === undefined || raw === "") return Math.max(1, os.availableParallelism());
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new Error(`Configuração inválida: WEB_CONCURRENCY — use um número inteiro de 1 a 64 (valor: ${JSON.stringify(raw)})`);
  }
  return n;
}

export function runPrimary(count) {
  const log = pino({ level: process.env.LOG_LEVEL || "info", base: undefined });
  const graceMs = (Number(process.env.SHUTDOWN_GRACE_SECONDS) || 25) * 1_000;
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./index.js", import.meta.url)), args: process.argv.slice(2) });

  const listening = new Set();
  let forkedRest = false;
  let startLine;
  let stopping = false;
  let exitCode = 0;

  // The first worker starts alone: it migrates and seeds (under the schema lock in any case), and a
  // configuration error is printed once, by it, instead of once per worker.
  const fork = () => cluster.fork();
  fork();

  cluster.on("message", (worker, message) => {
    if (message?.type === "festa:started" && !startLine) startLine = message.line;
  });
  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    if (!forkedRest && !stopping) {
      forkedRest = true;
      for (let i = 1; i < count; i++) fork();
    }
    if (listening.size === count && startLine) {
      log.info(`${startLine} — ${count} processos`);
      startLine = undefined;
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    const served = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!served) {
      // A worker that never served failed to start (its error is above): stop everything.
      exitCode = code || 1;
      stopAll();
      return;
    }
    log.error({ worker: worker.id, code, signal }, "Um processo do servidor terminou inesperadamente; iniciando outro");
    setTimeout(() => !stopping && fork(), 1_000).unref();
  });

  function stopAll() {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    // Workers stop within their grace plus the drain of the outbox and the pool; past that, kill.
    setTimeout(() => {
      log.error("Processos não terminaram a tempo; encerrando à força");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, graceMs + 30_000).unref();
  }
  process.on("SIGTERM", stopAll);
  process.on("SIGINT", stopAll);
}
