/**
 * Who may keep a copy of a response (security review finding 6). A response to a request that
 * carries a personal cookie (a session, or a flash toast) is `private, no-store`, whatever the
 * route asked for: with a session a page's body holds the visitor's name, e-mail and role, and a
 * toast is one person's too. Public caching is for anonymous requests only, and every shared
 * answer varies on Cookie. Applied to everything React Router answers (documents, `.data`,
 * resource routes, redirects) in react-router-handler.server.ts; static files are the same for
 * everyone and keep their own headers.
 */
const PERSONAL_COOKIES = ["festa.session_token", "__Secure-festa.session_token", "fs_toast"];

export function isPersonalRequest(request: Request): boolean {
  return hasPersonalCookie(request.headers.get("Cookie"));
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
