/**
 * The built-in sandbox provider: lets the whole product run without a payment account. Its
 * "hosted page" is /sandbox/checkout/:id; the donor's choice there comes back as a signed event
 * (HMAC-SHA256 with APP_SECRET, Stripe-style `t=…,v1=…` header) POSTed to
 * /api/webhooks/sandbox, and from there through the same processing code as Stripe's events.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import { capabilityFlags, type ProviderRegistration } from "./registration";
import {
  type CheckoutSession,
  type DonationCheckoutRequest,
  type DonationEventAction,
  type PaymentEvent,
  type PaymentProvider,
  RefundError,
  type RefundRequest,
  WebhookSignatureError,
} from "./types";
import { createSandboxPixCharge, SANDBOX_PIX_EVENT, SANDBOX_PIX_TXID_LENGTH, sandboxPixDataSchema } from "./sandbox-pix.server";
import { pixReceivedEvent } from "./pix-api.server";
import { centsToPixValue } from "./pix-codes.server";
import { DEFAULT_SANDBOX_FEES, type FeeSchedule, providerFeeOf } from "~/platform/fee-schedule";
import { sandboxPixAutomaticoMethods } from "./sandbox-pix-automatico.server";
import { sandboxRecoveryMethods } from "./sandbox-recovery.server";
import {
  isSandboxSubscriptionEventType,
  normalizeSandboxSubscriptionEvent,
  sandboxSubscriptionDataSchema,
  sandboxSubscriptionMethods,
} from "./sandbox-subscriptions.server";

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
/** Like Stripe: a signed event older than this is refused (replay protection). */
const SANDBOX_TOLERANCE_SECONDS = 300;

const SANDBOX_EVENT_TYPES = {
  "checkout.paid": "paid",
  "checkout.failed": "failed",
  "checkout.canceled": "canceled",
  "payment.refunded": "refunded",
  "payment.disputed": "disputed",
  "payment.dispute_won": "dispute_won",
} as const satisfies Record<string, DonationEventAction>;
export type SandboxEventType = keyof typeof SANDBOX_EVENT_TYPES;

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  created: z.number().int().positive(),
  data: z.object({
    checkoutId: z.string().max(200).optional(),
    donationId: z.string().max(100).optional(),
    paymentId: z.string().max(200).optional(),
    cardFingerprint: z.string().max(100).optional(),
    refundId: z.string().max(200).optional(),
    amountCents: z.number().int().positive().max(100_000_000).optional(),
    subscription: sandboxSubscriptionDataSchema.optional(),
    pix: sandboxPixDataSchema.optional(),
  }),
});
export type SandboxEvent = z.infer<typeof eventSchema>;

