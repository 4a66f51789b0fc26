/**
 * The client's address, for rate limits and logs. X-Forwarded-For is only believed when
 * TRUST_PROXY says a proxy of ours sits in front: otherwise anyone could pick their own address
 * per request and walk past every limit.
 */
import { isIP } from "node:net";

export function resolveClientIp(input: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustProxy: boolean;
}): string {
  if (input.trustProxy && input.forwardedFor) {
    const header = Array.isArray(input.forwardedFor) ? input.forwardedFor.join(",") : input.forwardedFor;
    const hops = header
      .split(",")
      .map((h) => normalizeIp(h.trim()))
      .filter((h) => isIP(h) !== 0);
    // The right-most entry was appended by our own proxy; entries left of it are whatever the
    // client sent and can be forged.
    const nearest = hops.at(-1);
    if (nearest) return nearest;
  }
  const socket = normalizeIp(input.socketAddress ?? "");
  return isIP(socket) ? socket : "unknown";
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is just 1.2.3.4. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return (mapped ? mapped[1]! : ip).toLowerCase();
}

/**
 * The part of an address a rate limit should count: the whole IPv4 address, or the /64 network
 * of an IPv6 one (a single home or phone gets a whole /64, so counting single addresses would let
 * one client rotate through billions of them).
 */
export function rateLimitSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** The address the server put in the load context (see server/app.ts); "unknown" in unit tests. */
export function clientIpFromContext(context: unknown): string {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : "unknown";
}
