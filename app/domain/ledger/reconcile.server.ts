/**
 * Reconciliation (docs/decisions/130-ledger.md): checks that the ledger, the totals we maintain
 * and the provider's books tell the same story, and names every place where they do not.
 *
 * 1. every party's maintained total (`raised_cents`, `paid_count`) equals its ledger rows;
 * 2. every gift has exactly the rows its status calls for: one paid row for its amount; refunds
 *    (maybe partial) and a chargeback (and its reversal) leave something paid on `paga` and exactly
 *    nothing on `reembolsada` / `contestada` (docs/decisions/151-refunds.md);
 * 3. every subscription charge has its paid row, every transferred payout its payout row for the
 *    amounts it records, and nothing else has one;
 * 4. every row is well formed: the sign of its kind, and for paid rows the fee its stored percent
 *    gives (within a centavo for the rows the migration reconstructed for parties already paid out);
 * 5. every institution's balance equals paid − refunds − chargebacks − payouts (the payouts as the
 *    payouts table records them); a negative balance is not a discrepancy, but it is reported;
 * 6. the provider's records match ours: the sandbox's events (each gift's status history names the
 *    event that moved it) over all time, Stripe's balance transactions for the period.
 *
 * `reconcile` only reads. `runReconcile` also keeps the result in `system_state` for the admin
 * dashboard; the daily job and `npm run reconcile` call it.
 */
