/**
 * The sandbox twin of Stripe's subscription side. Its hosted pages are
 * /sandbox/assinatura/:id (checkout) and /sandbox/portal/:customer (portal); every outcome comes
 * back as a signed event carrying the whole subscription, like Stripe's, through the same
 * processing code. A checkout id is a signed token (who, which customer, which plan, when), so
 * the sandbox keeps no state of its own.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { SUBSCRIPTION_PLAN_IDS, SUBSCRIPTION_STATUSES } from "~/domain/subscriptions";
import { planOfCheckout, type SubscriptionPlanId } from "~/domain/subscriptions";
import type { SandboxEvent } from "./sandbox.server";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import type { PaymentEvent, PaymentProvider, SubscriptionChangeRequest, SubscriptionEventAction } from "./types";
import { type FeeSchedule, providerFeeOf } from "~/platform/fee-schedule";

const SANDBOX_SUBSCRIPTION_EVENT_TYPES = {
  "subscription.created": "updated",
  "subscription.updated": "updated",
  "subscription.deleted": "deleted",
  "invoice.paid": "invoice_paid",
  "invoice.payment_failed": "invoice_failed",
  // Pix Automático (sandbox-pix-automatico.server.ts): the recurrence and its monthly charges.
  "pix_automatico.rec_aprovada": "updated",
  "pix_automatico.cobr_paga": "invoice_paid",
  "pix_automatico.cobr_falhou": "invoice_failed",
  "pix_automatico.rec_cancelada": "deleted",
} as const satisfies Record<string, SubscriptionEventAction>;
export type SandboxSubscriptionEventType = keyof typeof SANDBOX_SUBSCRIPTION_EVENT_TYPES;

export const sandboxSubscriptionDataSchema = z.object({
  id: z.string().min(1).max(100),
  customerId: z.string().min(1).max(100),
  userId: z.string().max(100).nullable(),
  priceId: z.string().min(1).max(100),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Unix seconds. */
  currentPeriodEnd: z.number().int().positive().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  invoice: z
    .object({
      id: z.string().min(1).max(100),
      amountCents: z.number().int().min(0).max(100_000_000),
      periodEnd: z.number().int().positive().nullable(),
    })
    .optional(),
});
export type SandboxSubscriptionData = z.infer<typeof sandboxSubscriptionDataSchema>;

export function isSandboxSubscriptionEventType(type: string): type is SandboxSubscriptionEventType {
  return Object.hasOwn(SANDBOX_SUBSCRIPTION_EVENT_TYPES, type);
}

type Base = { id: string; provider: "sandbox"; type: string; occurredAt: Date };

export function normalizeSandboxSubscriptionEvent(
  event: SandboxEvent,
  base: Base,
  fees: { card: FeeSchedule; pix: FeeSchedule },
): PaymentEvent {
  const data = event.data.subscription;
  if (!isSandboxSubscriptionEventType(event.type) || !data) return { ...base, kind: "ignored", reason: "evento de assinatura incompleto" };
  const action = SANDBOX_SUBSCRIPTION_EVENT_TYPES[event.type];
  const isInvoice = action === "invoice_paid" || action === "invoice_failed";
  if (isInvoice && !data.invoice) return { ...base, kind: "ignored", reason: "fatura ausente" };
  const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
  return {
    ...base,
    kind: "subscription",
    action,
    subscriptionId: data.id,
    customerId: data.customerId,
    userId: data.userId,
    priceId: data.priceId,
    status: isInvoice ? null : action === "deleted" ? "canceled" : data.status,
    currentPeriodEnd: isInvoice ? null : at(data.currentPeriodEnd),
    cancelAtPeriodEnd: isInvoice ? null : data.cancelAtPeriodEnd,
    invoice:
      isInvoice && data.invoice
        ? {
            id: data.invoice.id,
            amountCents: data.invoice.amountCents,
            periodEnd: at(data.invoice.periodEnd),
            // A paid month keeps the simulated tariff of its method, as a paid gift does.
            ...(action === "invoice_paid"
              ? {
                  providerFeeCents: providerFeeOf(
                    event.type.startsWith("pix_automatico.") ? fees.pix : fees.card,
                    data.invoice.amountCents,
                  ),
                }
              : {}),
          }
        : null,
    canceledByPayer: event.type === "pix_automatico.rec_cancelada",
  };
}

/** Builds the event the sandbox "provider" sends (queue it with the request context's payments.sandboxEvents). */
export function sandboxSubscriptionEvent(
  type: SandboxSubscriptionEventType,
  subscription: SandboxSubscriptionData,
  created = new Date(),
): SandboxEvent {
  return {
    id: `evt_sbx_${randomUUID().replace(/-/g, "")}`,
    type,
    created: Math.floor(created.getTime() / 1000),
    data: { subscription },
  };
}

// ---------- the checkout token ----------

const CHECKOUT_PREFIX = "cs_sbx_sub_";
/** Like a Stripe Checkout Session, a sandbox subscription checkout expires after a day. */
const SANDBOX_CHECKOUT_TTL_SECONDS = 24 * 60 * 60;

const tokenSchema = z.object({
  u: z.string().min(1).max(100),
  c: z.string().min(1).max(100),
  p: z.enum(SUBSCRIPTION_PLAN_IDS),
  r: z.string().min(1).max(100),
  t: z.number().int().positive(),
});
export type SandboxCheckout = {
  checkoutId: string;
  userId: string;
  customerId: string;
  planId: SubscriptionPlanId;
  priceId: string;
  issuedAt: Date;
};

function mac(secret: string, purpose: string, value: string, length = 32) {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("hex").slice(0, length);
}

