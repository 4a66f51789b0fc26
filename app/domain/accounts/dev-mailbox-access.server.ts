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

/**
 * A request counts as local only when the resolved client address is loopback and no proxy sat in
 * between: behind a reverse proxy that we were not told to trust (TRUST_PROXY off) every request
 * arrives from 127.0.0.1, so a forwarding header means "someone else, relayed".
 */
function isLocalRequest(request: Request, context: AppLoadContext): boolean {
  const proxied = request.headers.has("x-forwarded-for") || request.headers.has("forwarded") || request.headers.has("x-real-ip");
  if (proxied && !context.config.TRUST_PROXY) return false;
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
