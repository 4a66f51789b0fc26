/**
 * A PSP implementing the Central Bank's standard "API Pix" (docs/decisions/150-pix.md): immediate
 * charges (`PUT /cob/{txid}`, `GET /cob/{txid}`), refunds (`PUT /pix/{e2eid}/devolucao/{id}`), webhook
 * registration (`PUT /webhook/{chave}`) and the webhook's `{ "pix": [...] }` body. Any PSP that
 * implements the standard is configured by base URL, OAuth client (client_credentials) and client
 * certificate (mTLS); Efí is the first (docs/operations.md, "Pix").
 *
 * The webhook is authenticated by a secret token in the URL we registered, compared in constant
 * time: the PSP's mutual TLS ends at our proxy, which Node behind it cannot check.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { todayInSaoPaulo } from "~/platform/dates";
import type { PixApiConfig } from "~/platform/config.server";
import type { PixChargeStatus, PixRecurringChargeRequest } from "./pix-types";
import {
  CheckoutError,
  type PaymentEvent,
  type PaymentProvider,
  RefundError,
  type RefundRequest,
  type SubscriptionCheckoutRequest,
  type SubscriptionChangeRequest,
  WebhookSignatureError,
} from "./types";
import { centsToPixValue, pixValueToCents } from "./pix-codes.server";
import { devolucaoSchema, pixDevolucaoEvents, pixReceivedEvent } from "./pix-events.server";
import { getPlan } from "~/domain/subscriptions";
import { pixAutomaticoResources } from "./pix-automatico-api.server";
import { listReceivedPix } from "./pix-received-list.server";
import { isPixAutomaticoBody, pixAutomaticoEvents } from "./pix-automatico-events.server";
import { capabilityFlags, type ProviderRegistration } from "./registration";
import { type HttpRequest, type HttpResult, mtlsTransport } from "./pix-http.server";

export { pixReceivedEvent } from "./pix-events.server";

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional() });
const cobSchema = z.object({
  txid: z.string(),
  status: z.enum(["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"]),
  calendario: z.object({ criacao: z.string(), expiracao: z.coerce.number().int() }),
  valor: z.object({ original: z.string() }),
  pixCopiaECola: z.string().optional(),
  pix: z.array(z.object({ endToEndId: z.string(), valor: z.string(), horario: z.string() })).optional(),
});
const webhookSchema = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().min(1).max(64),
        txid: z.string().max(35).optional(),
        valor: z.string().max(20),
        horario: z.string().max(40),
        devolucoes: z.array(devolucaoSchema).max(100).optional(),
      }),
    )
    .max(1000)
    .optional(),
});

const PIX_API_TXID_LENGTH = 32;

/** True when `given` is the configured token; the comparison takes the same time whatever it is. */
export function webhookTokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The webhook URL to register at the PSP: the token in the query, and `ignorar=` to absorb the `/pix` some PSPs (Efí) append. */
export function pixWebhookUrl(publicUrl: string, token: string) {
  return `${publicUrl}/api/webhooks/pix?token=${encodeURIComponent(token)}&ignorar=`;
}

/**
 * A PSP's API Pix in the registry: on when PIX_API_URL is set; its Pix Automático only with
 * PIX_AUTOMATICO=on. A recurrence's contract names the plan, not a price.
 */
export const pixApiRegistration: ProviderRegistration = {
  name: "pix",
  capabilities: capabilityFlags("pixOneOff", "pixAutomatico", "pixAutomaticoAtPsp", "refunds", "feeReporting"),
  switchedOff: (config) => (config.pixApi?.automatico ? [] : ["pixAutomatico", "pixAutomaticoAtPsp"]),
  planPriceId: (plan) => `pix_automatico_${plan.id}`,
  create: (config) => (config.pixApi ? createPixApiProvider(config.pixApi, { publicUrl: config.PUBLIC_URL }) : null),
};

