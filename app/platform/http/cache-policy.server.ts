/**
 * Who may keep a copy of a response (security review finding 6). A response to a request that
 * carries a personal cookie (a session, or a flash toast) is `private, no-store`, whatever the
 * route asked for: with a session a page's body holds the visitor's name, e-mail and role, and a
 * toast is one person's too. Public caching is for anonymous requests only, and every shared
 * answer varies on Cookie. Applied to everything React Router answers (documents, `.data`,
 * resource routes, redirects) in react-router-handler.server.ts; static files are the same for
 * everyone and keep their own headers.
 */
import { isSecretQueryKey } from "~/platform/logging/redact.server";

// fs_link: an e-mailed link's token, traded for a cookie on its page (link-token.server.ts).
const PERSONAL_COOKIES = ["festa.session_token", "__Secure-festa.session_token", "fs_toast", "fs_link"];

/**
 * A request is personal when it carries a personal cookie, or a token in its query (issue 31: a
 * page opened from an e-mail's link, the provider's return address — the privacy data page, plan
 * management, the result page… — is one person's, whether the token is good or not). Pages with a
 * token in their path (a receipt's code, the Pix page's reference) declare it in their `headers`.
 */
export function isPersonalRequest(request: Request): boolean {
  return hasPersonalCookie(request.headers.get("Cookie")) || hasTokenInQuery(request.url);
}

function hasTokenInQuery(url: string): boolean {
  const q = url.indexOf("?");
  if (q < 0) return false;
  for (const key of new URLSearchParams(url.slice(q + 1)).keys()) if (isSecretQueryKey(key)) return true;
  return false;
}

/** Whether a Cookie header carries a session or a flash toast (the raw header: no web Request needed). */
export function hasPersonalCookie(cookie: string | null | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(";").some((part) => {
    const name = part.split("=")[0]?.trim() ?? "";
    return PERSONAL_COOKIES.some((personal) => name === personal || name.startsWith(`${personal}.`));
  });
}

/** Adjusts `headers` (any answer of React Router's) in place. */
export function applyCachePolicy(request: Request, headers: Headers): void {
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (isPersonalRequest(request)) {
    // A live stream keeps asking proxies not to transform (compress, buffer) it.
    headers.set("Cache-Control", /\bno-transform\b/.test(cacheControl) ? "private, no-store, no-transform" : "private, no-store");
    return;
  }
  if (/\bpublic\b/.test(cacheControl)) {
    const vary = headers.get("Vary");
    if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "cookie")) headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
  }
}
