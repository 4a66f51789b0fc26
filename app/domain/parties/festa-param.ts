/**
 * The `festa` query parameter of the result pages comes back from the payment provider's redirect
 * and may be tampered with: only a share code or an id shape is trusted to build a link.
 */
const FESTA_PARAM = /^[a-z0-9-]{1,64}$/;

export function parseFestaParam(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  return FESTA_PARAM.test(value) ? value : null;
}

/** Reads and validates `festa` from a URL's query string. */
export function festaFromSearch(search: URLSearchParams): string | null {
  return parseFestaParam(search.get("festa"));
}
