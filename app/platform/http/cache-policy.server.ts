/**
 * Who may keep a copy of a response (security review finding 6). A page a route marks public
 * (`Cache-Control: public…`) is shared only when the request carries no cookie that changes it:
 * with a session the body holds the visitor's name, e-mail and role, so it becomes
 * `private, no-store`; a flash toast is one person's too. Every shared answer varies on Cookie.
 */
const PERSONAL_COOKIES = ["festa.session_token", "__Secure-festa.session_token", "fs_toast"];

export function isPersonalRequest(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return false;
  return cookie.split(";").some((part) => {
    const name = part.split("=")[0]?.trim() ?? "";
    return PERSONAL_COOKIES.some((personal) => name === personal || name.startsWith(`${personal}.`));
  });
}

/** Adjusts `headers` (a document's or a `.data` answer's) in place. */
export function applyCachePolicy(request: Request, headers: Headers): void {
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (isPersonalRequest(request)) {
    if (/\bpublic\b/.test(cacheControl) || cacheControl === "") headers.set("Cache-Control", "private, no-store");
  }
  if (/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) {
    const vary = headers.get("Vary");
    if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "cookie")) headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
  }
}
