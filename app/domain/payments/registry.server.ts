/**
 * The provider registry (docs/decisions/209-provider-registry.md): every payment provider the app
 * knows, in order of preference, each with its capabilities. `createPayments` builds the ones this
 * configuration turns on, once per app, and hands them to loaders and actions through the request
 * context (app/deps.server.ts): nothing here is a module-level instance, so a test passes its own.
 *
 * Routes and services ask for a capability, never for a provider's name. A new PSP is one folder
 * (its adapter, exporting a `ProviderRegistration`) and one line in PROVIDERS below.
 */
import type { Config } from "~/platform/config.server";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import { stripeRegistration } from "./stripe.server";
import { pixApiRegistration } from "./pix-api.server";
import { sandboxRegistration } from "./sandbox.server";
import type { Capabilities, Capability, PlanPriceKeys, ProviderRegistration } from "./registration";
import type { PaymentProvider } from "./types";

/** In order of preference: a capability goes to the first enabled provider that has it (real PSPs before the sandbox). */
const PROVIDERS: readonly ProviderRegistration[] = [stripeRegistration, pixApiRegistration, sandboxRegistration];

const registrationOf = (name: string | null | undefined) => PROVIDERS.find((p) => p.name === name) ?? null;

/**
 * What the provider named by a stored row (`provider` column) or an event can do, whatever this
 * configuration enables: the adapter's own flags. False for a name no provider has.
 */
export function providerCan(name: string | null | undefined, capability: Capability): boolean {
  return registrationOf(name)?.capabilities[capability] ?? false;
}

/** The provider's price id for one of the four plans; null for an unknown provider or an unset price. */
export function planPriceIdAt(name: string, plan: PlanPriceKeys, config: Config): string | null {
  return registrationOf(name)?.planPriceId(plan, config) ?? null;
}

export type Payments = {
  /** The first enabled provider that can do this, or null when none here can. */
  with(capability: Capability): PaymentProvider | null;
  /** Whether the enabled provider of that name can do this here (false when it is not enabled). */
  can(name: string | null | undefined, capability: Capability): boolean;
  /**
   * The enabled provider of that name, or null. Only for what names its provider: a webhook route
   * and a stored row's `provider` column (the provider that handled that gift or subscription).
   */
  byName(name: string | null | undefined): PaymentProvider | null;
  /** Every enabled provider, in the registry's order: what reconciliation compares with. */
  all: PaymentProvider[];
  /** `with("card")`: where new card checkouts (gifts, subscriptions, portal sessions) go. Never null: see createPayments. */
  checkout: PaymentProvider;
  /**
   * `with("pixOneOff")`: where /doar's Pix charges go (the PSP's API Pix, else the sandbox), or
   * null (then /doar offers only the card checkout, where Stripe may still offer Pix on its page).
   */
  pix: PaymentProvider | null;
  /** Where the sandbox "provider" puts the events it will deliver to its webhook. */
  sandboxEvents: SandboxEventQueue;
};

export function createPayments(config: Config, sandboxEvents: SandboxEventQueue): Payments {
  const enabled = PROVIDERS.flatMap((registration) => {
    const provider = registration.create(config, { sandboxEvents });
    if (!provider) return [];
    const off = new Set(registration.switchedOff?.(config) ?? []);
    const flags = Object.fromEntries(
      Object.entries(registration.capabilities).map(([capability, on]) => [capability, on && !off.has(capability as Capability)]),
    ) as Capabilities;
    return [{ provider, flags }];
  });
  const entryOf = (name: string | null | undefined) => enabled.find((e) => e.provider.name === name) ?? null;
  const withCapability = (capability: Capability) => enabled.find((e) => e.flags[capability])?.provider ?? null;
  const checkout = withCapability("card");
  // parseConfig already refuses a production start with neither Stripe nor the sandbox.
  if (!checkout) throw new Error("nenhum provedor de pagamento configurado");
  return {
    with: withCapability,
    can: (name, capability) => entryOf(name)?.flags[capability] ?? false,
    byName: (name) => entryOf(name)?.provider ?? null,
    all: enabled.map((e) => e.provider),
    checkout,
    pix: withCapability("pixOneOff"),
    sandboxEvents,
  };
}