export function signSandboxPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function verifySandboxSignature(body: string, header: string | null, secret: string, now = Date.now()): void {
  if (!header) throw new WebhookSignatureError("assinatura ausente");
  const parts = new Map(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookSignatureError("assinatura malformada");
  if (Math.abs(now / 1000 - timestamp) > SANDBOX_TOLERANCE_SECONDS) throw new WebhookSignatureError("assinatura expirada");
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw new WebhookSignatureError("assinatura inválida");
}

/** Builds the event the sandbox "provider" sends for an outcome. */
export function sandboxEvent(type: SandboxEventType, data: SandboxEvent["data"], created = new Date()): SandboxEvent {
  return { id: `evt_sbx_${randomUUID().replace(/-/g, "")}`, type, created: Math.floor(created.getTime() / 1000), data };
}

/** The fingerprint of the sandbox's one test card, as Stripe would give for a real card. */
export const SANDBOX_TEST_CARD_FINGERPRINT = "fp_sbx_test_card_4242";

/** The sandbox's "payment id" for a checkout (Stripe would return a PaymentIntent id). */
export function sandboxPaymentId(checkoutId: string) {
  return `pi_sbx_${checkoutId.replace(/^cs_sbx_/, "")}`;
}

/**
 * The sandbox's events as a PSP's: each paid one with the fee it simulates (decision 206) — a
 * card payment's from its amount (the checkout page sends it), a Pix's from the Pix.
 */
function normalizeSandboxEvent(event: SandboxEvent, fees: SandboxFees): PaymentEvent {
  const base = { id: event.id, provider: "sandbox" as const, type: event.type, occurredAt: new Date(event.created * 1000) };
  if (isSandboxSubscriptionEventType(event.type)) return normalizeSandboxSubscriptionEvent(event, base, fees);
  if (event.type === SANDBOX_PIX_EVENT && event.data.pix) {
    const p = event.data.pix;
    const horario = new Date(p.paidAt * 1000).toISOString();
    return pixReceivedEvent("sandbox", { ...p, valor: centsToPixValue(p.amountCents), horario }, fees.pix);
  }
  const action = (SANDBOX_EVENT_TYPES as Record<string, DonationEventAction>)[event.type];
  if (!action) return { ...base, kind: "ignored", reason: "tipo de evento não tratado" };
  return {
    ...base,
    kind: "donation",
    action,
    ref: { donationId: event.data.donationId, checkoutId: event.data.checkoutId, paymentId: event.data.paymentId },
    paymentId: event.data.paymentId ?? null,
    cardFingerprint: event.data.cardFingerprint ?? null,
    refund: event.data.refundId && event.data.amountCents ? { refundId: event.data.refundId, amountCents: event.data.amountCents } : null,
    ...(action === "paid" && event.data.amountCents ? { providerFeeCents: providerFeeOf(fees.card, event.data.amountCents) } : {}),
  };
}

type SandboxFees = { card: FeeSchedule; pix: FeeSchedule };

export type SandboxOptions = {
  secret: string;
  publicUrl: string;
  events?: SandboxEventQueue;
  /** What the sandbox's BR Codes name as the receiver (a real static code, paid by no real bank). */
  pix?: { merchantName: string; merchantCity: string; pixKey: string };
  /** The fees it simulates (SANDBOX_CARD_FEE, SANDBOX_PIX_FEE); their defaults otherwise. */
  fees?: SandboxFees;
};

/** The sandbox in the registry: on where the configuration allows it (never beside Stripe); its test bank pays its Pix. */
export const sandboxRegistration: ProviderRegistration = {
  name: "sandbox",
  capabilities: capabilityFlags("card", "pixOneOff", "pixAutomatico", "refunds", "portal", "feeReporting", "testBank", "planChanges"),
  planPriceId: (plan) => plan.sandboxPriceId,
  create: (config, { sandboxEvents }) =>
    config.paymentsSandbox
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
      : null,
};

export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const fees = options.fees ?? DEFAULT_SANDBOX_FEES;
  const pix = options.pix ?? { merchantName: "FESTA SOLIDARIA", merchantCity: "BELO HORIZONTE", pixKey: "pix@festasolidaria.org.br" };
  return {
    name: "sandbox",
    ...sandboxSubscriptionMethods(options),
    ...sandboxPixAutomaticoMethods(options),
    ...sandboxRecoveryMethods(options),
    pixTxidLength: SANDBOX_PIX_TXID_LENGTH,
    pixFee: fees.pix,
    simulatedFees: fees,
    createPixCharge: async (request) => createSandboxPixCharge(request, pix),
    async createDonationCheckout(request: DonationCheckoutRequest): Promise<CheckoutSession> {
      // Derived from the idempotency key: the same request always yields the same session, and
      // nobody can guess another donor's checkout address.
      const digest = createHmac("sha256", options.secret).update(`checkout:${request.idempotencyKey}`).digest("hex");
      const checkoutId = `cs_sbx_${digest.slice(0, 32)}`;
      return { checkoutId, url: `${options.publicUrl}/sandbox/checkout/${checkoutId}` };
    },
    /**
     * The sandbox keeps no books: a refund is its `payment.refunded` event, queued for signed
     * delivery like every other. The refund id (and the event id) derive from the idempotency key,
     * so asking twice queues one event, which the webhook applies once.
     */
    async refund(request: RefundRequest) {
      if (!options.events) throw new RefundError("O ambiente de testes não consegue reembolsar agora.");
      const digest = createHmac("sha256", options.secret).update(`refund:${request.idempotencyKey}`).digest("hex");
      const refundId = `re_sbx_${digest.slice(0, 32)}`;
      await options.events.deliver({
        ...sandboxEvent("payment.refunded", {
          donationId: request.donationId,
          paymentId: request.paymentId,
          refundId,
          amountCents: request.amountCents,
        }),
        id: `evt_sbx_${digest.slice(32, 64)}`,
      });
      return { refundId };
    },
    parseWebhook(rawBody: string, headers: Headers): PaymentEvent[] {
      verifySandboxSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), options.secret);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError("corpo inválido");
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookSignatureError("evento malformado");
      return [normalizeSandboxEvent(parsed.data, fees)];
    },
  };
}
