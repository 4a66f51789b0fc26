/**
 * What a public page asks of caches (decision 132). Browsers revalidate every time, which the ETag
 * makes a bodiless 304 when nothing changed; a shared cache (CDN, proxy) may serve a copy up to
 * 10 s old, and up to 60 s more while it fetches a fresh one in the background. The cache policy
 * turns it into `private, no-store` for a request with a session (cache-policy.server.ts).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/** A route's `headers` export for a page that is the same for every anonymous visitor. */
export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

/**
 * A route's `headers` export for a page reached through a token in its path (a receipt's code, a
 * Pix page's reference): one person's, never kept by a browser's cache or a proxy (issue 31).
 */
export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
