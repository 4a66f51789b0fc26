/**
 * Who may read the local mailbox (/dev/emails): it shows every recovery link, so outside
 * production it is served only to the machine itself (a developer's browser on loopback) or to a
 * signed-in admin. A staging server reachable from the internet without NODE_ENV=production
 * would otherwise be taken over in two requests (security review finding 7). In production the
 * page does not exist at all.
 */
import { isIP } from "node:net";
import type { AppLoadContext } from "react-router";
import { getOptionalUser } from "./guards.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";

function isLoopbackAddress(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return ip === "::1";
}

/** Headers some proxy adds: any of them means the request was relayed from somewhere else. */
const PROXY_HEADERS = ["forwarded", "via", "x-real-ip", "x-client-ip", "true-client-ip", "cf-connecting-ip", "fastly-client-ip"];

/** The names a developer's browser reaches its own machine by. */
const LOOPBACK_HOST = /^(?:localhost|[^:]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * A request counts as local only when it comes from a loopback address, carries no header any
 * proxy adds (X-Forwarded-*, Forwarded, X-Real-IP, Via…), whatever TRUST_PROXY says, and names a
 * loopback host: behind a reverse proxy on the same machine every request arrives from 127.0.0.1,
 * and one that adds no forwarding header still passes on the public name it was reached by
 * (issue 31: a demo admin's reset link was read through such a proxy).
 */
function isLocalRequest(request: Request, context: AppLoadContext): boolean {
  for (const name of request.headers.keys()) {
    if (name.startsWith("x-forwarded-") || PROXY_HEADERS.includes(name)) return false;
  }
  if (!LOOPBACK_HOST.test(new URL(request.url).host)) return false;
  return isLoopbackAddress(clientIpFromContext(context));
}

/** Throws 404 unless the mailbox may be shown to this request (404, not 403: nothing to find here). */
export async function requireDevMailboxAccess(request: Request, context: AppLoadContext): Promise<void> {
  const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (context.config.isProduction) throw notFound();
  if (isLocalRequest(request, context)) return;
  const user = await getOptionalUser(request);
  if (!user?.isAdmin) throw notFound();
}
