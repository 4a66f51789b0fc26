import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request: when the browser says where the request comes
 * from (Origin, else Referer) and it is neither PUBLIC_URL nor this host, refuse it. Requests
 * with neither header (curl, old clients) pass: the session cookie is SameSite=Lax, so a
 * cross-site form cannot carry it anyway. Payment webhooks are server-to-server and signed, so
 * they are exempt.
 */
export function originCheck(options: { publicUrl: string; log?: { warn: (obj: object, msg: string) => void } }): RequestHandler {
  const allowedOrigin = new URL(options.publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/webhooks/")) return next();
    const claimed = req.get("origin") ?? refererOrigin(req.get("referer"));
    if (claimed === undefined || isAllowed(claimed, allowedOrigin, req.get("host"))) return next();
    options.log?.warn({ origin: claimed, method: req.method, path: req.path }, "cross-origin request refused");
    res.status(403).type("text/plain; charset=utf-8").send("Requisição recusada: origem não permitida.");
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

function isAllowed(claimed: string, allowedOrigin: string, host: string | undefined): boolean {
  if (claimed === allowedOrigin) return true;
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    return false; // includes the opaque origin "null"
  }
  return Boolean(host) && url.host === host && (url.protocol === "http:" || url.protocol === "https:");
}
