/**
 * Pix Automático in a PSP's API Pix (docs/decisions/150-pix.md, "Pix Automático"; BCB API Pix 2.9.0,
 * tags Rec, PayloadLocationRec, CobR, WebhookRec, WebhookCobR): the recurrence the subscriber
 * authorises once (`POST /locrec`, then `POST /rec` with that location so `GET /rec/{idRec}` has
 * the QR code of the standard's "jornada 2"), its cancellation (`PATCH /rec/{idRec}`), each
 * month's charge (`PUT /cobr/{txid}`: our txid, derived from the recurrence and the month, so a
 * retried job asks for the same charge), and the registration of the `rec` / `cobr` webhooks.
 * The webhooks themselves are read by pix-automatico-events.server.ts.
 */
import { z } from "zod";
import type { PixRecebedor } from "~/platform/config.server";
import { centsToPixValue } from "./pix-codes.server";

type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * What we write in the recurrence's `vinculo.contrato` (at most 35 characters): the plan's initial
 * and our billing customer (`billing_customers`, provider `pix`). Our subscription row, written
 * when the recurrence is created, is what a webhook finds (the standard's notification carries
 * only `idRec`); the contract is what the subscriber's bank app shows.
 */
const recurrenceContract = (planId: string, customerId: string) => `${planId.slice(0, 1)}-${customerId}`;
const PLAN_BY_INITIAL: Record<string, string> = { b: "bronze", p: "prata", o: "ouro", d: "diamante" };
export function readContract(contract: string | undefined) {
  const match = /^([bpod])-([A-Za-z0-9_]{1,33})$/.exec(contract ?? "");
  return match ? { planId: PLAN_BY_INITIAL[match[1]!]!, customerId: match[2]! } : null;
}
/** A plan's "price id" for a PSP's Pix Automático (plan-prices.server.ts maps it back). */
export const pixAutomaticoPriceId = (planId: string) => `pix_automatico_${planId}`;

/**
 * One status change. The standard names it `status`; some of its own examples (and PSPs that
 * copied them) write `nome`: either is read.
 */
const updateSchema = z.object({ status: z.string().max(40).optional(), nome: z.string().max(40).optional(), data: z.string().max(40) });
export const updatesSchema = z.array(updateSchema).max(50).optional();

export const recSchema = z.object({
  idRec: z.string().min(1).max(35),
  status: z.enum(["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"]),
  vinculo: z.object({ contrato: z.string().max(35).optional(), objeto: z.string().max(35).optional() }).optional(),
  calendario: z.object({ dataInicial: z.string().max(10).optional(), periodicidade: z.string().max(20).optional() }).optional(),
  valor: z.object({ valorRec: z.string().max(20).optional() }).optional(),
  dadosQR: z.object({ pixCopiaECola: z.string().max(1000).optional(), jornada: z.string().max(20).optional() }).optional(),
  encerramento: z
    .object({
      cancelamento: z.object({ solicitante: z.string().max(40).optional(), codigo: z.string().max(10).optional() }).optional(),
      rejeicao: z.object({ codigo: z.string().max(10).optional() }).optional(),
    })
    .optional(),
  atualizacao: updatesSchema,
});
export type Recurrence = z.infer<typeof recSchema>;

const cobrResponseSchema = z.object({
  idRec: z.string().min(1).max(35),
  txid: z.string().min(1).max(35),
  status: z.enum(["CRIADA", "ATIVA", "CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"]),
  valor: z.object({ original: z.string().max(20) }),
  calendario: z.object({ dataDeVencimento: z.string().max(10) }),
  atualizacao: updatesSchema,
});
const locrecSchema = z.object({ id: z.coerce.number().int(), location: z.string().max(200).optional() });

export type RecurrenceRequest = {
  planId: string;
  planName: string;
  customerId: string;
  /** `vinculo.devedor`: the standard requires the payer's CPF and name. */
  payer: { name: string; cpf: string };
  amountCents: number;
  /** yyyy-MM-dd, the first month's due date (`calendario.dataInicial`). */
  startDate: string;
};

