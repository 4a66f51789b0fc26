/**
 * Public pages under a viral link (issue 19, decision 132): an answer that the cache policy leaves
 * `public` (an anonymous GET of a page that asked for it) is
 * - tagged with a weak ETag of its body, so a browser's or a CDN's revalidation costs a 304 and no
 *   bytes;
 * - kept in this process for `ttlMs` (1 s), and requests for the same URL that arrive while it is
 *   being rendered wait for that render instead of starting their own: however many guests open
 *   a party page at once, it is rendered at most once per second per process.
 * Only 200 answers without Set-Cookie are kept. A request with a session or a flash toast never
 * reaches this cache (cache-policy.server.ts decides first), so nobody's page is given to another.
 */
import { createHash } from "node:crypto";

export type StoredResponse = {
  status: number;
  statusText: string;
  /**
   * Every header the answer was first sent with, flat (`[name, value, …]`, writeHead's form): the
   * security headers, the Content-Security-Policy whose nonce the page's inline scripts carry,
   * Cache-Control, Vary, ETag, Content-Type. Never a Set-Cookie (such answers are not kept).
   */
  headers: string[];
  body: Uint8Array;
  etag: string;
  /** Text of 1 KB or more: a compressed copy per encoding is made on first demand and kept here. */
  compressible: boolean;
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  /** Its request metrics label (the React Router route id), for the answers sent from the copy. */
  route: string;
  expiresAt: number;
};

export function weakEtag(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether `If-None-Match` names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

export function isPublicAnswer(status: number, headers: Headers): boolean {
  return status === 200 && /\bpublic\b/.test(headers.get("Cache-Control") ?? "") && !headers.has("Set-Cookie");
}

export function createSharedResponseCache({
  ttlMs = 1_000,
  maxEntries = 1_000,
  now = () => Date.now(),
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const entries = new Map<string, StoredResponse>();
  const inFlight = new Map<string, Promise<StoredResponse | null>>();
  /** URLs whose last answer was public: only those make concurrent requests wait for one render. */
  const knownPublic = new Set<string>();
  let renders = 0;

  function fresh(key: string): StoredResponse | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  function store(key: string, entry: Omit<StoredResponse, "expiresAt">): StoredResponse {
    const stored = { ...entry, expiresAt: now() + ttlMs };
    if (entries.size >= maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      for (const old of entries.keys()) {
        entries.delete(old);
        if (entries.size < maxEntries) break;
      }
    }
    entries.set(key, stored);
    if (knownPublic.size >= maxEntries) knownPublic.clear();
    knownPublic.add(key);
    return stored;
  }

  return {
    /** A fresh stored answer for `key`, without waiting for anything (shared-page-answer.server.ts). */
    peek: fresh,
    /**
     * The answer for `key`: a fresh stored one, the one being rendered now for a URL known to be
     * public, or `render()`'s. `render` returns what to keep (null when the answer is not public,
     * and then it has already been sent by the caller).
     */
    async answer(
      key: string,
      render: () => Promise<Omit<StoredResponse, "expiresAt"> | null>,
    ): Promise<{ hit: boolean; entry: StoredResponse | null }> {
      const hit = fresh(key);
      if (hit) return { hit: true, entry: hit };
      const pending = knownPublic.has(key) ? inFlight.get(key) : undefined;
      if (pending) {
        // A render that failed (its visitor went away, say) is not this request's failure: render anew.
        const shared = await pending.catch(() => null);
        if (shared) return { hit: true, entry: shared };
      }
      renders++;
      const rendering = render().then((entry) => {
        if (!entry) {
          knownPublic.delete(key);
          return null;
        }
        return store(key, entry);
      });
      inFlight.set(key, rendering);
      try {
        return { hit: false, entry: await rendering };
      } finally {
        if (inFlight.get(key) === rendering) inFlight.delete(key);
      }
    },
    /** How many renders this cache let through (the bench reads it). */
    renders: () => renders,
    size: () => entries.size,
  };
}

export type SharedResponseCache = ReturnType<typeof createSharedResponseCache>;
