import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "~/platform/config.server";

/** CSP with a per-request nonce for React Router's inline scripts, plus the usual hardening. */
export function securityHeaders(config: Config): RequestHandler {
  const development = config.NODE_ENV === "development";
  const formTargets = ["'self'"];
  if (!config.paymentsSandbox) formTargets.push("https://checkout.stripe.com", "https://billing.stripe.com");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'"],
        connectSrc: development ? ["'self'", "ws:", "wss:"] : ["'self'"],
        formAction: formTargets,
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
}
