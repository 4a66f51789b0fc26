/**
 * E-mailed links carry a token in their query (`/redefinir-senha?token=…`). Whoever logs URLs — a
 * proxy's access log, the browser's history, a `Referer` sent onwards — would keep a key to the
 * account. So the first request of such a link trades it (decision 195): the answer is a 303 to the
 * same address without the token, and the token rides in a short-lived HttpOnly cookie scoped to
 * the page's path. The page then reads it from the cookie (`linkToken`); its forms post it in a
 * hidden field, as before. No request after the first carries the token in its address.
 */
import type { RequestHandler } from "express";

/** The cookie's name; each link page has its own Path, so two links opened in turn do not collide. */
const LINK_COOKIE = "fs_link";
/** Long enough to read the page and submit its form; the token's own expiry still applies. */
const LINK_COOKIE_SECONDS = 30 * 60;

/**
 * `cookiePaths`: where the browser sends the cookie back. A page's own path does not cover its
 * client-side data request (`/redefinir-senha.data`: a cookie's path matches only at a "/"), so
 * that one is listed too; the privacy page's downloads (/privacidade/exportar/…) read it as well.
 */
type LinkPage = { path: string; param: string; cookiePaths: string[] };

const page = (path: string, param = "token"): LinkPage => ({ path, param, cookiePaths: [path, `${path}.data`] });

/**
 * The pages e-mailed links open and their query parameter. /descadastrar stays as it is: mail
 * clients POST the one-click unsubscribe to the very URL of the List-Unsubscribe header.
 */
const LINK_PAGES: LinkPage[] = [
  page("/redefinir-senha"),
  { path: "/privacidade/solicitar", param: "token", cookiePaths: ["/privacidade"] },
  page("/assinatura/gerenciar"),
  page("/assinatura/confirmar"),
  page("/conta/confirmar-endereco"),
  page("/conta/confirmar-email"),
  page("/ong/convite", "t"),
  page("/painel/coanfitriao", "t"),
  page("/patrocinio/confirmar", "t"),
  page("/patrocinio/pagar", "t"),
];

/** Express middleware: a GET of a link page with its token answers 303 to the clean address, with the cookie. */
export function exchangeLinkTokens({ secure }: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const linkPage = LINK_PAGES.find((p) => p.path === req.path);
    if (!linkPage) return next();
    const q = req.originalUrl.indexOf("?");
    if (q < 0) return next();
    const query = new URLSearchParams(req.originalUrl.slice(q + 1));
    const token = query.get(linkPage.param);
    if (!token) return next();
    query.delete(linkPage.param);
    const rest = query.toString();
    res.setHeader(
      "Set-Cookie",
      linkPage.cookiePaths.map((path) => linkCookie(token, path, secure, LINK_COOKIE_SECONDS)),
    );
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.redirect(303, rest ? `${linkPage.path}?${rest}` : linkPage.path);
  };
}

/**
 * The link's token: from the query (a link opened before this exchange existed, or a test calling
 * the loader directly) or from the cookie the exchange set. null when neither has one.
 */
export function linkToken(request: Request, param = "token"): string | null {
  const fromQuery = new URL(request.url).searchParams.get(param);
  if (fromQuery !== null) return fromQuery;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === LINK_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim()) || null;
  }
  return null;
}

/** The Set-Cookie headers that forget a page's link token (once it was spent). */
export function forgetLinkToken(path: string, secure: boolean): string[] {
  const linkPage = LINK_PAGES.find((p) => p.path === path);
  return (linkPage?.cookiePaths ?? [path]).map((cookiePath) => linkCookie("", cookiePath, secure, 0));
}

function linkCookie(value: string, path: string, secure: boolean, maxAge: number): string {
  const flags = `Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${LINK_COOKIE}=${encodeURIComponent(value)}; ${flags}`;
}
