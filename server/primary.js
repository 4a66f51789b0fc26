// The cluster's primary (decisions 100 and 174): on PostgreSQL, WEB_CONCURRENCY worker processes
// (default: one per core) serve one port. The primary loads no application code. It owns the
// listening socket and hands each accepted connection to a ready worker in turn (as Node's own
// round-robin does, but in our hands), so that on SIGTERM it can close the socket at once (new
// connections are refused, a balancer tries another instance), stop handing out, and only then tell
// each worker to drain: no connection accepted by the kernel is left without a worker to answer it.
// It also answers /metrics for the whole instance (server/cluster-metrics.js).
import cluster from "node:cluster";
import net from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { createMetricsAggregator } from "./cluster-metrics.js";

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

/** The most a stop waits for a quiet event-loop turn before closing the listening socket. */
const LAST_ACCEPTS_MS = 250;
/** A turn of the event loop this short leaves no room for a connection to complete unseen before the close. */
const QUICK_TURN_MS = 2;

export function runPrimary(count) {
  const log = pino({ level: process.env.LOG_LEVEL || "info", base: undefined });
  const graceMs = (Number(process.env.SHUTDOWN_GRACE_SECONDS) || 25) * 1_000;
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./index.js", import.meta.url)), args: process.argv.slice(2) });

  /** Workers taking connections, in the order they are handed out. */
  const ready = [];
  /** Every worker that has finished starting (it served, or could have). */
  const started = new Set();
  /** Connections accepted while no worker is ready (the only one is being replaced). */
  const waiting = [];
  let turn = 0;
  let handedOut = 0;
  let listener;
  let forkedRest = false;
  let startLine;
  let stopping = false;
  let exitCode = 0;
  const metrics = createMetricsAggregator(() => Object.values(cluster.workers ?? {}).filter((w) => started.has(w.id)), log);

  // The first worker starts alone: it migrates and seeds (under the schema lock in any case), and a
  // configuration error is printed once, by it, instead of once per worker.
  const fork = () => cluster.fork({ FESTA_CLUSTER_WORKER: "1" });
  fork();

  cluster.on("message", (worker, message) => {
    switch (message?.type) {
      case "festa:ready":
        return onReady(worker, message);
      case "festa:stopping":
        // This worker alone stops (it was signalled): it gets nothing more, and is told so.
        removeFrom(ready, worker);
        return worker.send({ type: "festa:stop" });
      default:
        return metrics.onMessage(worker, message);
    }
  });

  function onReady(worker, { port, host, line }) {
    started.add(worker.id);
    if (stopping) return worker.send({ type: "festa:stop" });
    ready.push(worker);
    startLine ??= line;
    while (waiting.length > 0) handOut(waiting.shift());
    if (!listener) open(port, host);
    else announceWhenAllReady();
  }

  function open(port, host) {
    listener = net.createServer({ pauseOnConnect: true, noDelay: true }, handOut);
    listener.on("error", (error) => {
      console.error(`\nNão foi possível abrir ${host ? `${host}:` : "a porta "}${port}: ${error.message}\n`);
      exitCode = 1;
      stopAll();
    });
    listener.listen(port, host, () => {
      if (!forkedRest && !stopping) {
        forkedRest = true;
        for (let i = 1; i < count; i++) fork();
      }
      announceWhenAllReady();
    });
  }

  function announceWhenAllReady() {
    if (ready.length === count && startLine && listener?.listening) {
      log.info(`${startLine} — ${count} processos`);
      startLine = undefined;
    }
  }

  /** Gives an accepted connection (not yet read from) to the next ready worker. */
  function handOut(socket, attempts = 0) {
    if (attempts === 0) handedOut++;
    if (ready.length === 0) {
      waiting.push(socket);
      return;
    }
    const worker = ready[turn++ % ready.length];
    worker.send({ type: "festa:conn" }, socket, { keepOpen: false }, (error) => {
      if (!error) return;
      if (attempts < count && !socket.destroyed) handOut(socket, attempts + 1);
      else socket.destroy();
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    removeFrom(ready, worker);
    const served = started.delete(worker.id);
    if (stopping) {
      // Killed by a signal before it could handle it: Ctrl-C or a signal to the whole process group
      // reached a worker still loading. It had nothing to drain.
      const clean = code === 0 || (!served && (signal === "SIGTERM" || signal === "SIGINT"));
      if (!clean) exitCode = 1;
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
    // Connections the kernel has already completed are accepted and handed out first (closing a
    // socket with connections in its queue resets them): new connections are refused from then
    // on, and each worker's "stop" travels behind the connections handed to it, on one channel.
    // It waits for a turn that accepted nothing (each turn polls the socket) and was quick: a busy
    // turn (IPC from the workers, a scrape) leaves time for a connection to complete unseen before
    // the close, which would reset it. At most 250 ms (as the single process does: closeOwnListener
    // in app/platform/http/http-server.server.ts).
    const until = performance.now() + LAST_ACCEPTS_MS;
    let seen = handedOut;
    let last = performance.now();
    const closeWhenQuiet = () => {
      const now = performance.now();
      const quiet = handedOut === seen && now - last <= QUICK_TURN_MS;
      seen = handedOut;
      last = now;
      if (!quiet && now < until) return setImmediate(closeWhenQuiet);
      if (listener) {
        listener.close();
        // The same words as a single process (PORT_CLOSED_MESSAGE in app/platform/http/http-server.server.ts).
        log.info("Porta fechada: novas conexões são recusadas");
      }
      for (const socket of waiting.splice(0)) socket.destroy();
      for (const worker of ready.splice(0)) worker.send({ type: "festa:stop" });
    };
    setImmediate(closeWhenQuiet);
    // Workers still starting are told when they report ready (onReady).
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
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

function removeFrom(list, worker) {
  const i = list.indexOf(worker);
  if (i >= 0) list.splice(i, 1);
}
