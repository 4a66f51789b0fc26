/**
 * Keeps secrets out of the logs. Three ways they leaked before (issue 18):
 * - request URLs carry tokens in their query (`/redefinir-senha?token=…`, payout-proof `?t=…`);
 * - Drizzle's DrizzleQueryError puts the query's parameters in its message ("Failed query: …
 *   params: <session token>"), and so in its stack, whenever the database is unreachable;
 * - PostgreSQL's error `detail` quotes the offending values ("Key (email)=(…) already exists").
 * The logger (app/platform/logger.server.ts) runs every log line through `scrubLogObject`.
 */

const REDACTED = "[redacted]";

/**
 * Query keys whose values are credentials: exact names, or anything ending in "token". `ref` is the
 * signed gift reference of the result page (and /doar after a declined card): whoever holds it reads
 * the gift's receipt. `convite` is that gift's sealed reference on its way to a plan ("Que tal todo mês?").
 */
const SECRET_QUERY_KEY = /^(?:token|code|key|signature|sig|secret|password|t|ref|convite|.*token)$/i;

/** Whether a query key names a credential (its value is redacted from logs, its page never cached). */
export function isSecretQueryKey(key: string): boolean {
  return SECRET_QUERY_KEY.test(key.trim());
}

/**
 * A path segment that is a capability rather than a name: a receipt's verification code (32 hex),
 * the Pix page's signed reference (`<uuid>.<signature>`), any other long random value. Share codes
 * and plain UUIDs (record ids, no access by themselves) stay readable.
 */
const SECRET_PATH_SEGMENT = /^[A-Za-z0-9_.~-]{24,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redactPath(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(url)?.[0] ?? "";
  const path = url.slice(origin.length);
  return (
    origin +
    path
      .split("/")
      .map((segment) => {
        const [name = "", ext] = segment.split(/\.(?=(?:pdf|data|png|json|csv)$)/);
        if (!SECRET_PATH_SEGMENT.test(name) || UUID.test(name)) return segment;
        return ext ? `${REDACTED}.${ext}` : REDACTED;
      })
      .join("/")
  );
}

/** Object keys that are never logged with their value, at any depth. */
const SECRET_FIELD = /^(?:cookie|set-cookie|authorization|password|newpassword|secret|app_secret|signature|.*token|params|detail)$/i;

/** The URL (absolute or a path) with every token-like query value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return redactPath(url);
  const hash = url.indexOf("#", q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, " "));
    } catch {
      // a malformed escape: judge the raw key
    }
    if (eq < 0) return pair;
    if (SECRET_QUERY_KEY.test(key.trim())) return `${rawKey}=${REDACTED}`;
    return `${rawKey}=${redactNestedUrl(pair.slice(eq + 1))}`;
  });
  return `${redactPath(url.slice(0, q))}?${parts.join("&")}${hash < 0 ? "" : url.slice(hash)}`;
}

/**
 * A query value that is itself an address with a query (`/auth?redirectTo=/assine-o-bem?convite=…`):
 * its own tokens are redacted too. Other values are kept as they came.
 */
function redactNestedUrl(rawValue: string): string {
  let value: string;
  try {
    value = decodeURIComponent(rawValue.replace(/\+/g, " "));
  } catch {
    return rawValue;
  }
  if (!value.includes("?")) return rawValue;
  const redacted = redactUrl(value);
  return redacted === value ? rawValue : encodeURIComponent(redacted);
}

/** Drizzle's "params: …" line (up to the end of the line) in a message or stack. */
const QUERY_PARAMS = /\nparams: [^\n]*/g;

export function scrubText(text: string): string {
  return text.replace(QUERY_PARAMS, "\nparams: [redacted]");
}

type Serialized = Record<string, unknown>;

/**
 * An error as a plain object, with its cause chain, minus query parameters and anything that
 * quotes row values. Replaces pino's default `err` serializer.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? scrubText(error) : error;
  const out: Serialized = { type: error.constructor?.name ?? "Error", message: scrubText(error.message) };
  if (error.stack) out.stack = scrubText(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || key === "message" || key === "stack") continue;
    if (SECRET_FIELD.test(key)) continue;
    if (value === undefined || typeof value === "function") continue;
    out[key] = typeof value === "string" ? scrubText(value) : value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * One log line's own fields, made safe: errors serialized as above, URLs redacted, secret-named
 * fields dropped. Only plain objects and arrays are walked (a few levels: log objects are small).
 */
export function scrubLogObject(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === "string") return scrubText(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrubLogObject(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Serialized = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_FIELD.test(key)) {
      out[key] = REDACTED;
    } else if ((key === "url" || key === "originalUrl" || key === "redirectTo" || key === "location") && typeof v === "string") {
      out[key] = redactUrl(v);
    } else {
      out[key] = scrubLogObject(v, depth + 1);
    }
  }
  return out;
}
