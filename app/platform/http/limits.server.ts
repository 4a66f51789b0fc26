/**
 * Every number that bounds what one client can make the HTTP server hold (issue 18; the reasons are
 * in docs/decisions/100-process-lifecycle.md and docs/operations.md). The body size per route is
 * the app's own table: app/request-limits.server.ts.
 */
/** Methods any route answers; others (TRACE, CONNECT, PROPFIND…) get 405 before routing. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Live streams (server-sent events) one visitor may hold open on one process. */
export const LIVE_STREAMS_PER_USER = 6;
/** …and per client address: several creators may share a venue's Wi-Fi or a carrier's address. */
export const LIVE_STREAMS_PER_IP = 50;

// The whole request (headers and body) must arrive within REQUEST_TIMEOUT_SECONDS (config, 60 s).
/** The request's headers must arrive within this time. */
export const HEADERS_TIMEOUT_SECONDS = 20;
/** How often Node checks the two timeouts above (its default, 30 s, lets them overrun by as much). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
