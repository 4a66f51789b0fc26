import { describe, expect, it } from "vitest";
import { clientIpFromContext, normalizeIp, rateLimitSubject, resolveClientIp } from "./client-ip.server";

describe("resolveClientIp", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is on", () => {
    expect(resolveClientIp({ socketAddress: "10.0.0.5", forwardedFor: "1.2.3.4", trustProxy: false })).toBe("10.0.0.5");
  });

  it("takes the entry our proxy appended (right-most), not a forged left one", () => {
    expect(resolveClientIp({ socketAddress: "10.0.0.5", forwardedFor: "6.6.6.6, 203.0.113.9", trustProxy: true })).toBe("203.0.113.9");
    expect(resolveClientIp({ socketAddress: "10.0.0.5", forwardedFor: ["6.6.6.6", "203.0.113.9"], trustProxy: true })).toBe("203.0.113.9");
  });

  it("falls back to the socket when the header is missing or junk", () => {
    expect(resolveClientIp({ socketAddress: "::ffff:127.0.0.1", forwardedFor: undefined, trustProxy: true })).toBe("127.0.0.1");
    expect(resolveClientIp({ socketAddress: "10.0.0.5", forwardedFor: "not-an-ip", trustProxy: true })).toBe("10.0.0.5");
    expect(resolveClientIp({ socketAddress: undefined, forwardedFor: undefined, trustProxy: false })).toBe("unknown");
  });
});

describe("helpers", () => {
  it("normalizes mapped IPv4 and case", () => {
    expect(normalizeIp("::FFFF:192.168.0.1")).toBe("192.168.0.1");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
  });

  it("counts IPv6 clients per /64", () => {
    expect(rateLimitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
  });

  it("reads the load context", () => {
    expect(clientIpFromContext({ clientIp: "1.2.3.4" })).toBe("1.2.3.4");
    expect(clientIpFromContext(undefined)).toBe("unknown");
  });
});
