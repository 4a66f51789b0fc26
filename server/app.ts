import { randomBytes } from "node:crypto";
import express, { type RequestHandler } from "express";
import type http from "node:http";
import type { ServerBuild } from "react-router";
import { type Config, getConfig } from "~/platform/config.server";
import { systemClock } from "~/platform/clock";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { createPayments } from "~/domain/payments/index.server";
import { cnpjRegistryFor } from "~/domain/organizations/index.server";
import type { AppDeps } from "~/deps.server";
import type { Logger } from "pino";
import { startApplication } from "~/startup.server";
import { databaseHealth } from "~/platform/health.server";
import { renderUnavailablePage } from "~/platform/http/unavailable.server";
import { resolveClientIp } from "~/platform/http/client-ip.server";
import { requestObservability } from "~/platform/http/request-observability.server";
import { metricsEndpoint } from "~/platform/metrics.server";
import { healthzEndpoint, readyzEndpoint } from "~/platform/readiness.server";
import { limitRequestBodies } from "~/platform/http/body-limit.server";
import { refuseMalformedRequests } from "~/platform/http/request-target.server";
import { bodyLimitFor } from "~/request-limits.server";
import { exchangeLinkTokens } from "~/platform/http/link-token.server";
import { isStopping, stopHttpServer } from "~/platform/http/http-server.server";
import { ALLOWED_METHODS } from "~/platform/http/limits.server";
import { liveStreams } from "~/platform/http/live-streams.server";
import { createRequestHandler } from "~/platform/http/react-router-handler.server";
import { routeLabel } from "~/platform/http/route-label.server";
import { createSharedResponseCache, type SharedResponseCache } from "~/platform/http/shared-response-cache.server";
import { sharedPageFastPath } from "~/platform/http/shared-page-answer.server";
import { configureContentCache } from "~/platform/content-cache.server";
import { originCheck } from "./origin-check";
import { securityHeaders } from "./security";
import { TOO_LARGE_PATH, tooLargeEndpoint } from "./too-large";
import { webhookFastPath } from "./webhooks";

declare module "react-router" {
  /** Per request: these three; per app: its dependencies (app/deps.server.ts). */
  interface AppLoadContext extends AppDeps {
    nonce: string;
    requestId: string;
    /** The client's address (X-Forwarded-For only when TRUST_PROXY is on). */
    clientIp: string;
  }
}

type Options = { getBuild?: () => Promise<ServerBuild> };

/**
 * Starts the application and its request pipeline. `deps` replaces any of the dependencies the
 * loaders and actions receive (a test's fake provider, clock or mailer); the rest come from the
 * environment's configuration.
 */
export async function createApp({ getBuild, deps: overrides = {} }: Options & { deps?: Partial<AppDeps> } = {}) {
  const config = overrides.config ?? getConfig();
  const clock = overrides.clock ?? systemClock;
  const started = await startApplication({ config, clock });
  const { log } = started;
  const deps: AppDeps = {
    config,
    clock,
    mailer: overrides.mailer ?? outboxMailer,
    payments: overrides.payments ?? createPayments(config, started.sandboxEvents),
    cnpjRegistry: overrides.cnpjRegistry ?? cnpjRegistryFor(config),
  };
  const sharedCache = createPageCache(config);
  const webhooks = webhookFastPath({ deps, log, databaseIsDown: () => databaseHealth.isDown() });
  const app = createRequestPipeline({ deps, log, getBuild, sharedCache, webhooks });
  // A production build is loaded before the server listens, not by its first visitors: under a
  // burst of connections (10 000 live streams reconnecting) they would all wait for it.
  if (!getBuild) await import("virtual:react-router/server-build");
  return {
    app,
    /**
     * Answers anonymous GETs from the pages' one-second copies (decision 132); server/index.js
     * puts it ahead of compression and the static files, so a copy costs neither.
     */
    sharedPages: sharedCache ? withWellFormedRequests(sharedPageFastPath(sharedCache)) : undefined,
    /** The providers' webhooks, answered ahead of the page pipeline (server/webhooks.ts); server/index.js puts it first too. */
    webhooks,
    config,
    log,
    databaseKind: started.databaseKind,
    shutdown: started.shutdown,
    /**
     * SIGTERM: drain the HTTP server (decisions 100 and 174), then the workers (outbox included)
     * and the pool. `closeListener`: with the cluster, the primary's word that no connection is left in transit.
     */
    async stop(server: http.Server, { closeListener }: { closeListener?: () => Promise<void> } = {}) {
      const result = await stopHttpServer(server, {
        graceMs: config.SHUTDOWN_GRACE_SECONDS * 1_000,
        log,
        closeStreams: () => liveStreams.closeAll(),
        closeListener,
      });
      await started.shutdown();
      log.info(result, "Encerrado");
    },
  };
}

export { adoptConnection, createHttpServer, serveHandedOverConnections } from "~/platform/http/http-server.server";

/**
 * Everything a request goes through, on whatever database is connected. Kept apart from startup
 * so the security suite runs the very same pipeline on a test database.
 */
