/**
 * Reconciliation against the providers' own books (decision 130, check 6; decision 207): the
 * sandbox's delivered events over all time; for the period, Stripe's balance transactions and the
 * Pix PSP's list of Pix received (`GET /pix`) — every payment the PSP has that the ledger lacks,
 * every amount or PSP fee that differs, every ledger row the PSP does not have.
 */
import { sql } from "drizzle-orm";
import type { PaymentProvider, ProviderBalanceRecord } from "~/domain/payments";
import { type FeeSchedule, providerFeeOf } from "~/platform/fee-schedule";
import { brl, type Discrepancy, KIND_PT, n, type Read } from "./reconcile-support.server";

/** Stripe's records a day either side of the period, so a payment near the edge is matched. */
const MARGIN_MS = 86_400_000;

/**
 * What the sandbox's delivered events say moved: the events that moved a gift's status into or
 * between paid states (each gift's status history names them) and the refunds it confirmed (the
 * refunds table names their events). Each has its rows under its event id — a first payment's row
 * for the gift's amount — and no sandbox row lacks such an event. Amounts of refunds and disputes
 * are checked against the gift by checkGifts.
 */
export async function checkSandbox(read: Read, out: Discrepancy[], fees?: { card: FeeSchedule; pix: FeeSchedule }) {
  if (fees) await checkSandboxFees(read, out, fees);
  const moves = await read<{ donation: string; receipt: string; event: string; first_paid: boolean; amount: string }>(sql`
    select d.id as donation, d.receipt_number as receipt, h.provider_event_id as event,
      coalesce(h.from_status not in ('paga', 'reembolsada', 'contestada'), true) as first_paid,
      -- What was charged: the gift and the fee its donor covered (decision 216).
      d.amount_cents + d.fee_covered_cents as amount
    from donation_status_history h
    join donations d on d.id = h.donation_id and d.provider = 'sandbox'
    where h.provider_event_id is not null and h.to_status in ('paga', 'reembolsada', 'contestada')
    union all
    select d.id, d.receipt_number, r.provider_event_id, false, r.amount_cents
    from refunds r join donations d on d.id = r.donation_id and d.provider = 'sandbox'
    where r.status = 'succeeded' and r.provider_event_id is not null`);
  const ours = await read<{ donation: string; receipt: string; kind: string; event: string | null; gross: string }>(sql`
    select l.donation_id as donation, d.receipt_number as receipt, l.kind, l.provider_event_id as event, l.gross_cents as gross
    from ledger_entries l join donations d on d.id = l.donation_id
    where l.provider = 'sandbox' and l.kind in ('gift_paid', 'refund', 'chargeback', 'reversal')`);
  const key = (donation: string, event: string | null) => `${donation}:${event}`;
  const byEvent = new Map<string, typeof ours>();
  for (const o of ours) byEvent.set(key(o.donation, o.event), [...(byEvent.get(key(o.donation, o.event)) ?? []), o]);
  const named = new Set<string>();
  for (const m of moves) {
    const k = key(m.donation, m.event);
    named.add(k);
    const mine = byEvent.get(k) ?? [];
    const paid = mine.find((o) => o.kind === "gift_paid");
    if (mine.length === 0 || (m.first_paid && !paid)) {
      out.push({
        check: "provider",
        pt: `Sandbox: o evento ${m.event} (doação nº ${m.receipt}, ${brl(m.amount)}) não tem lançamento no livro-caixa.`,
        en: `Sandbox: event ${m.event} (gift #${m.receipt}, ${brl(m.amount)}) has no ledger row.`,
      });
    } else if (m.first_paid && n(paid!.gross) !== n(m.amount)) {
      out.push({
        check: "provider",
        pt: `Sandbox: o evento ${m.event} (${KIND_PT.gift_paid}, doação nº ${m.receipt}) moveu ${brl(m.amount)}; o livro-caixa tem ${brl(paid!.gross)}.`,
        en: `Sandbox: event ${m.event} (gift_paid, gift #${m.receipt}) moved ${brl(m.amount)}; the ledger has ${brl(paid!.gross)}.`,
      });
    }
  }
  for (const row of ours) {
    if (named.has(key(row.donation, row.event))) continue;
    out.push({
      check: "provider",
      pt: `Sandbox: lançamento de ${KIND_PT[row.kind]} da doação nº ${row.receipt} (${brl(row.gross)}) sem evento do provedor que o explique.`,
      en: `Sandbox: ${row.kind} row of gift #${row.receipt} (${brl(row.gross)}) with no provider event behind it.`,
    });
  }
  return moves.length;
}

