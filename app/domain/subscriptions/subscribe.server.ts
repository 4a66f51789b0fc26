/**
 * The server side of Assine o Bem: start a subscription checkout, open the customer portal,
 * refresh from the provider (the spec's "check subscription") and send the confirmation e-mail
 * once. The browser names a plan and nothing else: the price id, the customer and the amounts are
 * decided here.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { subscriptionConfirmationEmail } from "~/domain/subscriptions/emails/subscription-confirmation.server";
import { logger } from "~/platform/logger.server";
import { PLAN_IDS } from "~/domain/subscriptions/plan-ids";
import type { Mailer } from "~/platform/mail/outbox.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { applySubscriptionSnapshot } from "~/domain/subscriptions/subscription-events.server";
import {
  claimConfirmation,
  getBillingCustomer,
  getSubscriptionStatus,
  getUserContact,
  saveBillingCustomer,
  type SubscriptionRow,
  type SubscriptionStatus,
} from "~/domain/subscriptions/subscriptions.server";
import { CheckoutError, type PaymentProvider } from "~/domain/payments";
import { providerCan } from "~/domain/payments/index.server";
import { priceIdForPlan } from "./plan-prices.server";
import type { SubscriptionMethod } from "./subscription-form";
import { planManageUrl } from "./manage-link.server";
import { CUSTOM_MAX_CENTS, CUSTOM_MIN_CENTS, customPlan, getPlan, isCustomPlan, type Plan, type PlanId, planOf } from "./plans";
import { CUSTOM_PLAN_ID } from "./plan-ids";
import { formatCents } from "~/platform/money";
import { isValidCpfDigits } from "~/domain/organizations";
import { findMainInstitution } from "~/domain/organizations/index.server";
import { findWaitingRecurrence, firstDueDate, recordPendingRecurrence } from "./pix-automatico.server";

/** Our page with a PSP recurrence's QR code (routes/assine-o-bem.pix-automatico.tsx). */
const pixAutomaticoPageUrl = (config: Pick<Config, "PUBLIC_URL">, recurrenceId: string) =>
  `${config.PUBLIC_URL}/assine-o-bem/pix-automatico/${recurrenceId}`;

export const SUBSCRIPTION_MESSAGES = {
  checkoutTitle: "Erro ao criar assinatura",
  tryLater: "Tente novamente mais tarde",
  missingUrl: "URL de checkout não foi retornada",
  portalTitle: "Erro ao abrir portal",
  invalidPlan: "Plano inválido. Escolha um dos planos desta página.",
  alreadySubscribed: "Você já tem uma assinatura. Para mudar de plano ou de forma de pagamento, use Gerenciar Assinatura.",
  noCustomer: "Você ainda não tem uma assinatura para gerenciar.",
  rateLimited: "Muitas tentativas seguidas. Aguarde alguns minutos e tente de novo.",
  invalidCpf: "Informe o CPF do titular da conta que vai pagar (11 dígitos).",
  invalidAmount: `Escolha um valor mensal entre ${formatCents(CUSTOM_MIN_CENTS)} e ${formatCents(CUSTOM_MAX_CENTS)}.`,
  customNotAtPsp: "Outro valor ainda não está disponível no Pix Automático do banco. Assine com cartão ou escolha um dos planos.",
} as const;

/** Each attempt opens a provider session: a burst is refused before it reaches the provider. */
const SUBSCRIBE_RATE_LIMIT = { limit: 10, windowSeconds: 600 };

export type SubscriptionError = { title: string; description: string };
export type SubscriptionResult = { ok: true; url: string } | { ok: false; status: number; error: SubscriptionError };

type Subscriber = { id: string; email: string; name: string };
/** From the request context: the provider new checkouts go to, and the configuration. */
type ProviderDeps = { provider: PaymentProvider; config: Config };

const planSchema = z.enum(PLAN_IDS);
const customAmountSchema = z.number().int().min(CUSTOM_MIN_CENTS).max(CUSTOM_MAX_CENTS);

