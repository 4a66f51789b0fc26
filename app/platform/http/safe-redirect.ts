/**
 * Where to send the user after login: only a path on this site. Anything else ("//evil.com",
 * "/\\evil.com", "https://…", "javascript:…") falls back, so ?redirectTo= cannot become an open
 * redirect.
 */
export function safeRedirectPath(value: unknown, fallback = "/painel"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.com" would still escape.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = "http://festa.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const path = url.pathname + url.search + url.hash;
    // Normalising can create what the raw value lacked: "/.//evil.example" and "/..//evil.example"
    // both become "//evil.example", which a browser reads as another host. Check the result too.
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}
