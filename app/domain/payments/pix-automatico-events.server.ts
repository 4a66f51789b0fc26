/**
 * The `rec` and `cobr` webhooks of a PSP's API Pix as subscription events (docs/decisions/150-pix.md,
 * "Pix Automático"). The standard (BCB API Pix 2.9.0, callbacks of `PUT /webhookrec` and
 * `PUT /webhookcobr`) posts `{ "recs": [RecNotification] }` to `{webhookUrl}/rec` and
 * `{ "cobsr": [CobRNotification] }` to `{webhookUrl}/cobr`; a notification carries the id, the
 * status, its history (`atualizacao`), the closing reason and, for a charge, its attempts and Pix —
 * not the plan, the amount or the due date. The subscription is found by `idRec` (our row, written
 * when the recurrence was created) and a charge's amount and period by its txid (the row the monthly
 * job wrote), in subscription-events.server.ts. The singular `rec` / `cobr` lists are read too.
 */
import { z } from "zod";
import type { PaymentEvent, SubscriptionPaymentEvent } from "./types";
import { pixValueToCents } from "./pix-codes.server";
import { pixAutomaticoPriceId, readContract, recSchema, updatesSchema } from "./pix-automatico-api.server";
import { type FeeSchedule, providerFeeOf } from "~/platform/fee-schedule";

const cobrNotificationSchema = z.object({
  idRec: z.string().min(1).max(35),
  txid: z.string().min(1).max(35),
  status: z.enum(["CRIADA", "ATIVA", "CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"]),
  valor: z.object({ original: z.string().max(20) }).optional(),
  calendario: z.object({ dataDeVencimento: z.string().max(10).optional() }).optional(),
  pix: z
    .array(z.object({ endToEndId: z.string().max(64).optional(), valor: z.string().max(20).optional() }))
    .max(20)
    .optional(),
  atualizacao: updatesSchema,
});

const list = <T extends z.ZodType>(item: T) => z.array(item).max(1000).optional();
const webhookSchema = z.object({
  recs: list(recSchema),
  rec: list(recSchema),
  cobsr: list(cobrNotificationSchema),
  cobr: list(cobrNotificationSchema),
});

/** True when a webhook body carries Pix Automático resources (the `rec` or `cobr` webhooks). */
export function isPixAutomaticoBody(json: unknown): boolean {
  return typeof json === "object" && json !== null && ["recs", "cobsr", "rec", "cobr"].some((key) => key in json);
}

/** The charge's amount: its `valor`, else what its Pix paid; null when the notification says neither. */
function chargeCents(cobr: z.infer<typeof cobrNotificationSchema>): number | null {
  if (cobr.valor) return pixValueToCents(cobr.valor.original);
  const paid = (cobr.pix ?? []).map((p) => (p.valor ? pixValueToCents(p.valor) : null));
  return paid.length > 0 && paid.every((c) => c !== null) ? paid.reduce<number>((sum, c) => sum + c!, 0) : null;
}

/**
 * Recurrence APROVADA → `updated` (active), CANCELADA → `deleted` (`canceledByPayer` when the
 * payer or their bank ended it), REJEITADA / EXPIRADA → `deleted` (`incomplete_expired`); a charge CONCLUIDA → `invoice_paid`, REJEITADA / EXPIRADA →
 * `invoice_failed`. Event ids name the resource, its status and how many updates it had, so a
 * redelivery is a duplicate and a retry is news. Null for a body that is not one of these.
 */
export function pixAutomaticoEvents(json: unknown, now = new Date(), fee: FeeSchedule | null = null): PaymentEvent[] | null {
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  const events: PaymentEvent[] = [];
  const when = (updates: Array<{ data: string }> | undefined) => {
    const at = new Date(updates?.at(-1)?.data ?? now.toISOString());
    return Number.isNaN(at.getTime()) ? now : at;
  };
  const ignored = (id: string, type: string, occurredAt: Date, reason: string): PaymentEvent => ({
    id,
    provider: "pix",
    type,
    occurredAt,
    kind: "ignored",
    reason,
  });
  for (const rec of [...(parsed.data.recs ?? []), ...(parsed.data.rec ?? [])]) {
    const contract = readContract(rec.vinculo?.contrato);
    const id = `rec:${rec.idRec}:${rec.status}:${rec.atualizacao?.length ?? 0}`;
    const common = {
      id,
      provider: "pix" as const,
      type: `pix.rec.${rec.status}`,
      occurredAt: when(rec.atualizacao),
      kind: "subscription" as const,
      subscriptionId: rec.idRec,
      customerId: contract?.customerId ?? null,
      userId: null,
      priceId: contract ? pixAutomaticoPriceId(contract.planId) : null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      invoice: null,
    };
    if (rec.status === "APROVADA") events.push({ ...common, action: "updated", status: "active" });
    else if (rec.status === "CANCELADA") {
      // USUARIO_PAGADOR / PSP_PAGADOR: ended in the bank app, not on our pages (we e-mail the subscriber).
      const byPayer = (rec.encerramento?.cancelamento?.solicitante ?? "").toUpperCase().includes("PAGADOR");
      events.push({ ...common, action: "deleted", status: "canceled", canceledByPayer: byPayer });
    } else if (rec.status === "REJEITADA" || rec.status === "EXPIRADA") {
      // Refused in the bank app, or never authorised in time: it ends before it started.
      events.push({ ...common, action: "deleted", status: "incomplete_expired" });
    } else events.push(ignored(id, common.type, common.occurredAt, "recorrência sem efeito aqui"));
  }
  for (const cobr of [...(parsed.data.cobsr ?? []), ...(parsed.data.cobr ?? [])]) {
    const id = `cobr:${cobr.txid}:${cobr.status}:${cobr.atualizacao?.length ?? 0}`;
    const type = `pix.cobr.${cobr.status}`;
    const occurredAt = when(cobr.atualizacao);
    const action =
      cobr.status === "CONCLUIDA" ? "invoice_paid" : cobr.status === "REJEITADA" || cobr.status === "EXPIRADA" ? "invoice_failed" : null;
    if (!action) {
      events.push(ignored(id, type, occurredAt, "cobrança sem resultado ainda"));
      continue;
    }
    // The charge pays the month that starts at its due date (when the body names it; else our record of the charge does).
    const due = cobr.calendario?.dataDeVencimento ? new Date(`${cobr.calendario.dataDeVencimento}T12:00:00Z`) : null;
    const periodEnd = due && !Number.isNaN(due.getTime()) ? new Date(due) : null;
    periodEnd?.setUTCMonth(periodEnd.getUTCMonth() + 1);
    const event: SubscriptionPaymentEvent = {
      id,
      provider: "pix",
      type,
      occurredAt,
      kind: "subscription",
      action,
      subscriptionId: cobr.idRec,
      customerId: null,
      userId: null,
      priceId: null,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: null,
      invoice: {
        id: cobr.txid,
        amountCents: chargeCents(cobr) ?? 0,
        periodEnd,
        ...(action === "invoice_paid" ? { providerFeeCents: fee ? providerFeeOf(fee, chargeCents(cobr) ?? 0) : null } : {}),
      },
    };
    events.push(event);
  }
  return events;
}
