import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { Config } from "~/config.server";
import type { Logger } from "pino";
import { startApplication } from "~/startup.server";
import { databaseHealth } from "~/lib/health.server";
import { renderUnavailablePage } from "~/lib/unavailable.server";
import { resolveClientIp } from "~/lib/client-ip.server";
import { originCheck } from "./origin-check";
import { securityHeaders } from "./security";

declare module "react-router" {
  interface AppLoadContext {
    nonce: string;
    requestId: string;
    /** The client's address (X-Forwarded-For only when TRUST_PROXY is on). */
    clientIp: string;
  }
}

type Options = { getBuild?: () => Promise<ServerBuild> };

export async function createApp({ getBuild }: Options = {}) {
  const started = await startApplication();
  const { config, log } = started;
  const app = createRequestPipeline({ config, log, getBuild });
  return { app, config, log, databaseKind: started.databaseKind, shutdown: started.shutdown };
}

/**
 * Everything a request goes through, on whatever database is connected. Kept apart from startup
 * so the security suite runs the very same pipeline on a test database.
 */
export function createRequestPipeline({ config, log, getBuild }: Options & { config: Config; log: Logger }) {
  const app = express.Router();
  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") === true },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(config));
  app.use(originCheck({ publicUrl: config.PUBLIC_URL, log }));

  // A NUL character (%00) in the address reaches no page: PostgreSQL text cannot hold it, so a
  // search for it would fail as a 500.
  app.use((req, res, next) => {
    if (!/%00/.test(req.originalUrl)) return next();
    res.status(400).type("text/plain; charset=utf-8").send("Endereço inválido.");
  });

  app.get("/healthz", async (_req, res) => {
    const up = await databaseHealth.check();
    res.status(up ? 200 : 503).json({ status: up ? "ok" : "unavailable", database: up ? "up" : "down" });
  });

  // While the database is known to be down, answer at once instead of queueing requests.
  app.use((req, res, next) => {
    if (!databaseHealth.isDown()) return next();
    res.status(503).setHeader("Retry-After", "5");
    if (req.accepts("html")) res.type("html").send(renderUnavailablePage());
    else res.json({ error: "Serviço temporariamente indisponível. Tente novamente em instantes." });
  });

  // React Router refuses an action whose Origin differs from the URL it rebuilds from Host and the
  // socket's scheme, which behind a TLS-terminating proxy is http://… (or another host:port), so
  // every form post would fail there. PUBLIC_URL's host is allowed explicitly; originCheck above has
  // already held the Origin to PUBLIC_URL (or this very host).
  const loadBuild = getBuild ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const allowedActionOrigins = [new URL(config.PUBLIC_URL).host];
  const withOrigins = new WeakMap<ServerBuild, ServerBuild>();
  const build = async () => {
    const loaded = await loadBuild();
    let wrapped = withOrigins.get(loaded);
    if (!wrapped) withOrigins.set(loaded, (wrapped = { ...loaded, allowedActionOrigins }));
    return wrapped;
  };

  app.use(
    createRequestHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      getLoadContext: (req, res) => ({
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