/** `recebedor`: our receiving account for `PUT /cobr`, when configured (PIX_RECEBEDOR_*). */
export function pixAutomaticoResources(call: ApiCall, options: { recebedor?: PixRecebedor } = {}) {
  async function readRec(idRec: string) {
    const res = await call("GET", `/rec/${encodeURIComponent(idRec)}`);
    if (res.status === 404) return null;
    const parsed = recSchema.safeParse(res.body);
    if (res.status !== 200 || !parsed.success) throw new Error(`GET /rec respondeu HTTP ${res.status}`);
    return parsed.data;
  }
  async function put(path: string, body: unknown) {
    const res = await call("PUT", path, body);
    if (res.status < 200 || res.status >= 300) throw new Error(`PUT ${path} respondeu HTTP ${res.status}`);
  }
  return {
    /**
     * POST /locrec then POST /rec: a monthly recurrence of `amountCents` from `startDate`, retries
     * allowed (PERMITE_3R_7D), with a location so its QR code can be shown.
     */
    async createRecurrence(request: RecurrenceRequest): Promise<Recurrence> {
      const loc = await call("POST", "/locrec");
      const location = locrecSchema.safeParse(loc.body);
      if ((loc.status !== 200 && loc.status !== 201) || !location.success) throw new Error(`POST /locrec respondeu HTTP ${loc.status}`);
      const res = await call("POST", "/rec", {
        vinculo: {
          objeto: `Assine o Bem ${request.planName}`.slice(0, 35),
          contrato: recurrenceContract(request.planId, request.customerId),
          devedor: { cpf: request.payer.cpf, nome: request.payer.name.slice(0, 140) },
        },
        calendario: { dataInicial: request.startDate, periodicidade: "MENSAL" },
        valor: { valorRec: centsToPixValue(request.amountCents) },
        politicaRetentativa: "PERMITE_3R_7D",
        loc: location.data.id,
      });
      const parsed = recSchema.safeParse(res.body);
      if ((res.status !== 200 && res.status !== 201) || !parsed.success) throw new Error(`POST /rec respondeu HTTP ${res.status}`);
      return parsed.data;
    },
    /** GET /rec/{idRec}: its status and the QR code (`dadosQR.pixCopiaECola`) the subscriber's bank app reads. */
    getRecurrence: readRec,
    /**
     * PATCH /rec/{idRec} `{ status: "CANCELADA" }`: we end the authorisation (cancelled on our pages).
     * A recurrence already cancelled (a retry, or the payer was first) is not an error.
     */
    async cancelRecurrence(idRec: string): Promise<void> {
      const res = await call("PATCH", `/rec/${encodeURIComponent(idRec)}`, { status: "CANCELADA" });
      if (res.status === 200) return;
      const current = await readRec(idRec);
      if (current && ["CANCELADA", "REJEITADA", "EXPIRADA"].includes(current.status)) return;
      throw new Error(`PATCH /rec respondeu HTTP ${res.status}`);
    },
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
        // The standard lists it as required; a PSP that fills in its own account takes the charge without it.
        ...(options.recebedor ? { recebedor: options.recebedor } : {}),
      });
      let parsed = cobrResponseSchema.safeParse(res.body);
      if ((res.status !== 200 && res.status !== 201) || !parsed.success)
        parsed = cobrResponseSchema.safeParse((await call("GET", path)).body);
      if (!parsed.success || parsed.data.idRec !== request.idRec || parsed.data.valor.original !== original)
        throw new Error(`PUT /cobr respondeu HTTP ${res.status}`);
      return parsed.data;
    },
    /**
     * POST /cobr/{txid}/retentativa/{data}: one of the retries the recurrence's policy allows
     * (PERMITE_3R_7D: up to 3 within 7 days); the date names the retry, so asking again is the same one.
     */
    async requestRetry(txid: string, date: string) {
      const res = await call("POST", `/cobr/${encodeURIComponent(txid)}/retentativa/${date}`);
      if (res.status < 200 || res.status >= 300) throw new Error(`POST /cobr/retentativa respondeu HTTP ${res.status}`);
    },
    /** PUT /webhookrec and PUT /webhookcobr: where the PSP notifies recurrences and their charges (it appends `/rec`, `/cobr`). */
    async registerWebhooks(webhookUrl: string) {
      await put("/webhookrec", { webhookUrl });
      await put("/webhookcobr", { webhookUrl });
    },
  };
}
