/**
 * The API Pix's webhook entries as normalized events (docs/decisions/150-pix.md): each Pix received
 * (`paid`, keyed by its end-to-end id) and its settled devoluções (`refunded`, or `disputed` for a MED).
 */
import { z } from "zod";
import type { PaymentEvent, ProviderName } from "./types";
import { pixValueToCents } from "./pix-codes.server";
import { type FeeSchedule, providerFeeOf } from "~/platform/fee-schedule";

/**
 * A devolução as the standard describes it (webhook `pix[].devolucoes[]`, `GET /pix/{e2eid}/devolucao/{id}`).
 * `natureza` ORIGINAL / RETIRADA are ours; a `MED_*` nature is the Special Return Mechanism (a
 * fraud or operational-failure claim the payer's bank won: the money already left our account).
 */
export const devolucaoSchema = z.object({
  id: z.string().min(1).max(35),
  rtrId: z.string().max(64).optional(),
  valor: z.string().max(20),
  status: z.string().max(40),
  natureza: z.string().max(40).optional(),
  motivo: z.string().max(140).optional(),
  horario: z.object({ solicitacao: z.string().max(40).optional(), liquidacao: z.string().max(40).optional() }).optional(),
});

/**
 * One Pix of a webhook or of a re-read charge as a normalized event: its end-to-end id is the event
 * id. The standard's Pix object has no fee: the PSP's is its configured tariff (`fee`; null = unknown).
 */
export function pixReceivedEvent(
  provider: ProviderName,
  p: { endToEndId: string; txid?: string; valor: string; horario: string },
  fee: FeeSchedule | null = null,
): PaymentEvent {
  const base = { id: p.endToEndId, provider, type: "pix", occurredAt: new Date(p.horario) };
  const cents = pixValueToCents(p.valor);
  // A Pix to our key without a charge of ours (no txid), or one we cannot read: kept as ignored.
  if (!p.txid || cents === null || Number.isNaN(base.occurredAt.getTime())) return { ...base, kind: "ignored", reason: "Pix sem cobrança" };
  return {
    ...base,
    kind: "donation",
    action: "paid",
    ref: {},
    paymentId: p.endToEndId,
    pix: { txid: p.txid, endToEndId: p.endToEndId, amountCents: cents },
    providerFeeCents: fee ? providerFeeOf(fee, cents) : null,
  };
}

/**
 * A Pix's settled devoluções as events (docs/decisions/150-pix.md, "Refunds and MED"): ours
 * (`ORIGINAL`, `RETIRADA`) are `refunded` with the devolução as the refund; one made by the Special
 * Return Mechanism (`natureza` `MED_*`) is `disputed`. Only `DEVOLVIDO` moves money: a devolução
 * still `EM_PROCESSAMENTO` or `NAO_REALIZADO` is not an event. The event id names the Pix and the
 * devolução, so a redelivery is a duplicate.
 */
export function pixDevolucaoEvents(
  provider: "pix" | "sandbox",
  p: { endToEndId: string; horario: string; devolucoes?: Array<z.infer<typeof devolucaoSchema>> },
): PaymentEvent[] {
  return (p.devolucoes ?? []).flatMap((d): PaymentEvent[] => {
    if (d.status !== "DEVOLVIDO") return [];
    const cents = pixValueToCents(d.valor);
    const occurredAt = new Date(d.horario?.liquidacao ?? d.horario?.solicitacao ?? p.horario);
    const med = (d.natureza ?? "").startsWith("MED_");
    const base = { id: `devolucao:${p.endToEndId}:${d.id}`, provider, type: med ? "pix.med" : "pix.devolucao", occurredAt };
    if (cents === null || Number.isNaN(occurredAt.getTime())) return [{ ...base, kind: "ignored", reason: "devolução ilegível" }];
    return [
      {
        ...base,
        kind: "donation",
        action: med ? "disputed" : "refunded",
        ref: { paymentId: p.endToEndId },
        paymentId: p.endToEndId,
        refund: med ? null : { refundId: d.id, amountCents: cents },
      },
    ];
  });
}
