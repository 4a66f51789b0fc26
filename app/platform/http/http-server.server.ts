/**
 * The HTTP server of one process and its orderly stop (issue 18, issue 31; decisions 100 and 174).
 *
 * Timeouts: the whole request (headers and body) must arrive within `requestTimeoutSeconds`, the
 * headers within HEADERS_TIMEOUT_SECONDS, so a body sent a byte at a time cannot hold a connection
 * for minutes. They cover only what the client sends: a live stream, whose GET has no body, runs
 * for as long as it likes.
 *
 * Connections come from the server's own listening socket (one process) or are handed over by the
 * cluster's primary, which owns the socket (`adoptConnection`, server/primary.js).
 *
 * Stop (SIGTERM): the listening socket is closed first (with workers: the primary closes it and
 * confirms that no more connections will be handed over); every answer from then on says
 * `Connection: close`; a kept-alive connection with nothing in progress is closed once quiet; a
 * connection that has not sent its first request yet gets a moment to send it (it was accepted: a
 * balancer cannot retry a POST it has sent on it); live streams are told to reconnect; requests in
 * flight have up to `graceMs`, then what is left is cut.
 */
import http from "node:http";
import net from "node:net";
import type { Logger } from "pino";
import { HEADERS_TIMEOUT_SECONDS, TIMEOUT_CHECK_INTERVAL_MS } from "./limits.server";

/** How long a stop waits for a connection accepted just before it to send its first request. */
const FIRST_REQUEST_WAIT_MS = 3_000;
/**
 * A kept-alive connection answered this recently may already carry its client's next request
 * (sent before our `Connection: close` could tell it not to): closing it then would reset that
 * request. Past this quiet time it is closed.
 */
export const KEPT_ALIVE_QUIET_MS = 500;
const DRAIN_CHECK_MS = 50;
/** The most a stop waits for a quiet event-loop turn before closing the socket. */
const LAST_ACCEPTS_MS = 250;
/** A turn of the event loop this short leaves no room for a connection to complete unseen before the close. */
const QUICK_TURN_MS = 2;

type Connection = {
  acceptedAt: number;
  /** Answers in progress on it. */
  busy: number;
  served: number;
  /** `bytesRead` when its last answer ended: more since then means a next request is arriving. */
  bytesAtRest: number;
  /** When its last answer ended. */
  restingSince: number;
};
type Tracked = { responses: Set<http.ServerResponse>; connections: Map<net.Socket, Connection>; accepted: number; stopping: boolean };

const tracked = new WeakMap<http.Server, Tracked>();
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
  const state: Tracked = { responses: new Set(), connections: new Map(), accepted: 0, stopping: false };
  tracked.set(server, state);
  server.on("connection", (socket: net.Socket) => {
    state.accepted++;
    state.connections.set(socket, { acceptedAt: Date.now(), busy: 0, served: 0, bytesAtRest: 0, restingSince: 0 });
    socket.once("close", () => state.connections.delete(socket));
  });
  // Registered before the handler runs, so a request that arrives on a kept-alive connection
  // while stopping is still answered, and tells the client not to reuse the connection.
  server.prependListener("request", (req, res) => {
    state.responses.add(res);
    const connection = state.connections.get(req.socket);
    if (connection) connection.busy++;
    res.once("close", () => {
      state.responses.delete(res);
      if (!connection) return;
      connection.busy--;
      connection.served++;
      connection.bytesAtRest = req.socket.bytesRead;
      connection.restingSince = Date.now();
    });
    if (state.stopping) res.setHeader("Connection", "close");
  });
  return server;
}

/**
 * Makes a server that will never listen itself ready for connections handed over by the cluster's
 * primary: Node starts tracking connections (request timeouts, idle detection) on `listening`.
 */
export function serveHandedOverConnections(server: http.Server) {
  server.emit("listening");
}

/** Serves a connection the primary accepted (its first bytes are still unread). */
export function adoptConnection(server: http.Server, socket: net.Socket) {
  server.emit("connection", socket);
  socket.resume();
}

/** Logged at the moment the listening socket closes (here, or in the cluster's primary). */
export const PORT_CLOSED_MESSAGE = "Porta fechada: novas conexões são recusadas";

