/**
 * Pix Automático in a PSP's API Pix (docs/decisions/150-pix.md, "Pix Automático"): the recurrence
 * the subscriber authorises once (`POST /rec`, `GET /rec/{idRec}` with its QR code), each month's
 * charge (`PUT /cobr/{txid}`: our txid, derived from the recurrence and the period, so a retried
 * job asks for the same charge), and the `rec` / `cobr` webhooks mapped onto the subscription
 * actions every provider uses. Not reachable from the UI yet: the monthly job and our own QR page
 * for a PSP are the next step.
 */
import { z } from "zod";
import type { PaymentEvent, SubscriptionPaymentEvent } from "./types";
import { centsToPixValue, pixValueToCents } from "./pix-codes.server";

type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * What we write in the recurrence's `vinculo.contrato` (at most 35 characters): the plan's initial
 * and our billing customer (`billing_customers`, provider `pix`), read back from its webhooks.
 */
const recurrenceContract = (planId: string, customerId: string) => `${planId.slice(0, 1)}-${customerId}`;
const PLAN_BY_INITIAL: Record<string, string> = { b: "bronze", p: "prata", o: "ouro", d: "diamante" };
function readContract(contract: string | undefined) {
  const match = /^([bpod])-([A-Za-z0-9_]{1,33})$/.exec(contract ?? "");
  return match ? { planId: PLAN_BY_INITIAL[match[1]!]!, customerId: match[2]! } : null;
}
/** A plan's "price id" for a PSP's Pix Automático (plan-prices.server.ts maps it back). */
const pixAutomaticoPriceId = (planId: string) => `pix_automatico_${planId}`;

const recSchema = z.object({
  idRec: z.string().min(1).max(35),
  status: z.enum(["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"]),
  vinculo: z.object({ contrato: z.string().max(35).optional(), objeto: z.string().max(35).optional() }).optional(),
  calendario: z.object({ dataInicial: z.string().max(10).optional(), periodicidade: z.string().max(20).optional() }).optional(),
  valor: z.object({ valorRec: z.string().max(20).optional() }).optional(),
  dadosQR: z.object({ pixCopiaECola: z.string().max(1000).optional() }).optional(),
  encerramento: z.object({ cancelamento: z.object({ solicitante: z.string().max(40).optional() }).optional() }).optional(),
  atualizacao: z
    .array(z.object({ status: z.string().max(40), data: z.string().max(40) }))
    .max(50)
    .optional(),
});
const cobrSchema = z.object({
  idRec: z.string().min(1).max(35),
  txid: z.string().min(1).max(35),
  status: z.enum(["CRIADA", "ATIVA", "CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"]),
  valor: z.object({ original: z.string().max(20) }),
  calendario: z.object({ dataDeVencimento: z.string().max(10) }),
  atualizacao: z
    .array(z.object({ status: z.string().max(40), data: z.string().max(40) }))
    .max(50)
    .optional(),
});

export function pixAutomaticoResources(call: ApiCall) {
  async function readRec(idRec: string) {
    const res = await call("GET", `/rec/${encodeURIComponent(idRec)}`);
    if (res.status === 404) return null;
    const parsed = recSchema.safeParse(res.body);
    if (res.status !== 200 || !parsed.success) throw new Error(`GET /rec respondeu HTTP ${res.status}`);
    return parsed.data;
  }
  return {
    /** POST /rec: a monthly recurrence of `amountCents` from `startDate` (yyyy-MM-dd), retries allowed by the PSP's policy. */
    async createRecurrence(request: {
      planId: string;
      planName: string;
      customerId: string;
      payerName: string;
      amountCents: number;
      startDate: string;
    }) {
      const res = await call("POST", "/rec", {
        vinculo: {
          objeto: `Assine o Bem ${request.planName}`.slice(0, 35),
          contrato: recurrenceContract(request.planId, request.customerId),
          devedor: { nome: request.payerName.slice(0, 140) },
        },
        calendario: { dataInicial: request.startDate, periodicidade: "MENSAL" },
        valor: { valorRec: centsToPixValue(request.amountCents) },
        politicaRetentativa: "PERMITE_3R_7D",
      });
      const parsed = recSchema.safeParse(res.body);
      if ((res.status !== 200 && res.status !== 201) || !parsed.success) throw new Error(`POST /rec respondeu HTTP ${res.status}`);
      return parsed.data;
    },
    /** GET /rec/{idRec}: its status and the QR code (`dadosQR.pixCopiaECola`) the subscriber's bank app reads. */
    getRecurrence: readRec,
    /** PUT /cobr/{txid}: one month's charge, created ahead of its due date; the same txid again finds the same charge. */
    async createRecurringCharge(request: { txid: string; idRec: string; amountCents: number; dueDate: string; info: string }) {
      const path = `/cobr/${encodeURIComponent(request.txid)}`;
      const original = centsToPixValue(request.amountCents);
      const res = await call("PUT", path, {
        idRec: request.idRec,
        infoAdicional: request.info.slice(0, 140),
        calendario: { dataDeVencimento: request.dueDate },
        valor: { original },
        ajusteDiaUtil: true,
      });
      let parsed = cobrSchema.safeParse(res.body);
      if ((res.status !== 200 && res.status !== 201) || !parsed.success) parsed = cobrSchema.safeParse((await call("GET", path)).body);
      if (!parsed.success || parsed.data.idRec !== request.idRec || parsed.data.valor.original !== original)
        throw new Error(`PUT /cobr respondeu HTTP ${res.status}`);
      return parsed.data;
    },
  };
}