import { eq, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { splitFee } from "~/platform/money";
import { brl, type Discrepancy, n, rows } from "./reconcile-support.server";
import { checkInstitutions, checkPayouts } from "./reconcile-payouts.server";
import type { PaymentProvider, ProviderBalanceRecord } from "~/domain/payments";

const { systemState } = schema;

export type ReconcileResult = {
  ranAt: string;
  /** The period of the provider check (ISO). */
  range: { from: string; to: string };
  ok: boolean;
  checked: {
    parties: number;
    gifts: number;
    charges: number;
    payouts: number;
    rows: number;
    institutions: number;
    providerRecords: number;
  };
  discrepancies: Discrepancy[];
  /** Facts worth a look that are not errors (a negative balance). */
  notices: Array<{ pt: string; en: string }>;
};

const RECONCILE_STATE_KEY = "reconcile_last";
/** Days of provider records each run compares (the job runs daily; a week covers a missed run or two). */
export const RECONCILE_DEFAULT_DAYS = 7;
/** Provider and ledger clocks differ by seconds; records this close to the period's ends are looked for on the other side too. */
const MARGIN_MS = 86_400_000;

async function checkParties(out: Discrepancy[]) {
  const bad = await rows<{ name: string; code: string; raised: string; paid: string; gross: string; count: string }>(sql`
    select p.name, p.share_code as code, p.raised_cents as raised, p.paid_count as paid,
      coalesce(l.gross, 0) as gross, coalesce(l.count, 0) as count
    from parties p
    left join (
      -- A gift counts while its rows leave something paid (partial refunds included).
      select party_id, sum(gross) as gross, count(*) filter (where gross > 0) as count
      from (
        select party_id, donation_id, sum(gross_cents) as gross
        from ledger_entries where donation_id is not null group by party_id, donation_id
      ) g group by party_id
    ) l on l.party_id = p.id
    where p.raised_cents <> coalesce(l.gross, 0) or p.paid_count <> coalesce(l.count, 0)
    order by p.name`);
  for (const p of bad) {
    out.push({
      check: "party",
      pt: `Festa "${p.name}" (${p.code}): total mantido ${brl(p.raised)} em ${n(p.paid)} doação(ões), livro-caixa ${brl(p.gross)} em ${n(p.count)}.`,
      en: `Party "${p.name}" (${p.code}): maintained total ${brl(p.raised)} in ${n(p.paid)} gift(s), ledger ${brl(p.gross)} in ${n(p.count)}.`,
    });
  }
  const [count] = await rows<{ n: string }>(sql`select count(*) as n from parties`);
  return n(count?.n);
}

type GiftRow = {
  receipt: string;
  status: string;
  amount: string;
  paid_n: string | null;
  paid_gross: string | null;
  paid_fee: string | null;
  refund_n: string | null;
  chargeback_n: string | null;
  reversal_n: string | null;
  sum_gross: string | null;
  sum_fee: string | null;
  sum_net: string | null;
};

const STATUS_EN: Record<string, string> = {
  paga: "paid",
  reembolsada: "refunded",
  contestada: "charged back",
  pendente: "pending",
  falhou: "failed",
  cancelada: "canceled",
};

/**
 * A gift that moved money has one paid row for its amount; refunds (any number, partial) and a
 * chargeback (undone by a reversal when the dispute was won) take from it. `paga` leaves something
 * paid; `reembolsada` and `contestada` leave exactly nothing (gross, fee and net); a chargeback
 * stands unreversed only on `contestada` (docs/decisions/151-refunds.md).
 */
async function checkGifts(out: Discrepancy[]) {
  const bad = await rows<GiftRow>(sql`
    with l as (
      select donation_id,
        count(*) filter (where kind = 'gift_paid') as paid_n,
        sum(gross_cents) filter (where kind = 'gift_paid') as paid_gross,
        sum(fee_cents) filter (where kind = 'gift_paid') as paid_fee,
        count(*) filter (where kind = 'refund') as refund_n,
        count(*) filter (where kind = 'chargeback') as chargeback_n,
        count(*) filter (where kind = 'reversal') as reversal_n,
        sum(gross_cents) as sum_gross, sum(fee_cents) as sum_fee, sum(net_cents) as sum_net
      from ledger_entries where donation_id is not null group by donation_id
    )
    select d.receipt_number as receipt, d.status, d.amount_cents as amount, l.paid_n, l.paid_gross, l.paid_fee,
      l.refund_n, l.chargeback_n, l.reversal_n, l.sum_gross, l.sum_fee, l.sum_net
    from donations d left join l on l.donation_id = d.id
    where case
      when d.status in ('paga', 'reembolsada', 'contestada') then
        coalesce(l.paid_n, 0) <> 1 or l.paid_gross <> d.amount_cents
        or l.chargeback_n > 1 or l.reversal_n > l.chargeback_n
        or (l.chargeback_n - l.reversal_n) <> (case when d.status = 'contestada' then 1 else 0 end)
        or (d.status = 'reembolsada' and l.refund_n = 0)
        or (d.status = 'paga' and l.sum_gross <= 0)
        or (d.status <> 'paga' and (l.sum_gross <> 0 or l.sum_fee <> 0 or l.sum_net <> 0))
      else l.donation_id is not null
    end
    order by d.receipt_number`);
  for (const g of bad) {
    const pt: string[] = [];
    const en: string[] = [];
    if (!["paga", "reembolsada", "contestada"].includes(g.status)) {
      pt.push("não movimentou dinheiro, mas tem lançamentos");
      en.push("moved no money, yet has ledger rows");
    } else {
      if (n(g.paid_n) !== 1) {
        pt.push(`${n(g.paid_n)} lançamento(s) de pagamento em vez de 1`);
        en.push(`${n(g.paid_n)} paid row(s) instead of 1`);
      } else if (n(g.paid_gross) !== n(g.amount)) {
        pt.push(`pagamento lançado como ${brl(g.paid_gross)}`);
        en.push(`paid row says ${brl(g.paid_gross)}`);
      }
      const open = n(g.chargeback_n) - n(g.reversal_n);
      const expectedOpen = g.status === "contestada" ? 1 : 0;
      if (n(g.chargeback_n) > 1 || open !== expectedOpen) {
        pt.push(`${n(g.chargeback_n)} contestação(ões) e ${n(g.reversal_n)} reversão(ões) lançada(s)`);
        en.push(`${n(g.chargeback_n)} chargeback row(s) and ${n(g.reversal_n)} reversal row(s)`);
      }
      if (g.status === "reembolsada" && n(g.refund_n) === 0) {
        pt.push("nenhum reembolso lançado");
        en.push("no refund row");
      }
      if (g.status === "paga" && n(g.sum_gross) <= 0) {
        pt.push(`o livro-caixa não deixa nada pago (saldo ${brl(g.sum_gross)})`);
        en.push(`the ledger leaves nothing paid (balance ${brl(g.sum_gross)})`);
      }
      if (g.status !== "paga" && n(g.paid_n) === 1 && (n(g.sum_gross) !== 0 || n(g.sum_fee) !== 0 || n(g.sum_net) !== 0)) {
        const backGross = n(g.sum_gross) - n(g.paid_gross);
        const backFee = n(g.sum_fee) - n(g.paid_fee);
        pt.push(
          `o estorno (${brl(backGross)}, taxa ${brl(backFee)}) não desfaz o pagamento (${brl(g.paid_gross)}, taxa ${brl(g.paid_fee)})`,
        );
        en.push(
          `the reversal (${brl(backGross)}, fee ${brl(backFee)}) does not undo the payment (${brl(g.paid_gross)}, fee ${brl(g.paid_fee)})`,
        );
      }
    }
    out.push({
      check: "gift",
      pt: `Doação nº ${g.receipt} (${g.status}, ${brl(g.amount)}): ${pt.join("; ")}.`,
      en: `Gift #${g.receipt} (${STATUS_EN[g.status] ?? g.status}, ${brl(g.amount)}): ${en.join("; ")}.`,
    });
  }
  const [count] = await rows<{ n: string }>(sql`select count(*) as n from donations where status in ('paga', 'reembolsada', 'contestada')`);
  return n(count?.n);
}

async function checkCharges(out: Discrepancy[]) {
  const bad = await rows<{ invoice: string; amount: string; count: string; gross: string | null }>(sql`
    select c.provider_invoice_id as invoice, c.amount_cents as amount, count(l.id) as count, sum(l.gross_cents) as gross
    from subscription_charges c
    left join ledger_entries l on l.subscription_charge_id = c.id and l.kind = 'subscription_charge_paid'
    group by c.id, c.provider_invoice_id, c.amount_cents
    having count(l.id) <> 1 or sum(l.gross_cents) <> c.amount_cents
    order by c.provider_invoice_id`);
  for (const c of bad) {
    out.push({
      check: "charge",
      pt: `Mensalidade ${c.invoice} (${brl(c.amount)}): ${n(c.count)} lançamento(s) somando ${brl(c.gross)}.`,
      en: `Subscription charge ${c.invoice} (${brl(c.amount)}): ${n(c.count)} ledger row(s) adding up to ${brl(c.gross)}.`,
    });
  }
  const [count] = await rows<{ n: string }>(sql`select count(*) as n from subscription_charges`);
  return n(count?.n);
}

const KIND_PT: Record<string, string> = {
  gift_paid: "pagamento de doação",
  subscription_charge_paid: "mensalidade",
  refund: "reembolso",
  chargeback: "contestação",
  reversal: "contestação revertida",
  payout: "repasse",
};

async function checkRows(out: Discrepancy[]) {
  // Signs by kind, and candidates for a fee that is not the stored percent's (confirmed below with
  // the very function that computed it, so float and numeric rounding never disagree).
  const bad = await rows<{
    id: string;
    kind: string;
    gross: string;
    fee: string;
    net: string;
    percent: string | null;
    backfilled: boolean;
    sign_ok: boolean;
  }>(sql`
    select id, kind, gross_cents as gross, fee_cents as fee, net_cents as net, fee_percent as percent, backfilled,
      case
        when kind in ('gift_paid', 'subscription_charge_paid', 'reversal') then gross_cents > 0 and fee_cents >= 0 and net_cents >= 0
        when kind in ('refund', 'chargeback') then gross_cents < 0 and fee_cents <= 0 and net_cents <= 0
        else gross_cents <= 0 and net_cents <= 0
      end as sign_ok
    from ledger_entries
    where not (case
        when kind in ('gift_paid', 'subscription_charge_paid', 'reversal') then gross_cents > 0 and fee_cents >= 0 and net_cents >= 0
        when kind in ('refund', 'chargeback') then gross_cents < 0 and fee_cents <= 0 and net_cents <= 0
        else gross_cents <= 0 and net_cents <= 0
      end)
      or (kind in ('gift_paid', 'subscription_charge_paid') and (fee_percent is null or abs(fee_cents - round(gross_cents * fee_percent / 100)) >= 1))
    order by occurred_at, id`);
  for (const r of bad) {
    const expected = r.percent === null ? null : splitFee(n(r.gross), Number(r.percent)).feeCents;
    // A backfilled row of a party paid out before the ledger shares the payout's fee by cumulative
    // rounding: within one centavo of its percent (drizzle/0005_ledger.sql).
    const slack = r.backfilled ? 1 : 0;
    const feeOk =
      (expected !== null && Math.abs(expected - n(r.fee)) <= slack) || !["gift_paid", "subscription_charge_paid"].includes(r.kind);
    if (r.sign_ok && feeOk) continue;
    out.push({
      check: "row",
      pt: `Lançamento ${r.id} (${KIND_PT[r.kind] ?? r.kind}, ${brl(r.gross)}): ${r.sign_ok ? "" : "sinal errado para o tipo; "}${feeOk ? "" : `taxa ${brl(r.fee)} em vez de ${expected === null ? "?" : brl(expected)} (${r.percent ?? "sem"}%)`}`.replace(
        /; $/,
        ".",
      ),
      en: `Ledger row ${r.id} (${r.kind}, ${brl(r.gross)}): ${r.sign_ok ? "" : "wrong sign for its kind; "}${feeOk ? "" : `fee ${brl(r.fee)} instead of ${expected === null ? "?" : brl(expected)} (${r.percent ?? "no"}%)`}`.replace(
        /; $/,
        ".",
      ),
    });
  }
  const [count] = await rows<{ n: string }>(sql`select count(*) as n from ledger_entries`);
  return n(count?.n);
}

/**
 * What the sandbox's delivered events say moved: the events that moved a gift's status into or
 * between paid states (each gift's status history names them) and the refunds it confirmed (the
 * refunds table names their events). Each has its rows under its event id — a first payment's row
 * for the gift's amount — and no sandbox row lacks such an event. Amounts of refunds and disputes
 * are checked against the gift by checkGifts.
 */
async function checkSandbox(out: Discrepancy[]) {
  const moves = await rows<{ donation: string; receipt: string; event: string; first_paid: boolean; amount: string }>(sql`
    select d.id as donation, d.receipt_number as receipt, h.provider_event_id as event,
      coalesce(h.from_status not in ('paga', 'reembolsada', 'contestada'), true) as first_paid, d.amount_cents as amount
    from donation_status_history h
    join donations d on d.id = h.donation_id and d.provider = 'sandbox'
    where h.provider_event_id is not null and h.to_status in ('paga', 'reembolsada', 'contestada')
    union all
    select d.id, d.receipt_number, r.provider_event_id, false, r.amount_cents
    from refunds r join donations d on d.id = r.donation_id and d.provider = 'sandbox'
    where r.status = 'succeeded' and r.provider_event_id is not null`);
  const ours = await rows<{ donation: string; receipt: string; kind: string; event: string | null; gross: string }>(sql`
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

type OurProviderRow = {
  kind: string;
  gross: string;
  occurred_at: string | Date;
  donation: string | null;
  receipt: string | null;
  payment: string | null;
  customer: string | null;
};

const RECORD_KIND: Record<ProviderBalanceRecord["kind"], string> = {
  payment: "gift_paid",
  refund: "refund",
  dispute: "chargeback",
  dispute_reversal: "reversal",
};

/** Stripe's balance transactions of the period against our rows of the same provider. */
async function checkStripe(out: Discrepancy[], provider: PaymentProvider, range: { from: Date; to: Date }) {
  const wide = { from: new Date(range.from.getTime() - MARGIN_MS), to: new Date(range.to.getTime() + MARGIN_MS) };
  let records: ProviderBalanceRecord[];
  try {
    records = await provider.listBalanceRecords!(wide);
  } catch (error) {
    out.push({
      check: "provider",
      pt: `Stripe: não foi possível ler as transações de saldo (${(error as Error).message}).`,
      en: `Stripe: could not read the balance transactions (${(error as Error).message}).`,
    });
    return 0;
  }
  const ours = await rows<OurProviderRow>(sql`
    select l.kind, l.gross_cents as gross, l.occurred_at, l.donation_id as donation, d.receipt_number as receipt,
      d.provider_payment_id as payment, s.provider_customer_id as customer
    from ledger_entries l
    left join donations d on d.id = l.donation_id
    left join subscription_charges c on c.id = l.subscription_charge_id
    left join subscriptions s on s.id = c.subscription_id
    where l.provider = 'stripe' and l.kind <> 'payout'
      and l.occurred_at >= ${wide.from.toISOString()} and l.occurred_at < ${wide.to.toISOString()}`);
  const inRange = (at: Date) => at >= range.from && at < range.to;
  const left = new Set(ours.map((_, i) => i));
  const describe = (o: OurProviderRow) => (o.receipt ? `doação nº ${o.receipt}` : `mensalidade do cliente ${o.customer ?? "?"}`);
  const describeEn = (o: OurProviderRow) => (o.receipt ? `gift #${o.receipt}` : `subscription charge of customer ${o.customer ?? "?"}`);

  for (const record of records) {
    const kind = RECORD_KIND[record.kind];
    const sameGift = (o: OurProviderRow) =>
      o.donation !== null &&
      ((record.donationId !== null && o.donation === record.donationId) || (record.paymentId !== null && o.payment === record.paymentId));
    let match = [...left].find((i) => ours[i]!.kind === kind && sameGift(ours[i]!));
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
          pt: `Stripe: ${record.id} (${KIND_PT[kind]}, ${brl(record.amountCents)}, ${record.createdAt.toISOString()}) não tem lançamento no livro-caixa.`,
          en: `Stripe: ${record.id} (${record.kind}, ${brl(record.amountCents)}, ${record.createdAt.toISOString()}) has no ledger row.`,
        });
      }
      continue;
    }
    left.delete(match);
    const o = ours[match]!;
    if (n(o.gross) !== record.amountCents) {
      out.push({
        check: "provider",
        pt: `Stripe: ${record.id} movimentou ${brl(record.amountCents)}; o livro-caixa tem ${brl(o.gross)} (${KIND_PT[o.kind]}, ${describe(o)}).`,
        en: `Stripe: ${record.id} moved ${brl(record.amountCents)}; the ledger has ${brl(o.gross)} (${o.kind}, ${describeEn(o)}).`,
      });
    }
  }
  for (const i of left) {
    const o = ours[i]!;
    if (!inRange(new Date(o.occurred_at))) continue;
    out.push({
      check: "provider",
      pt: `Stripe: lançamento de ${KIND_PT[o.kind]} (${describe(o)}, ${brl(o.gross)}) sem transação correspondente na Stripe.`,
      en: `Stripe: ${o.kind} row (${describeEn(o)}, ${brl(o.gross)}) with no matching Stripe balance transaction.`,
    });
  }
  return records.length;
}