export type StopResult = { requests: number; streams: number; cut: number; ms: number };

export async function stopHttpServer(
  server: http.Server,
  {
    graceMs,
    log,
    closeStreams,
    closeListener,
  }: {
    graceMs: number;
    log: Logger;
    closeStreams: () => number;
    /**
     * Resolves once no new connection can reach this process (by default: its own socket closed,
     * and logged with its moment: the fault suite tells the kernel's resets at the close by it).
     */
    closeListener?: () => Promise<void>;
  },
): Promise<StopResult> {
  const startedAt = Date.now();
  stopping = true;
  const state = tracked.get(server) ?? { responses: new Set(), connections: new Map(), accepted: 0, stopping: true };
  state.stopping = true;
  const { responses, connections } = state;
  const listenerClosed = closeListener ? closeListener() : closeOwnListener(server).then(() => log.info(PORT_CLOSED_MESSAGE));
  for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
  const requests = responses.size;
  const streams = closeStreams();
  log.info({ requests, streams, graceMs }, "Encerrando: sem novas conexões; aguardando as requisições em andamento");

  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) if (isIdle(socket, connection, now)) socket.destroy();
  };
  closeIdle();
  let listenerDone = false;
  void listenerClosed.then(() => (listenerDone = true));
  let tick: NodeJS.Timeout | undefined;
  const drained = new Promise<"drained">((resolve) => {
    tick = setInterval(() => {
      closeIdle();
      if (listenerDone && connections.size === 0) resolve("drained");
    }, DRAIN_CHECK_MS);
  });
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"grace over">((resolve) => (timer = setTimeout(() => resolve("grace over"), graceMs)));
  const outcome = await Promise.race([drained, graceOver]);
  clearInterval(tick);
  clearTimeout(timer);
  let cut = 0;
  if (outcome === "grace over") {
    cut = responses.size;
    log.warn({ cut, graceMs }, "Prazo de encerramento esgotado: requisições interrompidas");
    server.closeAllConnections();
    for (const socket of connections.keys()) socket.destroy();
    await Promise.race([listenerClosed, new Promise((r) => setTimeout(r, 1_000))]);
  }
  return { requests, streams, cut, ms: Date.now() - startedAt };
}

/**
 * Nothing in progress on it, nothing new read since its last answer, and quiet for a while: since
 * its last answer (KEPT_ALIVE_QUIET_MS), or since it was accepted when it never sent a byte
 * (FIRST_REQUEST_WAIT_MS).
 */
function isIdle(socket: net.Socket, connection: Connection, now: number) {
  if (connection.busy > 0 || socket.bytesRead !== connection.bytesAtRest) return false;
  if (connection.served > 0) return now - connection.restingSince >= KEPT_ALIVE_QUIET_MS;
  return now - connection.acceptedAt >= FIRST_REQUEST_WAIT_MS;
}

/**
 * Closes the server's own listening socket, once the connections the kernel has already completed
 * are accepted: a listening socket closed with connections in its queue resets them, and their
 * clients may have sent a POST already. Each event-loop turn polls the socket; it is closed right
 * after a turn that accepted nothing and was quick (a busy turn leaves time for connections to
 * complete unseen), or after LAST_ACCEPTS_MS in any case. net.Server's close, not http.Server's:
 * the latter also destroys every connection without a request in progress, including one accepted
 * a moment ago whose first request is on its way. Its "close" event is not awaited: net.Server
 * emits it only once every connection has ended.
 */
function closeOwnListener(server: http.Server): Promise<void> {
  const state = tracked.get(server);
  const until = performance.now() + LAST_ACCEPTS_MS;
  return new Promise((resolve) => {
    let seen = state?.accepted ?? 0;
    let last = performance.now();
    const turn = () => {
      const now = performance.now();
      const accepted = state?.accepted ?? 0;
      const quiet = accepted === seen && now - last <= QUICK_TURN_MS;
      seen = accepted;
      last = now;
      if (!quiet && now < until) {
        setImmediate(turn);
        return;
      }
      if (server.listening) net.Server.prototype.close.call(server);
      resolve();
    };
    setImmediate(turn);
  });
}
