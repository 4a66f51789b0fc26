/**
 * The HTTP server of one process and its orderly stop (issue 18; decision 100).
 *
 * Timeouts: the whole request (headers and body) must arrive within `requestTimeoutSeconds`, the
 * headers within HEADERS_TIMEOUT_SECONDS, so a body sent a byte at a time cannot hold a connection
 * for minutes. They cover only what the client sends: a live stream, whose GET has no body, runs
 * for as long as it likes.
 *
 * Stop (SIGTERM): accept no new connection; close idle keep-alive connections at once and every
 * other one as soon as its answer is out; close live streams with a retry hint; let requests in
 * flight finish for up to `graceMs`, then cut what is left.
 */
import http from "node:http";
import type { Logger } from "pino";
import { HEADERS_TIMEOUT_SECONDS, TIMEOUT_CHECK_INTERVAL_MS } from "./limits.server";

const inFlight = new WeakMap<http.Server, Set<http.ServerResponse>>();
let stopping = false;

/** True once this process has begun to stop (for readiness probes). */
export function isStopping() {
  return stopping;
}

export function createHttpServer(handler: http.RequestListener, { requestTimeoutSeconds }: { requestTimeoutSeconds: number }) {
  const requestTimeout = requestTimeoutSeconds * 1_000;
  const server = http.createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(HEADERS_TIMEOUT_SECONDS * 1_000, requestTimeout),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    handler,
  );
  const responses = new Set<http.ServerResponse>();
  inFlight.set(server, responses);
  // Registered before the handler runs, so a request that arrives on a kept-alive connection
  // while stopping is still answered, and tells the client not to reuse the connection.
  server.prependListener("request", (_req, res) => {
    responses.add(res);
    res.once("close", () => responses.delete(res));
    if (stopping) res.setHeader("Connection", "close");
  });
  return server;
}

export type StopResult = { requests: number; streams: number; cut: number; ms: number };

export async function stopHttpServer(
  server: http.Server,
  { graceMs, log, closeStreams }: { graceMs: number; log: Logger; closeStreams: () => number },
): Promise<StopResult> {
  const startedAt = Date.now();
  stopping = true;
  const responses = inFlight.get(server) ?? new Set();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Answers not yet started end their connection; idle connections close now (server.close()
  // already closed those idle at this instant; the interval catches the ones that become idle).
  for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
  const requests = responses.size;
  const streams = closeStreams();
  log.info({ requests, streams, graceMs }, "Encerrando: sem novas conexões; aguardando as requisições em andamento");
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"grace over">((resolve) => (timer = setTimeout(() => resolve("grace over"), graceMs)));
  const outcome = await Promise.race([closed.then(() => "drained" as const), graceOver]);
  clearInterval(idle);
  clearTimeout(timer);
  let cut = 0;
  if (outcome === "grace over") {
    cut = responses.size;
    log.warn({ cut, graceMs }, "Prazo de encerramento esgotado: requisições interrompidas");
    server.closeAllConnections();
    await closed;
  }
  return { requests, streams, cut, ms: Date.now() - startedAt };
}