export type ReconcileOptions = {
  /** The enabled providers: the sandbox's events are checked over all time, others over `range`. */
  providers: PaymentProvider[];
  range: { from: Date; to: Date };
  now?: Date;
};

/** Reads everything and reports; changes nothing. */
export async function reconcile({ providers, range, now = new Date() }: ReconcileOptions): Promise<ReconcileResult> {
  const discrepancies: Discrepancy[] = [];
  const notices: ReconcileResult["notices"] = [];
  const checked = {
    parties: await checkParties(discrepancies),
    gifts: await checkGifts(discrepancies),
    charges: await checkCharges(discrepancies),
    payouts: await checkPayouts(discrepancies),
    rows: await checkRows(discrepancies),
    institutions: await checkInstitutions(discrepancies, notices),
    providerRecords: 0,
  };
  for (const provider of providers) {
    if (provider.name === "sandbox") checked.providerRecords += await checkSandbox(discrepancies);
    else if (provider.listBalanceRecords) checked.providerRecords += await checkStripe(discrepancies, provider, range);
  }
  return {
    ranAt: now.toISOString(),
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    ok: discrepancies.length === 0,
    checked,
    discrepancies,
    notices,
  };
}

/** The last `days` days up to `now`: the period a run compares with the provider. */
export function reconcileRange(now: Date, days = RECONCILE_DEFAULT_DAYS) {
  return { from: new Date(now.getTime() - days * 86_400_000), to: now };
}

/** Runs the reconciliation and keeps its result for the admin dashboard. */
export async function runReconcile(options: ReconcileOptions): Promise<ReconcileResult> {
  const result = await reconcile(options);
  const value = JSON.stringify(result);
  await db
    .insert(systemState)
    .values({ key: RECONCILE_STATE_KEY, value })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: sql`now()` } });
  return result;
}

/** The last stored result, or null when reconciliation never ran. */
export async function lastReconcileResult(): Promise<ReconcileResult | null> {
  const [row] = await db.select({ value: systemState.value }).from(systemState).where(eq(systemState.key, RECONCILE_STATE_KEY));
  if (!row) return null;
  try {
    return JSON.parse(row.value) as ReconcileResult;
  } catch {
    return null;
  }
}
