/**
 * What a provider tells the registry about itself (docs/decisions/209-provider-registry.md): its
 * name, what it can do, how it names a plan's price, and how it is built from the configuration.
 * Routes and services ask for a capability (`payments.with("pixOneOff")`); only a webhook route and
 * a stored row's `provider` column, which name the provider that handled them, look one up by name.
 */
import type { Config } from "~/platform/config.server";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import type { PaymentProvider, ProviderName } from "./types";

export const CAPABILITIES = [
  /** One-off gifts and Assine o Bem by card, on the provider's hosted checkout. */
  "card",
  /** /doar's Pix: an immediate charge (API Pix `cob`) whose QR code our page shows. */
  "pixOneOff",
  /** Assine o Bem by Pix Automático: a recurrence the subscriber authorises once in their bank app. */
  "pixAutomatico",
  /**
   * Pix Automático at a real PSP under the Central Bank's standard: the recurrence names its payer
   * (our page asks for the CPF first), its contract names one of the four plans, the amount is
   * fixed (no plan change, no "cancel at the period's end"), and we ask each month's charge.
   */
  "pixAutomaticoAtPsp",
  /** Gives back all or part of a paid gift from Admin (`refund`). */
  "refunds",
  /** Its own page where a subscriber updates their card (`createPortalSession`). */
  "portal",
  /** Says what it kept of each payment (its books, or its configured/simulated tariff): reconciliation compares. */
  "feeReporting",
  /** Our "banco de teste" pages (/sandbox/pix/…) pay its Pix: a tester's link on the Pix pages. */
  "testBank",
  /** Retries a month's failed card charge on its own schedule (Stripe); otherwise our recovery schedule asks. */
  "retriesFailedCharges",
  /** A live subscription changes plan in place and cancels at the period's end. */
  "planChanges",
] as const;

export type Capability = (typeof CAPABILITIES)[number];
export type Capabilities = Readonly<Record<Capability, boolean>>;

/** A plan's price keys, as the subscriptions domain defines them (plans.ts). */
export type PlanPriceKeys = {
  id: string;
  sandboxPriceId: string;
  stripePriceKey: Extract<keyof Config, `STRIPE_PRICE_${string}`> | null;
};

/** What building a provider may need besides the configuration. */
type ProviderBuildDeps = { sandboxEvents: SandboxEventQueue };

export type ProviderRegistration = {
  readonly name: ProviderName;
  /** What the adapter can do (static: a stored row's provider is judged by these). */
  readonly capabilities: Capabilities;
  /** Capabilities this configuration leaves off (the PSP's Pix Automático without PIX_AUTOMATICO=on). */
  switchedOff?(config: Config): Capability[];
  /** The provider's price id for one of the four plans (a chosen amount has one id everywhere: plan-prices.server.ts). */
  planPriceId(plan: PlanPriceKeys, config: Config): string | null;
  /** The provider for this configuration, or null when it is not configured here. */
  create(config: Config, deps: ProviderBuildDeps): PaymentProvider | null;
};

/** A capability set with everything off but what is named: registrations list only what they do. */
export function capabilityFlags(...on: Capability[]): Capabilities {
  return Object.fromEntries(CAPABILITIES.map((c) => [c, on.includes(c)])) as Record<Capability, boolean>;
}
