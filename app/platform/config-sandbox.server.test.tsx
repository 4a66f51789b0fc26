import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { DemoBanner } from "~/components/layout/demo-banner";
import { ConfigError, parseConfig, SANDBOX_IN_PRODUCTION_ACK, sandboxInProductionWarning } from "./config.server";
import { publicConfig } from "~/platform/public-config.server";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";

const production = {
  NODE_ENV: "production",
  APP_SECRET: "x".repeat(40),
  PUBLIC_URL: "https://festa.example",
  PAYMENTS_SANDBOX: "on",
  ...PRODUCTION_DETAILS_ENV,
} as const;

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["NODE_ENV", "APP_SECRET", "PUBLIC_URL", "PAYMENTS_SANDBOX", "PAYMENTS_SANDBOX_IN_PRODUCTION"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe("sandbox in production (security review finding 3)", () => {
  it("refuses to start with PAYMENTS_SANDBOX=on alone, naming the second setting", () => {
    expect(() => parseConfig({ ...production })).toThrow(ConfigError);
    expect(() => parseConfig({ ...production })).toThrow(/PAYMENTS_SANDBOX_IN_PRODUCTION/);
    expect(() => parseConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: "on" })).toThrow(ConfigError);
  });

  it("starts with the unmistakable second setting, warns, and shows the demo banner", () => {
    const config = parseConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: SANDBOX_IN_PRODUCTION_ACK });
    expect(config.paymentsSandbox).toBe(true);
    expect(sandboxInProductionWarning(config)).toMatch(/DEMONSTRAÇÃO/);
    expect(publicConfig(config).demoBanner).toBe(true);
    expect(renderToStaticMarkup(<DemoBanner />)).toContain("Demonstração — nenhum valor é cobrado");
  });

  it("needs nothing more with Stripe configured, nor outside production (no warning, no banner)", () => {
    const stripe = parseConfig({ ...production, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(stripe.paymentsSandbox).toBe(false);
    expect(sandboxInProductionWarning(stripe)).toBeNull();
    const dev = parseConfig({ NODE_ENV: "development", APP_SECRET: "y".repeat(40), PAYMENTS_SANDBOX: "on" });
    expect(dev.paymentsSandbox).toBe(true);
    expect(sandboxInProductionWarning(dev)).toBeNull();
  });
});
