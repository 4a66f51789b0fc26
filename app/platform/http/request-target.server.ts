/**
 * What a request names, checked before anything reads it (issue 31, security findings):
 * - the path React Router will route, so the body cap is chosen from the same path the route is
 *   (`POST /conta/../doar` reaches /doar and gets /doar's cap, not /conta's);
 * - a `Host` header that is a host, so building the request's URL cannot throw: a malformed one
 *   answers 400 instead of a 500 (with a stack trace in development) on every page and webhook.
 */
import type { RequestHandler } from "express";

/**
 * The pathname React Router matches for a request target: the WHATWG URL normalisation the request
 * handler's `new URL(…)` applies (`..`, `.`, `%2e%2e`, `\`), each segment percent-decoded as React
 * Router decodes it (an encoded `/` stays encoded), `.data` (single fetch) dropped, lowercase (route
 * matching ignores case). Undefined when the target is no path at all.
 */
export function routingPathname(target: string): string | undefined {
  if (!target.startsWith("/")) return undefined;
  let pathname: string;
  try {
    pathname = new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded.replace(/\.data$/, "").toLowerCase() || "/";
}

// A Host header is a DNS name or an IPv4 address, or an IPv6 address in brackets, with an optional port.
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** Whether a `Host` header (absent is fine: HTTP/1.0) can name this server. */
function isWellFormedHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65_535) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/** 400 for a request whose target is no path or whose `Host` is no host: nothing further reads it. */
export function refuseMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    if (isWellFormedHost(req.headers.host) && routingPathname(req.originalUrl) !== undefined) return next();
    res.status(400).setHeader("Connection", "close");
    res.type("text/plain; charset=utf-8").send("Requisição inválida.");
  };
}
