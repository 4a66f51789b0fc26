import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { CAPABILITIES, type Capability } from "./registration";
import { createPayments, planPriceIdAt, providerCan } from "./registry.server";

const noEvents = { deliver: async () => {} };
const PROVIDER_VARS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "PAYMENTS_SANDBOX", "PIX_API_URL", "PIX_AUTOMATICO"] as const;
/** The test environment without any provider setting of its own, plus `overrides`. */
const configWith = (overrides: Record<string, string>) => {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of PROVIDER_VARS) delete env[name];
  return parseConfig({ ...env, ...overrides });
};
const pixApiEnv = (automatico: boolean) => ({
  PIX_API_URL: "https://psp.example/v2",
  PIX_CLIENT_ID: "client",
  PIX_CLIENT_SECRET: "secret",
  // Read at the first call only: building the provider opens no file.
  PIX_CERT_PATH: "/nonexistent/client.crt",
  PIX_CERT_KEY_PATH: "/nonexistent/client.key",
  PIX_KEY: "pix@festasolidaria.org.br",
  PIX_WEBHOOK_TOKEN: "t".repeat(40),
  ...(automatico ? { PIX_AUTOMATICO: "on" } : {}),
});
const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_registry", STRIPE_WEBHOOK_SECRET: "whsec_registry", STRIPE_PRICE_PRATA: "price_prata" };

/** Which provider each capability resolves to (null: none here). */
const resolved = (payments: ReturnType<typeof createPayments>) =>
  Object.fromEntries(CAPABILITIES.map((c) => [c, payments.with(c)?.name ?? null])) as Record<Capability, string | null>;

describe("provider registry", () => {
  it("sandbox only: the sandbox does everything it can, nothing answers for Stripe's or a PSP's own", () => {
    const payments = createPayments(configWith({ PAYMENTS_SANDBOX: "on" }), noEvents);
    expect(resolved(payments)).toEqual({
      card: "sandbox",
      pixOneOff: "sandbox",
      pixAutomatico: "sandbox",
      pixAutomaticoAtPsp: null,
      refunds: "sandbox",
      portal: "sandbox",
      feeReporting: "sandbox",
      testBank: "sandbox",
      retriesFailedCharges: null,
      planChanges: "sandbox",
    });
    expect(payments.checkout.name).toBe("sandbox");
    expect(payments.pix?.name).toBe("sandbox");
    expect(payments.all.map((p) => p.name)).toEqual(["sandbox"]);
    expect(payments.byName("sandbox")?.name).toBe("sandbox");
    expect(payments.byName("stripe")).toBeNull();
    expect(payments.byName("pix")).toBeNull();
    expect(payments.can("sandbox", "testBank")).toBe(true);
  });

  it("Stripe + a PSP's API Pix with Pix Automático: card things at Stripe, Pix things at the PSP, no test bank", () => {
    const payments = createPayments(configWith({ ...stripeEnv, ...pixApiEnv(true) }), noEvents);
    expect(resolved(payments)).toEqual({
      card: "stripe",
      pixOneOff: "pix",
      pixAutomatico: "pix",
      pixAutomaticoAtPsp: "pix",
      refunds: "stripe",
      portal: "stripe",
      feeReporting: "stripe",
      testBank: null,
      retriesFailedCharges: "stripe",
      planChanges: "stripe",
    });
    expect(payments.checkout.name).toBe("stripe");
    expect(payments.pix?.name).toBe("pix");
    expect(payments.all.map((p) => p.name)).toEqual(["stripe", "pix"]);
    expect(payments.byName("sandbox")).toBeNull();
    // Each row's own provider answers for it: a Pix gift is refunded at the PSP, not at Stripe.
    expect(payments.can("pix", "refunds")).toBe(true);
    expect(payments.can("pix", "planChanges")).toBe(false);
    expect(payments.can("pix", "testBank")).toBe(false);
  });

  it("the PSP without PIX_AUTOMATICO=on: its Pix Automático is off here, though the adapter has it", () => {
    const payments = createPayments(configWith({ ...stripeEnv, ...pixApiEnv(false) }), noEvents);
    expect(payments.with("pixOneOff")?.name).toBe("pix");
    expect(payments.with("pixAutomatico")).toBeNull();
    expect(payments.with("pixAutomaticoAtPsp")).toBeNull();
    expect(payments.can("pix", "pixAutomatico")).toBe(false);
    // A stored row at the PSP is judged by the adapter's own flags.
    expect(providerCan("pix", "pixAutomaticoAtPsp")).toBe(true);
  });

  it("a stored row's provider: static flags and plan prices by name; an unknown name can do nothing", () => {
    expect(providerCan("stripe", "retriesFailedCharges")).toBe(true);
    expect(providerCan("sandbox", "retriesFailedCharges")).toBe(false);
    expect(providerCan("pix", "card")).toBe(false);
    expect(providerCan("unknown-psp", "card")).toBe(false);
    expect(providerCan(null, "card")).toBe(false);

    const config = configWith({ ...stripeEnv, ...pixApiEnv(true) });
    const prata = { id: "prata", sandboxPriceId: "price_sbx_prata", stripePriceKey: "STRIPE_PRICE_PRATA" as const };
    expect(planPriceIdAt("stripe", prata, config)).toBe("price_prata");
    expect(planPriceIdAt("stripe", { ...prata, stripePriceKey: null }, config)).toBeNull();
    expect(planPriceIdAt("sandbox", prata, config)).toBe("price_sbx_prata");
    expect(planPriceIdAt("pix", prata, config)).toBe("pix_automatico_prata");
    expect(planPriceIdAt("unknown-psp", prata, config)).toBeNull();
  });

  it("refuses to start with no provider for card checkouts", () => {
    expect(() => createPayments(configWith({ PAYMENTS_SANDBOX: "off" }), noEvents)).toThrow("nenhum provedor de pagamento configurado");
  });
});