/** One of the four plans by id, or "outro valor" with an amount in centavos checked here (never the browser's word). */
function resolvePlan(planInput: unknown, customAmountCents: unknown): Plan | { error: string } {
  if (planInput === CUSTOM_PLAN_ID) {
    const amount = customAmountSchema.safeParse(customAmountCents);
    return amount.success ? customPlan(amount.data) : { error: SUBSCRIPTION_MESSAGES.invalidAmount };
  }
  const parsed = planSchema.safeParse(planInput);
  return parsed.success ? getPlan(parsed.data)! : { error: SUBSCRIPTION_MESSAGES.invalidPlan };
}
const fail = (status: number, title: string, description: string): SubscriptionResult => ({
  ok: false,
  status,
  error: { title, description },
});

export async function startSubscription(
  user: Subscriber,
  planInput: unknown,
  {
    provider,
    config,
    clock,
    method = "cartao",
    pixPayer,
    customAmountCents,
  }: ProviderDeps & { clock: Clock; method?: SubscriptionMethod; pixPayer?: { cpf: string }; customAmountCents?: unknown },
): Promise<SubscriptionResult> {
  const plan = resolvePlan(planInput, customAmountCents);
  if ("error" in plan) return fail(400, SUBSCRIPTION_MESSAGES.checkoutTitle, plan.error);

  // Past due still binds the user: a second checkout would charge twice once they fix the card.
  const current = await getSubscriptionStatus(user.id);
  if (current.status === "active" || current.status === "past_due") {
    return fail(409, SUBSCRIPTION_MESSAGES.checkoutTitle, SUBSCRIPTION_MESSAGES.alreadySubscribed);
  }

  // Pix Automático at a PSP: the recurrence's payer is named by CPF (the standard's `vinculo.devedor`).
  const atPsp = method === "pix-automatico" && providerCan(provider.name, "pixAutomaticoAtPsp");
  // A PSP's recurrence contract names one of the four plans (pix-automatico-api.server.ts): not an amount yet.
  if (atPsp && isCustomPlan(plan)) return fail(400, SUBSCRIPTION_MESSAGES.checkoutTitle, SUBSCRIPTION_MESSAGES.customNotAtPsp);
  if (atPsp && !isValidCpfDigits(pixPayer?.cpf ?? ""))
    return fail(400, SUBSCRIPTION_MESSAGES.checkoutTitle, SUBSCRIPTION_MESSAGES.invalidCpf);
  if (atPsp) {
    const waiting = await findWaitingRecurrence(user.id, plan.id as PlanId);
    if (waiting) return { ok: true, url: pixAutomaticoPageUrl(config, waiting.providerSubscriptionId) };
  }

  const hit = await hitRateLimit(`subscribe:user:${user.id}`, SUBSCRIBE_RATE_LIMIT.limit, SUBSCRIBE_RATE_LIMIT.windowSeconds);
  if (!hit.allowed) return fail(429, SUBSCRIPTION_MESSAGES.checkoutTitle, SUBSCRIPTION_MESSAGES.rateLimited);

  const priceId = priceIdForPlan(plan, provider.name, config);
  // Pix Automático: the recurrence the subscriber authorises in their bank app (docs/decisions/150-pix.md).
  const createCheckout = method === "pix-automatico" ? provider.createPixAutomaticoCheckout : provider.createSubscriptionCheckout;
  if (!priceId || !createCheckout) {
    logger.error({ plan: plan.id, provider: provider.name, key: plan.stripePriceKey }, "subscription price not configured");
    return fail(503, SUBSCRIPTION_MESSAGES.checkoutTitle, SUBSCRIPTION_MESSAGES.tryLater);
  }

  let session;
  try {
    const customerId = await ensureCustomer(provider, user);
    session = await createCheckout.call(provider, {
      userId: user.id,
      customerId,
      customerEmail: user.email,
      planId: plan.id,
      priceId,
      successUrl: `${config.PUBLIC_URL}/subscription-success`,
      cancelUrl: `${config.PUBLIC_URL}/subscription-canceled`,
      // A double click (or a retry) within the same 10 minutes reopens the same checkout.
      idempotencyKey: `sub_${createHash("sha256")
        .update(`${user.id}:${plan.id}:${priceId}:${method}:${Math.floor(clock.now().getTime() / 600_000)}`)
        .digest("hex")
        .slice(0, 40)}`,
      ...(atPsp
        ? { pixAutomatico: { payerName: user.name, payerCpf: pixPayer!.cpf, startDate: firstDueDate(clock.now()).startDate } }
        : {}),
    });
    if (session.recurrence) {
      await recordPendingRecurrence({
        userId: user.id,
        planId: plan.id as PlanId,
        customerId,
        recurrenceId: session.recurrence.id,
        startDate: session.recurrence.startDate,
      });
    }
  } catch (error) {
    logger.error({ userId: user.id, plan: plan.id, error: (error as Error).message }, "subscription checkout failed");
    const message = error instanceof CheckoutError && error.message ? error.message : SUBSCRIPTION_MESSAGES.tryLater;
    return fail(502, SUBSCRIPTION_MESSAGES.checkoutTitle, message);
  }
  if (!session.url) return fail(502, SUBSCRIPTION_MESSAGES.checkoutTitle, SUBSCRIPTION_MESSAGES.missingUrl);
  return { ok: true, url: session.url };
}