/**
 * The sandbox's statement of fees (decision 207): a paid row's recorded PSP fee — a gift's or a
 * monthly charge's — is the one the sandbox simulates on it (card, or Pix and Pix Automático). A
 * row without one (paid before the sandbox reported fees) states nothing to compare.
 */
async function checkSandboxFees(read: Read, out: Discrepancy[], fees: { card: FeeSchedule; pix: FeeSchedule }) {
  const rows = await read<{ what: "gift" | "charge"; receipt: string; method: string; gross: string; provider_fee: string }>(sql`
    select 'gift' as what, d.receipt_number as receipt, d.payment_method as method, l.gross_cents as gross, l.provider_fee_cents as provider_fee
    from ledger_entries l join donations d on d.id = l.donation_id
    where l.provider = 'sandbox' and l.kind = 'gift_paid' and l.provider_fee_cents is not null
    union all
    select 'charge', c.receipt_number, s.payment_method, l.gross_cents, l.provider_fee_cents
    from ledger_entries l join subscription_charges c on c.id = l.subscription_charge_id join subscriptions s on s.id = c.subscription_id
    where l.provider = 'sandbox' and l.kind = 'subscription_charge_paid' and l.provider_fee_cents is not null
    order by 1, 2`);
  for (const row of rows) {
    const pix = row.method === "pix" || row.method === "pix_automatico";
    const expected = providerFeeOf(pix ? fees.pix : fees.card, n(row.gross));
    if (expected === n(row.provider_fee)) continue;
    const [pt, en] =
      row.what === "gift"
        ? [`a doação nº ${row.receipt}`, `gift #${row.receipt}`]
        : [`a cobrança mensal nº ${row.receipt}`, `monthly charge #${row.receipt}`];
    out.push({
      check: "provider",
      pt: `Sandbox: ${pt} (${brl(row.gross)}) teria taxa do provedor de ${brl(expected)}; o livro-caixa registra ${brl(row.provider_fee)}.`,
      en: `Sandbox: ${en} (${brl(row.gross)}) would have a provider fee of ${brl(expected)}; the ledger records ${brl(row.provider_fee)}.`,
    });
  }
}

type OurProviderRow = {
  kind: string;
  gross: string;
  occurred_at: string | Date;
  donation: string | null;
  receipt: string | null;
  payment: string | null;
  customer: string | null;
  event: string | null;
  provider_fee: string | null;
};

/** How the report names each provider's books. */
const BOOKS: Record<string, string> = { stripe: "Stripe", pix: "PSP Pix" };

const RECORD_KIND: Record<ProviderBalanceRecord["kind"], string> = {
  payment: "gift_paid",
  refund: "refund",
  dispute: "chargeback",
  dispute_reversal: "reversal",
};

