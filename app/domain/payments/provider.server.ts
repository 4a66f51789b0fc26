/**
 * Which provider takes new payments (Stripe when both keys are set, else the sandbox when the
 * configuration allows it) and which one verifies each webhook route. Built once per app from its
 * configuration and handed to loaders and actions through the request context (app/deps.server.ts):
 * nothing here is a module-level global, so a test passes its own provider.
 */
import type { Config } from "~/platform/config.server";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import { createSandboxProvider } from "./sandbox.server";
import { createStripeProvider } from "./stripe.server";
import { createPixApiProvider } from "./pix-api.server";
import type { PaymentProvider, ProviderName } from "./types";

export type Payments = {
  /** The provider new checkouts (gifts, subscriptions, portal sessions) go to. */
  checkout: PaymentProvider;
  /**
   * The provider new Pix charges go to (/doar's "Pix"): the PSP's API Pix when configured, else the
   * sandbox where it is enabled, else null (then /doar offers only the card checkout, where Stripe
   * may still offer Pix on its own page).
   */
  pix: PaymentProvider | null;
  /** The provider behind a webhook route, or null when it is not enabled here (the route answers 404). */
  webhook(name: ProviderName): PaymentProvider | null;
  /** Where the sandbox "provider" puts the events it will deliver to its webhook. */
  sandboxEvents: SandboxEventQueue;
};

export function createPayments(config: Config, sandboxEvents: SandboxEventQueue): Payments {
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiHost: config.STRIPE_API_HOST,
          paymentMethods: config.STRIPE_PAYMENT_METHODS,
        })
      : null;
  const sandbox = config.paymentsSandbox
    ? createSandboxProvider({
        secret: config.APP_SECRET,
        publicUrl: config.PUBLIC_URL,
        events: sandboxEvents,
        fees: { card: config.SANDBOX_CARD_FEE, pix: config.SANDBOX_PIX_FEE },
        pix: {
          merchantName: config.PIX_MERCHANT_NAME,
          merchantCity: config.PIX_MERCHANT_CITY,
          pixKey: config.PIX_KEY ?? "pix@festasolidaria.org.br",
        },
      })
    : null;
  const pixApi = config.pixApi ? createPixApiProvider(config.pixApi, { publicUrl: config.PUBLIC_URL }) : null;
  const checkout = stripe ?? sandbox;
  // parseConfig already refuses a production start with neither.
  if (!checkout) throw new Error("nenhum provedor de pagamento configurado");
  const webhook = (name: ProviderName) => (name === "stripe" ? stripe : name === "pix" ? pixApi : sandbox);
  return { checkout, pix: pixApi ?? sandbox, webhook, sandboxEvents };
}

/** Every provider enabled here (the one taking checkouts and any other whose webhook is on): what reconciliation compares with. */
export function enabledProviders(payments: Payments): PaymentProvider[] {
  return (["stripe", "sandbox", "pix"] as const).map((name) => payments.webhook(name)).filter((p): p is PaymentProvider => p !== null);
}
