/**
 * The PSP's own list of the Pix we received, for reconciliation (decision 207): the Central
 * Bank's standard `GET /pix?inicio=…&fim=…` (page by page, `paginacao.paginaAtual`), each Pix with
 * its devoluções. A Pix is a payment record under its end-to-end id; a settled devolução a refund
 * (ours) or a dispute (a MED). The standard's Pix object carries no fee: a payment's is the
 * configured tariff (PIX_PSP_FEE), or null when none is configured.
 */
import { z } from "zod";
import { type FeeSchedule, providerFeeOf } from "~/platform/fee-schedule";
import { pixValueToCents } from "./pix-codes.server";
import { devolucaoSchema } from "./pix-events.server";
import type { ProviderBalanceRecord } from "./types";

type Call = (method: string, path: string) => Promise<{ status: number; body: unknown }>;

const pageSchema = z.object({
  parametros: z.object({ paginacao: z.object({ paginaAtual: z.number().int(), quantidadeDePaginas: z.number().int() }) }).optional(),
  pix: z.array(
    z.object({
      endToEndId: z.string().min(1).max(64),
      txid: z.string().max(35).optional(),
      valor: z.string().max(20),
      horario: z.string().max(40),
      devolucoes: z.array(devolucaoSchema).max(100).optional(),
    }),
  ),
});

/** At most this many pages (100 Pix each) per run: a runaway answer cannot keep the job forever. */
const MAX_PAGES = 200;

export async function listReceivedPix(
  call: Call,
  range: { from: Date; to: Date },
  fee: FeeSchedule | null,
): Promise<ProviderBalanceRecord[]> {
  const records: ProviderBalanceRecord[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      inicio: range.from.toISOString(),
      fim: range.to.toISOString(),
      "paginacao.paginaAtual": String(page),
      "paginacao.itensPorPagina": "100",
    });
    const res = await call("GET", `/pix?${query}`);
    const parsed = pageSchema.safeParse(res.body);
    if (res.status !== 200 || !parsed.success) throw new Error(`GET /pix respondeu HTTP ${res.status}`);
    for (const p of parsed.data.pix) {
      const cents = pixValueToCents(p.valor);
      if (cents === null) throw new Error(`GET /pix: valor ilegível no Pix ${p.endToEndId}`);
      const reference = { paymentId: p.endToEndId, donationId: null, customerId: null };
      records.push({
        id: p.endToEndId,
        kind: "payment",
        amountCents: cents,
        feeCents: fee ? providerFeeOf(fee, cents) : null,
        createdAt: new Date(p.horario),
        ...reference,
      });
      for (const d of p.devolucoes ?? []) {
        const back = pixValueToCents(d.valor);
        if (d.status !== "DEVOLVIDO" || back === null) continue;
        records.push({
          id: `devolucao:${p.endToEndId}:${d.id}`,
          kind: (d.natureza ?? "").startsWith("MED_") ? "dispute" : "refund",
          // As Stripe's balance list signs them: money that left the account.
          amountCents: -back,
          feeCents: null,
          createdAt: new Date(d.horario?.liquidacao ?? d.horario?.solicitacao ?? p.horario),
          ...reference,
        });
      }
    }
    const paging = parsed.data.parametros?.paginacao;
    if (!paging || paging.paginaAtual + 1 >= paging.quantidadeDePaginas) break;
  }
  return records;
}