export function createPixApiProvider(config: PixApiConfig, options: { http?: HttpRequest; publicUrl?: string } = {}) {
  const http = options.http ?? mtlsTransport(config);
  let token: { value: string; until: number } | null = null;

  async function accessToken(force = false): Promise<string> {
    if (!force && token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const res = await http("POST", config.oauthUrl, { authorization: `Basic ${basic}` }, { grant_type: "client_credentials" });
    const parsed = tokenSchema.safeParse(res.body);
    if (res.status !== 200 || !parsed.success) throw new Error(`token OAuth recusado (HTTP ${res.status})`);
    token = { value: parsed.data.access_token, until: Date.now() + Math.max((parsed.data.expires_in ?? 3600) - 60, 30) * 1000 };
    return token.value;
  }

  /** One API call with the bearer token; a 401 renews the token once. */
  async function call(method: string, path: string, body?: unknown): Promise<HttpResult> {
    let res = await http(method, `${config.baseUrl}${path}`, { authorization: `Bearer ${await accessToken()}` }, body);
    if (res.status === 401)
      res = await http(method, `${config.baseUrl}${path}`, { authorization: `Bearer ${await accessToken(true)}` }, body);
    return res;
  }

  async function readCob(txid: string) {
    const res = await call("GET", `/cob/${encodeURIComponent(txid)}`);
    if (res.status === 404) return null;
    const parsed = cobSchema.safeParse(res.body);
    if (res.status !== 200 || !parsed.success) throw new Error(`GET /cob respondeu HTTP ${res.status}`);
    return parsed.data;
  }

  /**
   * PUT /pix/{e2eid}/devolucao/{id}: gives a Pix back. `id` is ours (the PSP's idempotency): a PSP
   * that refuses the same id twice is asked with GET, and the devolução it already has is the answer.
   */
  async function refundPix(request: { endToEndId: string; refundId: string; amountCents: number }) {
    const path = `/pix/${encodeURIComponent(request.endToEndId)}/devolucao/${encodeURIComponent(request.refundId)}`;
    const valor = centsToPixValue(request.amountCents);
    const res = await call("PUT", path, { valor });
    const parsed = devolucaoSchema.safeParse(res.body);
    if ((res.status === 200 || res.status === 201) && parsed.success) return parsed.data;
    const existing = await call("GET", path);
    const found = devolucaoSchema.safeParse(existing.body);
    if (existing.status === 200 && found.success && found.data.valor === valor && found.data.status !== "NAO_REALIZADO") return found.data;
    throw new Error(`devolução recusada (HTTP ${res.status}${pspMessage(res.body)})`);
  }

  const automatico = pixAutomaticoResources(call, { recebedor: config.recebedor });
  /**
   * Assine o Bem by Pix Automático (PIX_AUTOMATICO=on): the recurrence at the server-chosen price,
   * then our own page with its QR code (/assine-o-bem/pix-automatico/{idRec}).
   */
  const pixAutomaticoCheckout = {
    /** A PSP keeps no customers: ours is a local id (the recurrence's contract names it). */
    async createCustomer() {
      return { customerId: `cus_pix_${randomBytes(12).toString("hex")}` };
    },
    async createPixAutomaticoCheckout(request: SubscriptionCheckoutRequest) {
      const plan = getPlan(request.planId);
      if (!plan || !request.customerId || !request.pixAutomatico) throw new CheckoutError("Não foi possível iniciar o Pix Automático.");
      let rec;
      try {
        rec = await automatico.createRecurrence({
          planId: plan.id,
          planName: plan.name,
          customerId: request.customerId,
          payer: { name: request.pixAutomatico.payerName, cpf: request.pixAutomatico.payerCpf },
          amountCents: plan.priceCents,
          startDate: request.pixAutomatico.startDate,
        });
      } catch (error) {
        throw new CheckoutError(`O banco que gera o Pix Automático não respondeu (${(error as Error).message}).`);
      }
      return {
        checkoutId: rec.idRec,
        url: `${options.publicUrl ?? ""}/assine-o-bem/pix-automatico/${rec.idRec}`,
        recurrence: { id: rec.idRec, startDate: request.pixAutomatico.startDate },
      };
    },
    async getPixRecurrence(recurrenceId: string) {
      const rec = await automatico.getRecurrence(recurrenceId);
      if (!rec) return null;
      return {
        recurrenceId: rec.idRec,
        status: rec.status,
        copyPaste: rec.dadosQR?.pixCopiaECola ?? null,
        events: pixAutomaticoEvents({ recs: [rec] }) ?? [],
      };
    },
    async createPixRecurringCharge(request: PixRecurringChargeRequest) {
      await automatico.createRecurringCharge({
        txid: request.txid,
        idRec: request.recurrenceId,
        amountCents: request.amountCents,
        dueDate: request.dueDate,
        info: request.info,
      });
    },
    /** Issue 30: a failed month's retry on the date our schedule chose (`POST /cobr/{txid}/retentativa/{data}`). */
    retrySubscriptionCharge: (request) => automatico.requestRetry(request.invoice.id, todayInSaoPaulo(request.now)),
    /** Cancelling on our pages ends the authorisation at once (`PATCH /rec`); the `rec` webhook then cancels our row. */
    async changeSubscription({ subscription, change }: SubscriptionChangeRequest) {
      if (change.kind !== "cancel-now" && change.kind !== "cancel-at-period-end")
        throw new CheckoutError("No Pix Automático o valor é fixo: cancele e assine o novo plano.");
      try {
        await automatico.cancelRecurrence(subscription.subscriptionId);
      } catch (error) {
        throw new CheckoutError(`o banco não confirmou o cancelamento: ${(error as Error).message}`);
      }
    },
  } satisfies Partial<PaymentProvider>;

  const provider = {
    name: "pix",
    pixFee: config.fee ?? null,
    pixTxidLength: PIX_API_TXID_LENGTH,
    async createDonationCheckout() {
      throw new CheckoutError("Este provedor recebe apenas Pix.");
    },
    async createPixCharge(request) {
      const original = centsToPixValue(request.amountCents);
      let cob;
      try {
        const res = await call("PUT", `/cob/${encodeURIComponent(request.txid)}`, {
          calendario: { expiracao: request.expiresInSeconds },
          valor: { original },
          chave: config.pixKey,
          solicitacaoPagador: request.description.slice(0, 140),
          infoAdicionais: [{ nome: "Doação", valor: request.donationId }],
        });
        const parsed = cobSchema.safeParse(res.body);
        if ((res.status === 200 || res.status === 201) && parsed.success) cob = parsed.data;
        // A retried request whose first try reached the PSP: the charge already exists.
        else cob = await readCob(request.txid);
      } catch (error) {
        throw new CheckoutError(`O banco que gera o Pix não respondeu (${(error as Error).message}).`);
      }
      if (!cob || cob.status !== "ATIVA" || cob.valor.original !== original || !cob.pixCopiaECola) {
        throw new CheckoutError("Não foi possível gerar o código Pix agora.");
      }
      const expiresAt = new Date(new Date(cob.calendario.criacao).getTime() + cob.calendario.expiracao * 1000);
      return { txid: cob.txid, copyPaste: cob.pixCopiaECola, expiresAt };
    },
    /** Reconciliation (decision 207): the Pix received in the period, as the PSP lists them. */
    listBalanceRecords: (range) => listReceivedPix(call, range, config.fee ?? null),
    async getPixCharge(txid): Promise<PixChargeStatus | null> {
      const cob = await readCob(txid);
      if (!cob) return null;
      return {
        txid: cob.txid,
        status: cob.status,
        payments: (cob.pix ?? []).flatMap((p) => {
          const cents = pixValueToCents(p.valor);
          return cents === null ? [] : [{ endToEndId: p.endToEndId, amountCents: cents, paidAt: new Date(p.horario) }];
        }),
      };
    },
    parseWebhook(rawBody, _headers, url): PaymentEvent[] {
      if (!webhookTokenMatches(url?.searchParams.get("token") ?? null, config.webhookToken)) {
        throw new WebhookSignatureError("token do webhook ausente ou inválido", 401);
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError("corpo inválido");
      }
      // The Pix Automático webhooks (`rec`, `cobr`) come to the same authenticated URL.
      if (isPixAutomaticoBody(json)) {
        const events = pixAutomaticoEvents(json, new Date(), config.fee ?? null);
        if (!events) throw new WebhookSignatureError("evento malformado");
        return events;
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw new WebhookSignatureError("evento malformado");
      // No `pix` list: the PSP's test call when the webhook is registered.
      // Each Pix, then its devoluções (a redelivered Pix is a plain duplicate: its devoluções still count once each).
      return (parsed.data.pix ?? []).flatMap((p) => [pixReceivedEvent("pix", p, config.fee ?? null), ...pixDevolucaoEvents("pix", p)]);
    },
    /** PUT /webhook/{chave}: where the PSP sends our Pix (run once per environment; docs/operations.md). */
    async registerWebhook(webhookUrl: string) {
      const res = await call("PUT", `/webhook/${encodeURIComponent(config.pixKey)}`, { webhookUrl });
      if (res.status < 200 || res.status >= 300) throw new Error(`PUT /webhook respondeu HTTP ${res.status}`);
    },
    /** `npm run admin -- pix-webhooks`: the Pix webhook, and with Pix Automático on, `PUT /webhookrec` and `PUT /webhookcobr`. */
    async registerAllWebhooks(webhookUrl: string): Promise<string[]> {
      await provider.registerWebhook(webhookUrl);
      if (!config.automatico) return ["webhook"];
      await automatico.registerWebhooks(webhookUrl);
      return ["webhook", "webhookrec", "webhookcobr"];
    },
    refundPix,
    /** Pix Automático: `/rec` and `/cobr` (pix-automatico-api.server.ts). */
    pixAutomatico: automatico,
    ...(config.automatico ? pixAutomaticoCheckout : {}),
    /** The refund seam (docs/decisions/151-refunds.md): the devolução's id derives from our idempotency key. */
    async refund(request: RefundRequest) {
      const refundId = pixRefundId(request.idempotencyKey);
      try {
        await refundPix({ endToEndId: request.paymentId, refundId, amountCents: request.amountCents });
      } catch (error) {
        throw new RefundError(`O banco recusou a devolução do Pix (${(error as Error).message}).`);
      }
      return { refundId };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

/** Our devolução id for an idempotency key: the standard's `[a-zA-Z0-9]{1,35}`, the same for a retry. */
export function pixRefundId(idempotencyKey: string) {
  return `D${createHash("sha256").update(`devolucao:${idempotencyKey}`).digest("hex").slice(0, 32)}`;
}

function pspMessage(body: unknown) {
  const m = (body as { mensagem?: unknown } | null)?.mensagem;
  return typeof m === "string" ? `: ${m.slice(0, 120)}` : "";
}
