/**
 * Which provider takes new payments (Stripe when both keys are set, else the sandbox when the
 * configuration allows it) and which one verifies each webhook route.
 */
import { type Config, getConfig } from "~/config.server";
import { createSandboxProvider } from "./sandbox.server";
import { createStripeProvider } from "./stripe.server";
import type { PaymentProvider, ProviderName } from "./types";

const cache = new Map<string, PaymentProvider>();
let override: PaymentProvider | undefined;

function stripeFor(config: Config): PaymentProvider | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const key = `stripe:${config.STRIPE_SECRET_KEY}:${config.STRIPE_WEBHOOK_SECRET}:${config.STRIPE_API_HOST ?? ""}`;
  let provider = cache.get(key);
  if (!provider) {
    provider = createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiHost: config.STRIPE_API_HOST,
      paymentMethods: config.STRIPE_PAYMENT_METHODS,
    });
    cache.set(key, provider);
  }
  return provider;
}

function sandboxFor(config: Config): PaymentProvider | null {
  if (!config.paymentsSandbox) return null;
  return createSandboxProvider({ secret: config.APP_SECRET, publicUrl: config.PUBLIC_URL });
}

/** The provider new checkouts go to. */
export function getPaymentProvider(config: Config = getConfig()): PaymentProvider {
  if (override) return override;
  const provider = stripeFor(config) ?? sandboxFor(config);
  // parseConfig already refuses a production start with neither.
  if (!provider) throw new Error("nenhum provedor de pagamento configurado");
  return provider;
}

/** The provider behind a webhook route, or null when it is not enabled here (the route answers 404). */
export function getWebhookProvider(name: ProviderName, config: Config = getConfig()): PaymentProvider | null {
  return name === "stripe" ? stripeFor(config) : sandboxFor(config);
}

/** Tests: make new checkouts use a stub (undefined restores the configured one). */
export function setPaymentProviderForTests(provider: PaymentProvider | undefined) {
  override = provider;
}
