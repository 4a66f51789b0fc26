/**
 * Per-process copies of rarely changing public content (the home page's figures, testimonials,
 * causes, main charity and ads): read from the database at most once per `ttlMs` instead of on
 * every render. An admin change made in this process drops every copy at once (see
 * `recordAudit`); another process (a second worker, `npm run admin`) sees it within `ttlMs`.
 * Off (ttl 0) until the server configures it, and under NODE_ENV=test, so tests read their own
 * writes. Only content that is the same for every visitor may be kept here.
 */
let ttlMs = 0;
let generation = 0;
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

export function configureContentCache(ms: number) {
  ttlMs = ms;
  entries.clear();
}

/** The copy under `key` while it is fresh; otherwise `load()`, kept for the next `ttlMs`. */
export function cachedContent<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const startedAt = generation;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  // A failed read is not kept; neither is one that began before an admin change.
  value.then(
    () => {
      if (startedAt !== generation && entries.get(key)?.value === value) entries.delete(key);
    },
    () => {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
  );
  return value;
}

/** Drops every copy: called when an admin changes content. */
export function invalidateContent() {
  generation++;
  entries.clear();
}