export function createRequestPipeline({
  deps,
  log,
  getBuild,
  stopping = isStopping,
  sharedCache = createPageCache(deps.config),
  webhooks = webhookFastPath({ deps, log, databaseIsDown: () => databaseHealth.isDown() }),
}: Options & {
  deps: AppDeps;
  log: Logger;
  /** The pages' one-second copies (decision 132); by default, per PAGE_CACHE_MS. */
  sharedCache?: SharedResponseCache | undefined;
  /** Whether this process has begun to stop (tests pass their own). */ stopping?: () => boolean;
  /** The providers' webhooks (server/webhooks.ts), answered before the page middleware. */
  webhooks?: RequestHandler;
}) {
  const config: Config = deps.config;
  configureContentCache(contentCacheMs(config));
  const app = express.Router();
  // A malformed Host or a target that is no path answers 400 before anything builds a URL from it.
  app.use(refuseMalformedRequests());
  // An anonymous GET of a page with a fresh one-second copy is answered from it, before anything else.
  if (sharedCache) app.use(sharedPageFastPath(sharedCache));
  app.use(webhooks);
  // The build React Router serves, once loaded: request metrics label by its route ids.
  let loadedBuild: ServerBuild | undefined;
  app.use(requestObservability({ log, currentBuild: () => loadedBuild }));
  // TRACE, CONNECT, WebDAV verbs…: no route answers them; say so plainly (never a stack trace).
  const allowed = new Set<string>(ALLOWED_METHODS);
  app.use((req, res, next) => {
    if (allowed.has(req.method)) return next();
    res.status(405).setHeader("Allow", ALLOWED_METHODS.join(", "));
    res.type("text/plain; charset=utf-8").send("Método não permitido.");
  });
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(config));
  app.use(originCheck({ publicUrl: config.PUBLIC_URL, log }));
  // An e-mailed link's token leaves the address on its first request (decision 195).
  app.use(exchangeLinkTokens({ secure: config.isProduction }));

  // A NUL character (%00) in the address reaches no page: PostgreSQL text cannot hold it, so a
  // search for it would fail as a 500.
  app.use((req, res, next) => {
    if (!/%00/.test(req.originalUrl)) return next();
    res.status(400).type("text/plain; charset=utf-8").send("Endereço inválido.");
  });

  // Probes and metrics answer even while the database is down (docs/operations.md).
  app.get("/healthz", healthzEndpoint);
  app.get("/readyz", readyzEndpoint(stopping));
  app.get("/metrics", metricsEndpoint(config.METRICS_TOKEN));
  // nginx's own 413 (client_max_body_size) shows this page through error_page (docs/deploy/nginx.conf).
  app.get(TOO_LARGE_PATH, tooLargeEndpoint);

  // While the database is known to be down, answer at once instead of queueing requests.
  app.use((req, res, next) => {
    if (!databaseHealth.isDown()) return next();
    res.status(503).setHeader("Retry-After", "5");
    if (req.accepts("html")) res.type("html").send(renderUnavailablePage());
    else res.json({ error: "Serviço temporariamente indisponível. Tente novamente em instantes." });
  });

  // Bodies are read here under each route's cap (limits.server.ts), after the origin check has
  // refused cross-site posts unread.
  app.use(limitRequestBodies({ log, limitFor: bodyLimitFor }));

  // React Router refuses an action whose Origin differs from the URL it rebuilds from Host and the
  // socket's scheme, which behind a TLS-terminating proxy is http://… (or another host:port), so
  // every form post would fail there. PUBLIC_URL's host is allowed explicitly; originCheck above has
  // already held the Origin to PUBLIC_URL (or this very host).
  const loadBuild = getBuild ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const allowedActionOrigins = [new URL(config.PUBLIC_URL).host];
  const withOrigins = new WeakMap<ServerBuild, ServerBuild>();
  const build = async () => {
    const loaded = await loadBuild();
    loadedBuild = loaded;
    let wrapped = withOrigins.get(loaded);
    if (!wrapped) withOrigins.set(loaded, (wrapped = { ...loaded, allowedActionOrigins }));
    return wrapped;
  };

  app.use(
    createRequestHandler({
      build,
      // Only the dev server (and tests) pass getBuild: a production build is loaded once.
      buildIsFixed: !getBuild,
      mode: config.isProduction ? "production" : "development",
      sharedCache,
      routeLabelFor: (req) => routeLabel(loadedBuild, req.originalUrl.split("?", 1)[0] ?? "/"),
      getLoadContext: (req, res) => ({
        ...deps,
        nonce: res.locals.nonce as string,
        requestId: String(req.id),
        clientIp: resolveClientIp({
          socketAddress: req.socket.remoteAddress,
          forwardedFor: req.headers["x-forwarded-for"],
          trustProxy: config.TRUST_PROXY,
        }),
      }),
    }),
  );

  return app;
}

/** `handler`, behind the 400 for a malformed Host or target (it runs ahead of the pipeline's own check). */
function withWellFormedRequests(handler: RequestHandler): RequestHandler {
  const refuse = refuseMalformedRequests();
  return (req, res, next) => refuse(req, res, () => handler(req, res, next));
}

/** CONTENT_CACHE_MS, or its default: 5 s, none under NODE_ENV=test. */
export function contentCacheMs(config: Config): number {
  return config.CONTENT_CACHE_MS ?? (config.NODE_ENV === "test" ? 0 : 5_000);
}

function createPageCache(config: Config): SharedResponseCache | undefined {
  return pageCacheMs(config) > 0 ? createSharedResponseCache({ ttlMs: pageCacheMs(config) }) : undefined;
}

/** PAGE_CACHE_MS, or its default: 1 s, none under NODE_ENV=test (decision 132). */
export function pageCacheMs(config: Config): number {
  return config.PAGE_CACHE_MS ?? (config.NODE_ENV === "test" ? 0 : 1_000);
}