const webhookSchema = z.object({
  rec: z.array(recSchema).max(1000).optional(),
  cobr: z.array(cobrSchema).max(1000).optional(),
});

/** True when a webhook body carries Pix Automático resources (the `rec` or `cobr` webhooks). */
export function isPixAutomaticoBody(json: unknown): boolean {
  return typeof json === "object" && json !== null && ("rec" in json || "cobr" in json);
}

/**
 * The `rec` and `cobr` webhooks as subscription events: recurrence APROVADA → `updated` (active),
 * CANCELADA → `deleted` (`canceledByPayer` when the payer asked, in their bank app); a charge
 * CONCLUIDA → `invoice_paid`, REJEITADA / EXPIRADA → `invoice_failed`. Event ids name the resource,
 * its status and how many updates it had, so a redelivery is a duplicate and a retry is news.
 */
export function pixAutomaticoEvents(json: unknown, now = new Date()): PaymentEvent[] | null {
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  const events: PaymentEvent[] = [];
  const when = (updates: Array<{ data: string }> | undefined) => {
    const at = new Date(updates?.at(-1)?.data ?? now.toISOString());
    return Number.isNaN(at.getTime()) ? now : at;
  };
  const base = (id: string, type: string, occurredAt: Date, idRec: string) => ({
    id,
    provider: "pix" as const,
    type,
    occurredAt,
    subscriptionId: idRec,
    customerId: null,
    cancelAtPeriodEnd: false,
  });
  for (const rec of parsed.data.rec ?? []) {
    const contract = readContract(rec.vinculo?.contrato);
    const id = `rec:${rec.idRec}:${rec.status}:${rec.atualizacao?.length ?? 0}`;
    const common = {
      ...base(id, `pix.rec.${rec.status}`, when(rec.atualizacao), rec.idRec),
      customerId: contract?.customerId ?? null,
      userId: null,
      priceId: contract ? pixAutomaticoPriceId(contract.planId) : null,
    };
    if (rec.status === "APROVADA") {
      events.push({ ...common, kind: "subscription", action: "updated", status: "active", currentPeriodEnd: null, invoice: null });
    } else if (rec.status === "CANCELADA") {
      const byPayer = (rec.encerramento?.cancelamento?.solicitante ?? "").toUpperCase().includes("PAGADOR");
      events.push({
        ...common,
        kind: "subscription",
        action: "deleted",
        status: "canceled",
        currentPeriodEnd: null,
        invoice: null,
        canceledByPayer: byPayer,
      });
    } else {
      events.push({
        id,
        provider: "pix",
        type: `pix.rec.${rec.status}`,
        occurredAt: common.occurredAt,
        kind: "ignored",
        reason: "recorrência sem efeito aqui",
      });
    }
  }
  for (const cobr of parsed.data.cobr ?? []) {
    const id = `cobr:${cobr.txid}:${cobr.status}:${cobr.atualizacao?.length ?? 0}`;
    const cents = pixValueToCents(cobr.valor.original);
    const action =
      cobr.status === "CONCLUIDA" ? "invoice_paid" : cobr.status === "REJEITADA" || cobr.status === "EXPIRADA" ? "invoice_failed" : null;
    const occurredAt = when(cobr.atualizacao);
    if (!action || cents === null) {
      events.push({
        id,
        provider: "pix",
        type: `pix.cobr.${cobr.status}`,
        occurredAt,
        kind: "ignored",
        reason: "cobrança sem resultado ainda",
      });
      continue;
    }
    // The charge pays the month that starts at its due date.
    const due = new Date(`${cobr.calendario.dataDeVencimento}T12:00:00Z`);
    const periodEnd = new Date(due);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    const event: SubscriptionPaymentEvent = {
      ...base(id, `pix.cobr.${cobr.status}`, occurredAt, cobr.idRec),
      kind: "subscription",
      action,
      userId: null,
      priceId: null,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: null,
      invoice: { id: cobr.txid, amountCents: cents, periodEnd: Number.isNaN(periodEnd.getTime()) ? null : periodEnd },
    };
    events.push(event);
  }
  return events;
}