/** The user's customer at this provider: created the first time, then always the same one. */
async function ensureCustomer(provider: PaymentProvider, user: Subscriber): Promise<string> {
  const existing = await getBillingCustomer(user.id);
  if (existing && existing.provider === provider.name) return existing.providerCustomerId;
  if (!provider.createCustomer) throw new CheckoutError(SUBSCRIPTION_MESSAGES.tryLater);
  const { customerId } = await provider.createCustomer({ userId: user.id, email: user.email, name: user.name });
  const saved = await saveBillingCustomer(user.id, provider.name, customerId);
  return saved.providerCustomerId;
}

export async function openCustomerPortal(user: Subscriber, { provider, config }: ProviderDeps): Promise<SubscriptionResult> {
  const customer = await getBillingCustomer(user.id);
  if (!customer || customer.provider !== provider.name || !provider.createPortalSession) {
    return fail(400, SUBSCRIPTION_MESSAGES.portalTitle, SUBSCRIPTION_MESSAGES.noCustomer);
  }
  try {
    const { url } = await provider.createPortalSession({
      customerId: customer.providerCustomerId,
      returnUrl: `${config.PUBLIC_URL}/assine-o-bem`,
    });
    return { ok: true, url };
  } catch (error) {
    logger.error({ userId: user.id, error: (error as Error).message }, "portal session failed");
    return fail(502, SUBSCRIPTION_MESSAGES.portalTitle, SUBSCRIPTION_MESSAGES.tryLater);
  }
}

/**
 * The spec's "check subscription": asks the provider for the customer's subscriptions and writes
 * what it says, then answers from our rows. A provider without state of its own (the sandbox) or
 * a provider outage leaves the stored state as it is; errors are only logged (product-spec §8).
 */
export async function refreshSubscription(userId: string, { provider, config }: ProviderDeps): Promise<SubscriptionStatus> {
  try {
    const customer = await getBillingCustomer(userId);
    if (customer && customer.provider === provider.name && provider.listSubscriptions) {
      const snapshots = await provider.listSubscriptions(customer.providerCustomerId);
      for (const snapshot of snapshots) {
        await db.transaction((tx) => applySubscriptionSnapshot(tx, provider.name, snapshot, userId, config));
      }
    }
  } catch (error) {
    logger.warn({ userId, error: (error as Error).message }, "subscription refresh failed");
  }
  return getSubscriptionStatus(userId);
}

/**
 * Queues the confirmation e-mail (plan, value, next charge) the first time it is asked for an
 * active subscription; every later call does nothing. Returns whether it queued one.
 */
export async function sendSubscriptionConfirmation(
  subscriptionId: string,
  { config, mailer }: { config: Config; mailer: Mailer },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row: SubscriptionRow | null = await claimConfirmation(tx, subscriptionId);
    if (!row?.userId) return false;
    const contact = await getUserContact(row.userId, tx);
    const plan = planOf(row);
    if (!contact || !plan) return false;
    const institution = await findMainInstitution(tx);
    const queued = await mailer.enqueue(tx, {
      to: contact.email,
      ...subscriptionConfirmationEmail({
        name: contact.name,
        plan,
        nextChargeAt: row.currentPeriodEnd,
        feePercent: config.PLATFORM_FEE_PERCENT,
        manageUrl: planManageUrl(config.PUBLIC_URL, row.id),
        whatsappGroup: Boolean(config.SUBSCRIBERS_WHATSAPP_GROUP_URL),
        institutionName: institution?.name ?? null,
      }),
      dedupeKey: `sub-confirm:${row.id}`,
    });
    return queued !== null;
  });
}
