/**
 * Sending a public page from the in-process one-second copy (decision 132), and answering it
 * before anything else runs (issue 19: a viral party link).
 *
 * A copy is kept with every header its first answer carried — the security headers and the
 * Content-Security-Policy whose nonce its inline scripts carry included — so a copy is sent as
 * one `writeHead` of a prepared list, and compressed at most once per encoding (brotli or gzip,
 * as the compression middleware would), not once per request. `sharedPageFastPath` answers an
 * anonymous GET from a fresh copy ahead of the static files, the request log, the nonce and the
 * security headers and React Router: none of them would change a byte of it. A request carrying
 * a session or a flash toast cookie never gets a copy (cache-policy.server.ts).
 */
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { httpRequestDuration, publicPageAnswers } from "~/platform/metrics.server";
import { hasPersonalCookie } from "./cache-policy.server";
import { etagMatches, type SharedResponseCache, type StoredResponse, weakEtag } from "./shared-response-cache.server";

/** The compression middleware's own threshold and brotli quality (server/index.js). */
const COMPRESS_FROM_BYTES = 1_024;
const BROTLI_QUALITY = 4;
/** Headers of the first answer that are its request's alone. */
const PER_REQUEST = new Set(["x-request-id", "content-length", "content-encoding", "transfer-encoding", "connection", "date"]);
/** A 304 says nothing about the body it stands for. */
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding"]);

/**
 * Where a copy is kept: the same parts of the request React Router's URL is built from (scheme,
 * Host, path and query), so two requests with one key get the same page.
 */
export function sharedPageKey(req: ExpressRequest): string {
  return `${req.protocol}://${req.headers.host ?? ""}${req.originalUrl}`;
}

/**
 * The copy of a public answer: `answerHeaders` (Cache-Control, Vary, Content-Type… with the ETag
 * set here) over what the response already carries (`res.getHeaders()`: the security headers and
 * this request's CSP).
 */
export function storedAnswer(
  res: ExpressResponse,
  answer: { status: number; statusText: string; headers: Headers; body: Uint8Array; route: string },
): Omit<StoredResponse, "expiresAt"> {
  const etag = weakEtag(answer.body);
  const merged = new Map<string, string>();
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_REQUEST.has(name)) continue;
    merged.set(name, Array.isArray(value) ? value.join(", ") : String(value));
  }
  for (const [name, value] of answer.headers) if (!PER_REQUEST.has(name)) merged.set(name, value);
  merged.set("etag", etag);
  const compressible =
    answer.body.byteLength >= COMPRESS_FROM_BYTES && /^text\/|json|javascript|xml/i.test(merged.get("content-type") ?? "");
  if (compressible) {
    const vary = merged.get("vary");
    if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "accept-encoding")) {
      merged.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
  }
  return {
    status: answer.status,
    statusText: answer.statusText,
    headers: [...merged].flat(),
    body: answer.body,
    etag,
    compressible,
    encoded: {},
    route: answer.route,
  };
}

const acceptedEncodings = new Map<string, "br" | "gzip" | null>();

/** br or gzip when the client takes it, else none (remembered per Accept-Encoding value). */
function encodingFor(req: ExpressRequest): "br" | "gzip" | null {
  const accept = req.headers["accept-encoding"];
  if (!accept) return null;
  let chosen = acceptedEncodings.get(accept);
  if (chosen === undefined) {
    // Brotli whenever taken (smaller), as the compression middleware prefers it.
    chosen = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    if (acceptedEncodings.size >= 200) acceptedEncodings.clear();
    acceptedEncodings.set(accept, chosen);
  }
  return chosen;
}

function encodedBody(entry: StoredResponse, encoding: "br" | "gzip"): Buffer {
  return (entry.encoded[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(entry.body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.byteLength },
        })
      : gzipSync(entry.body));
}

/** A stored answer, whole (compressed when the client takes it) or as 304 when the client holds it; returns the status sent. */
export function sendSharedPage(req: ExpressRequest, res: ExpressResponse, entry: StoredResponse): number {
  if (res.destroyed || res.writableEnded) return 0;
  if (etagMatches(req.headers["if-none-match"] ?? null, entry.etag)) {
    const headers: string[] = [];
    for (let i = 0; i < entry.headers.length; i += 2)
      if (!BODY_HEADERS.has(entry.headers[i]!)) headers.push(entry.headers[i]!, entry.headers[i + 1]!);
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  const encoding = entry.compressible ? encodingFor(req) : null;
  const body = encoding ? encodedBody(entry, encoding) : entry.body;
  const headers = [...entry.headers, "content-length", String(body.byteLength)];
  if (encoding) headers.push("content-encoding", encoding);
  res.writeHead(entry.status, entry.statusText, headers);
  res.end(body);
  return entry.status;
}

/**
 * Answers an anonymous GET from a fresh copy, first thing: no static-file lookup, no nonce, no log
 * line — each answer is counted in festa_public_page_answers_total{answer="shared"} and in the
 * request histogram under its page's route. Anything else (a session or toast cookie, another
 * method, no fresh copy) goes on to the full pipeline.
 */
export function sharedPageFastPath(cache: SharedResponseCache): RequestHandler {
  const shared = publicPageAnswers.labels({ answer: "shared" });
  const durations = new Map<string, ReturnType<typeof httpRequestDuration.labels>>();
  return (req, res, next) => {
    if (req.method !== "GET" || hasPersonalCookie(req.headers.cookie)) return next();
    const entry = cache.peek(sharedPageKey(req));
    if (!entry) return next();
    const started = process.hrtime.bigint();
    shared.inc();
    const status = sendSharedPage(req, res, entry);
    if (!status) return;
    const series = `${entry.route} ${status}`;
    let duration = durations.get(series);
    if (!duration) {
      if (durations.size >= 1_000) durations.clear();
      durations.set(series, (duration = httpRequestDuration.labels({ method: "GET", route: entry.route, status: String(status) })));
    }
    duration.observe(Number(process.hrtime.bigint() - started) / 1e9);
  };
}