export function createSandboxCheckoutId(
  secret: string,
  input: { userId: string; customerId: string; planId: SubscriptionPlanId; priceId: string },
  now = new Date(),
): string {
  const payload = Buffer.from(
    JSON.stringify({ u: input.userId, c: input.customerId, p: input.planId, r: input.priceId, t: Math.floor(now.getTime() / 1000) }),
  ).toString("base64url");
  return `${CHECKOUT_PREFIX}${payload}.${mac(secret, "sub-checkout", payload)}`;
}

/** The checkout a sandbox id stands for, or null when it is forged, malformed or expired. */
export function readSandboxCheckoutId(secret: string, checkoutId: string, now = new Date()): SandboxCheckout | null {
  if (checkoutId.length > 600 || !checkoutId.startsWith(CHECKOUT_PREFIX)) return null;
  const [payload, signature] = checkoutId.slice(CHECKOUT_PREFIX.length).split(".");
  if (!payload || !signature || !/^[0-9a-f]{32}$/.test(signature)) return null;
  const expected = Buffer.from(mac(secret, "sub-checkout", payload));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  let parsed;
  try {
    parsed = tokenSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const { u, c, p, r, t } = parsed.data;
  if (now.getTime() / 1000 - t > SANDBOX_CHECKOUT_TTL_SECONDS) return null;
  return { checkoutId, userId: u, customerId: c, planId: p, priceId: r, issuedAt: new Date(t * 1000) };
}

/** A portal session lasts an hour, like Stripe's. */
const SANDBOX_PORTAL_SESSION_SECONDS = 60 * 60;

function sandboxPortalSession(secret: string, customerId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + SANDBOX_PORTAL_SESSION_SECONDS;
  return `${expires}.${mac(secret, "portal-session", `${customerId}:${expires}`)}`;
}

/** Whether `session` (the portal URL's `sessao`) was issued for this customer and is still good. */
export function isSandboxPortalSession(secret: string, customerId: string, session: string | null, now = new Date()): boolean {
  const match = session ? /^(\d{1,12})\.([0-9a-f]{32})$/.exec(session) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, "portal-session", `${customerId}:${expires}`));
  return timingSafeEqual(expected, Buffer.from(match[2]!));
}

/** Paying the same checkout twice is the same subscription (and the same first invoice). */
export function sandboxSubscriptionIdFor(secret: string, checkoutId: string) {
  return `sub_sbx_${mac(secret, "subscription", checkoutId, 24)}`;
}

function sandboxCustomerIdFor(secret: string, userId: string) {
  return `cus_sbx_${mac(secret, "customer", userId, 24)}`;
}

/** The first invoice is keyed by the subscription; renewals by the period they pay for. */
export function sandboxInvoiceId(subscriptionId: string, periodEnd: Date | "first") {
  const suffix = periodEnd === "first" ? "first" : String(Math.floor(periodEnd.getTime() / 1000));
  return `in_sbx_${subscriptionId.replace(/^sub_sbx_/, "")}_${suffix}`;
}

/** One month on, the way card billing renews (same day of the month, clamped to its end). */
export function addOneMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function sandboxSubscriptionMethods(options: {
  secret: string;
  publicUrl: string;
  events?: SandboxEventQueue;
}): Required<Pick<PaymentProvider, "createCustomer" | "createSubscriptionCheckout" | "createPortalSession" | "changeSubscription">> {
  return {
    /** Like Stripe's API: the change answers at once and comes back as signed events, later. */
    async changeSubscription({ subscription, change }: SubscriptionChangeRequest) {
      if (!options.events) throw new Error("sandbox: fila de eventos ausente");
      const unixOf = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
      const data: SandboxSubscriptionData = {
        id: subscription.subscriptionId,
        customerId: subscription.customerId,
        userId: subscription.userId,
        priceId: subscription.priceId ?? "",
        status: subscription.status,
        currentPeriodEnd: unixOf(subscription.currentPeriodEnd),
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      };
      const send = (type: SandboxSubscriptionEventType, changed: Partial<SandboxSubscriptionData>) =>
        options.events!.deliver(sandboxSubscriptionEvent(type, { ...data, ...changed }));
      switch (change.kind) {
        case "cancel-now":
          return send("subscription.deleted", { status: "canceled", cancelAtPeriodEnd: false });
        case "cancel-at-period-end":
          return send("subscription.updated", { cancelAtPeriodEnd: true });
        case "resume":
          return send("subscription.updated", { cancelAtPeriodEnd: false });
        case "change-plan":
          return send("subscription.updated", { priceId: change.priceId, cancelAtPeriodEnd: false });
      }
    },
    async createCustomer(request) {
      return { customerId: sandboxCustomerIdFor(options.secret, request.userId) };
    },
    async createSubscriptionCheckout(request) {
      const plan = planOfCheckout(request);
      if (!plan || !request.customerId) throw new Error("sandbox: plano ou cliente ausente");
      const checkoutId = createSandboxCheckoutId(options.secret, {
        userId: request.userId,
        customerId: request.customerId,
        planId: plan.id,
        priceId: request.priceId,
      });
      return { checkoutId, url: `${options.publicUrl}/sandbox/assinatura/${checkoutId}` };
    },
    async createPortalSession(request) {
      // Like a Stripe portal session URL, the address itself lets its holder in for a while
      // (the plan-management link opens it for a subscriber who is not signed in).
      const session = sandboxPortalSession(options.secret, request.customerId);
      return { url: `${options.publicUrl}/sandbox/portal/${encodeURIComponent(request.customerId)}?sessao=${session}` };
    },
  };
}