/** A provider's records of the period (Stripe's balance transactions, the Pix PSP's received Pix) against our rows of it. */
export async function checkProviderBooks(read: Read, out: Discrepancy[], provider: PaymentProvider, range: { from: Date; to: Date }) {
  const books = BOOKS[provider.name] ?? provider.name;
  const wide = { from: new Date(range.from.getTime() - MARGIN_MS), to: new Date(range.to.getTime() + MARGIN_MS) };
  let records: ProviderBalanceRecord[];
  try {
    records = await provider.listBalanceRecords!(wide);
  } catch (error) {
    out.push({
      check: "provider",
      pt: `${books}: não foi possível ler a lista de movimentos (${(error as Error).message}).`,
      en: `${books}: could not read its records (${(error as Error).message}).`,
    });
    return 0;
  }
  const ours = await read<OurProviderRow>(sql`
    select l.kind, l.gross_cents as gross, l.occurred_at, l.donation_id as donation, d.receipt_number as receipt,
      d.provider_payment_id as payment, s.provider_customer_id as customer, l.provider_event_id as event,
      l.provider_fee_cents as provider_fee
    from ledger_entries l
    left join donations d on d.id = l.donation_id
    left join subscription_charges c on c.id = l.subscription_charge_id
    left join subscriptions s on s.id = c.subscription_id
    where l.provider = ${provider.name} and l.kind <> 'payout'
      and l.occurred_at >= ${wide.from.toISOString()} and l.occurred_at < ${wide.to.toISOString()}`);
  const inRange = (at: Date) => at >= range.from && at < range.to;
  const left = new Set(ours.map((_, i) => i));
  const describe = (o: OurProviderRow) => (o.receipt ? `doação nº ${o.receipt}` : `mensalidade do cliente ${o.customer ?? "?"}`);
  const describeEn = (o: OurProviderRow) => (o.receipt ? `gift #${o.receipt}` : `subscription charge of customer ${o.customer ?? "?"}`);

  for (const record of records) {
    const kind = RECORD_KIND[record.kind];
    const sameGift = (o: OurProviderRow) =>
      o.donation !== null &&
      ((record.donationId !== null && o.donation === record.donationId) ||
        (record.paymentId !== null && o.payment === record.paymentId) ||
        // A Pix's paid row is under its end-to-end id (a second Pix of one gift has its own).
        o.event === record.id);
    let match =
      [...left].find((i) => ours[i]!.kind === kind && ours[i]!.event === record.id) ??
      [...left].find((i) => ours[i]!.kind === kind && sameGift(ours[i]!));
    if (match === undefined && record.kind === "payment" && record.customerId) {
      // A subscription invoice: the same customer and amount, the nearest in time.
      const candidates = [...left].filter(
        (i) =>
          ours[i]!.kind === "subscription_charge_paid" &&
          ours[i]!.customer === record.customerId &&
          n(ours[i]!.gross) === record.amountCents,
      );
      match = candidates.sort(
        (a, b) =>
          Math.abs(new Date(ours[a]!.occurred_at).getTime() - record.createdAt.getTime()) -
          Math.abs(new Date(ours[b]!.occurred_at).getTime() - record.createdAt.getTime()),
      )[0];
    }
    if (match === undefined) {
      if (inRange(record.createdAt)) {
        out.push({
          check: "provider",
          pt: `${books}: ${record.id} (${KIND_PT[kind]}, ${brl(record.amountCents)}, ${record.createdAt.toISOString()}) não tem lançamento no livro-caixa.`,
          en: `${books}: ${record.id} (${record.kind}, ${brl(record.amountCents)}, ${record.createdAt.toISOString()}) has no ledger row.`,
        });
      }
      continue;
    }
    left.delete(match);
    const o = ours[match]!;
    if (n(o.gross) !== record.amountCents) {
      out.push({
        check: "provider",
        pt: `${books}: ${record.id} movimentou ${brl(record.amountCents)}; o livro-caixa tem ${brl(o.gross)} (${KIND_PT[o.kind]}, ${describe(o)}).`,
        en: `${books}: ${record.id} moved ${brl(record.amountCents)}; the ledger has ${brl(o.gross)} (${o.kind}, ${describeEn(o)}).`,
      });
    }
    // The PSP's fee of a gift's payment (decision 206), where its list states one (a monthly
    // charge's fee is not recorded yet: nothing to compare).
    const feeDiffers = record.feeCents !== null && (o.provider_fee === null || n(o.provider_fee) !== record.feeCents);
    if (record.kind === "payment" && o.donation !== null && feeDiffers) {
      const ledgerFee = o.provider_fee === null ? "nenhuma" : brl(o.provider_fee);
      out.push({
        check: "provider",
        pt: `${books}: ${record.id} teve taxa do provedor de ${brl(record.feeCents)}; o livro-caixa registra ${ledgerFee} (${describe(o)}).`,
        en: `${books}: ${record.id} had a provider fee of ${brl(record.feeCents)}; the ledger records ${o.provider_fee === null ? "none" : brl(o.provider_fee)} (${describeEn(o)}).`,
      });
    }
  }
  for (const i of left) {
    const o = ours[i]!;
    if (!inRange(new Date(o.occurred_at))) continue;
    out.push({
      check: "provider",
      pt: `${books}: lançamento de ${KIND_PT[o.kind]} (${describe(o)}, ${brl(o.gross)}) sem movimento correspondente no provedor.`,
      en: `${books}: ${o.kind} row (${describeEn(o)}, ${brl(o.gross)}) with no matching record at the provider.`,
    });
  }
  return records.length;
}
