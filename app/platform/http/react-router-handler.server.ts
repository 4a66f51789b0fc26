/**
 * React Router behind Express, as @react-router/express 7.18 does it, with two differences: the
 * request body is the bytes body-limit.server.ts has already read under the route's cap, never
 * the raw socket stream (which would let an action read an unbounded body); and every answer goes
 * through the cache policy (cache-policy.server.ts: `private, no-store` for a request with a session);
 * an answer left public gets an ETag and is shared for a second between requests for the same URL
 * (shared-response-cache.server.ts; the copies are sent by shared-page-answer.server.ts).
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { publicPageAnswers } from "~/platform/metrics.server";
import { hitDatabaseDown } from "~/platform/health.server";
import { bufferedBody } from "./body-limit.server";
import { renderedPageBody } from "./page-stream.server";
import { attachEventSink } from "./event-output.server";
import { httpEventSink } from "./event-sink.server";
import { applyCachePolicy, isPersonalRequest } from "./cache-policy.server";
import { sendSharedPage, sharedPageKey, storedAnswer } from "./shared-page-answer.server";
import { isPublicAnswer, type SharedResponseCache } from "./shared-response-cache.server";

type Options = {
  build: () => Promise<ServerBuild>;
  /**
   * The build never changes (production): React Router derives its routes from it once. Given a
   * function, React Router derives them again on every request, for the dev server's reloads —
   * 9% of a page's CPU in a production profile.
   */
  buildIsFixed?: boolean;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Public answers shared between requests for the same URL; none: every request renders. */
  sharedCache?: SharedResponseCache;
  /** A request's metrics label, kept with a shared copy for the answers sent from it. */
  routeLabelFor?: (req: ExpressRequest) => string;
};

export function createRequestHandler({
  build,
  buildIsFixed = false,
  mode,
  getLoadContext,
  sharedCache,
  routeLabelFor = () => "other",
}: Options): RequestHandler {
  const reloadingHandler = buildIsFixed ? null : createReactRouterHandler(build, mode);
  let fixedHandler: Promise<ReturnType<typeof createReactRouterHandler>> | undefined;
  const handler = () =>
    reloadingHandler ??
    (fixedHandler ??= build().then(
      (loaded) => createReactRouterHandler(loaded, mode),
      (error) => {
        fixedHandler = undefined; // the next request tries again
        throw error;
      },
    ));
  return async (req, res, next) => {
    try {
      const request = toWebRequest(req, res);
      const handleRequest = await handler();
      const render = async () => {
        const loadContext = getLoadContext(req, res);
        let response = await handleRequest(request, loadContext);
        // A resource route (the receipt PDF…) that met the database down: 503 like the pages.
        if (response.status === 500 && hitDatabaseDown(loadContext)) response = unavailableAnswer(response);
        // A copy: a redirect's headers are immutable.
        const headers = new Headers(response.headers);
        applyCachePolicy(request, headers);
        return { response, headers };
      };
      if (!sharedCache || request.method !== "GET" || isPersonalRequest(request)) {
        const { response, headers } = await render();
        await sendResponse(res, response, headers);
        return;
      }
      const { hit, entry } = await sharedCache.answer(sharedPageKey(req), async () => {
        const { response, headers } = await render();
        if (!isPublicAnswer(response.status, headers)) {
          await sendResponse(res, response, headers);
          return null;
        }
        const body = renderedPageBody(response) ?? new Uint8Array(await response.arrayBuffer());
        return storedAnswer(res, { status: response.status, statusText: response.statusText, headers, body, route: routeLabelFor(req) });
      });
      if (entry) publicPageAnswers.inc({ answer: hit ? "shared" : "rendered" });
      if (entry) sendSharedPage(req, res, entry);
    } catch (error) {
      next(error);
    }
  };
}

function unavailableAnswer(failed: Response): Response {
  void failed.body?.cancel();
  return new Response("Serviço temporariamente indisponível. Tente novamente em instantes.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" },
  });
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = Number.parseInt(hostPort ?? "", 10);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") init.body = new Uint8Array(bufferedBody(res) ?? new Uint8Array());
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response, headers: Headers) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(headers.get("Content-Type") ?? "")) {
    // A live stream of ours writes straight to the response from here on (event-output.server.ts).
    const sink = httpEventSink(res);
    if (response.body && attachEventSink(response.body, sink)) return;
  }
  // A page rendered whole (page-stream.server.ts) goes out in one write.
  const page = renderedPageBody(response);
  if (page) {
    res.setHeader("Content-Length", page.byteLength); // compression drops it when it compresses
    res.end(page);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
