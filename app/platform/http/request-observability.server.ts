/**
 * One log line and one histogram sample per request. The log line carries the request id, the
 * method, the URL with token-like query values redacted, the status, the route id and the user
 * id when the request had a session — never a header (cookies and authorization stay out).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { httpRequestDuration } from "~/platform/metrics.server";
import { redactUrl } from "~/platform/logging/redact.server";
import { type RequestContext, runWithRequestContext } from "./request-context.server";
import { routeLabel } from "./route-label.server";

/** Endpoints answered before React Router: labelled by name, and probes not logged. */
const INTERNAL: Record<string, string> = { "/healthz": "healthz", "/readyz": "readyz", "/metrics": "metrics" };

type Locals = { requestContext?: RequestContext; routeLabel?: string };
const locals = (res: ServerResponse) => ((res as unknown as { locals?: Locals }).locals ??= {});

function pathOf(req: IncomingMessage) {
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

/** The route label of a finished request (computed once, shared by the log and the metric). */
function labelOf(req: IncomingMessage, res: ServerResponse, currentBuild: () => ServerBuild | undefined) {
  const l = locals(res);
  if (l.routeLabel) return l.routeLabel;
  const path = pathOf(req);
  l.routeLabel = INTERNAL[path] ?? (path.startsWith("/assets/") ? "assets" : routeLabel(currentBuild(), path));
  return l.routeLabel;
}

export function requestObservability({
  log,
  currentBuild,
}: {
  log: Logger;
  currentBuild: () => ServerBuild | undefined;
}): RequestHandler[] {
  const extra = (req: IncomingMessage, res: ServerResponse) => {
    const userId = locals(res).requestContext?.userId;
    return { route: labelOf(req, res, currentBuild), ...(userId ? { userId } : {}) };
  };
  const logging = pinoHttp({
    logger: log,
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => pathOf(req) in INTERNAL || req.url?.startsWith("/assets/") === true },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: redactUrl(String(req.url ?? "")) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    customSuccessObject: (req, res, value) => ({ ...value, ...extra(req, res) }),
    customErrorObject: (req, res, _error, value) => ({ ...value, ...extra(req, res) }),
  });

  const context: RequestHandler = (_req, res, next) => {
    const requestContext: RequestContext = {};
    res.locals.requestContext = requestContext;
    runWithRequestContext(requestContext, next);
  };

  const metrics: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    let done = false;
    const observe = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A stream the browser closed never "finishes": its status is whatever was sent.
      httpRequestDuration.observe({ method: req.method, route: labelOf(req, res, currentBuild), status: String(res.statusCode) }, seconds);
    };
    res.once("finish", observe);
    res.once("close", observe);
    next();
  };

  return [logging, context, metrics];
}
