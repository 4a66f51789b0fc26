import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { hitDatabaseDown, isDatabaseDownError, markDatabaseDown } from "~/platform/health.server";
import { pageSink, renderedPageResponse } from "~/platform/http/page-stream.server";
import { logger } from "~/platform/logger.server";
import { NonceProvider } from "~/platform/ui/nonce";

export const streamTimeout = 8_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader that failed because the database is down is a 503, not a 500. (In production the
  // errors here are already sanitized, so handleError below, which sees the originals, marks it.)
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (hitDatabaseDown(loadContext) || errors.some(isDatabaseDownError)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The page is rendered whole and written once (page-stream.server.ts): nothing of ours streams.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timeout);
          // pipe() hands the finished page over synchronously.
          pipe(
            pageSink((result) => {
              if ("error" in result) return reject(result.error);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(renderedPageResponse(result.page, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          // As when the page streamed from its shell: an error in the shell makes it a 500; one
          // in a Suspense boundary after it (left to the browser to render) is logged.
          if (shellRendered) logger.error({ err: error, requestId: loadContext.requestId }, "render error");
          else responseStatusCode = 500;
        },
      },
    );
    // A render still waiting then is cut short (its pending parts left to the browser). The timer
    // is cleared as soon as the page is done: left running it kept every request's render, loader
    // data included, reachable for nine seconds.
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Requests (by load context) that failed because the database is unreachable. */

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (context && isDatabaseDownError(error)) markDatabaseDown(context);
  if (request.signal.aborted) return;
  logger.error({ err: error, requestId: context?.requestId, url: request.url }, "request error");
}

/** The same for client-side navigations' data requests. */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  if (response.status < 500 || !hitDatabaseDown(context)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "5");
  return new Response(response.body, { status: 503, headers });
}
