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
import { brl, type Discrepancy, n, type Read, readerOn } from "./reconcile-support.server";
import { checkProviderBooks, checkSandbox } from "./reconcile-providers.server";
import { checkInstitutions, checkPayouts } from "./reconcile-payouts.server";
import { checkRows } from "./reconcile-rows.server";
import type { PaymentProvider } from "~/domain/payments";
import { countOf } from "~/platform/plural";

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
async function checkParties(read: Read, out: Discrepancy[]) {
  const bad = await read<{ name: string; code: string; raised: string; paid: string; gross: string; count: string }>(sql`
    select p.name, p.share_code as code, p.raised_cents as raised, p.paid_count as paid,
      coalesce(l.gross, 0) as gross, coalesce(l.count, 0) as count
    from parties p
    left join (
      -- A gift counts while its rows leave something paid (partial refunds included); one whose
      -- donor covered the fee counts its gift's share of it (giftShareCents, decision 216).
      select party_id, sum(case when covered > 0 then round(gross * (paid_gross - covered)::numeric / paid_gross) else gross end) as gross,
        count(*) filter (where gross > 0) as count
      from (
        select party_id, donation_id, sum(gross_cents) as gross,
          sum(gross_cents) filter (where kind = 'gift_paid') as paid_gross, sum(fee_covered_cents) as covered
        from ledger_entries where donation_id is not null group by party_id, donation_id
      ) g group by party_id
    ) l on l.party_id = p.id
    where p.raised_cents <> coalesce(l.gross, 0) or p.paid_count <> coalesce(l.count, 0)
    order by p.name`);
  for (const p of bad) {
    out.push({
      check: "party",
      pt: `Festa "${p.name}" (${p.code}): total mantido ${brl(p.raised)} em ${countOf(n(p.paid), { one: "doação", other: "doações" })}, livro-caixa ${brl(p.gross)} em ${n(p.count)}.`,
      en: `Party "${p.name}" (${p.code}): maintained total ${brl(p.raised)} in ${countOf(n(p.paid), { one: "gift", other: "gifts" })}, ledger ${brl(p.gross)} in ${n(p.count)}.`,
    });
  }
  const [count] = await read<{ n: string }>(sql`select count(*) as n from parties`);
  return n(count?.n);
}

type GiftRow = {
  receipt: string;
  status: string;
  amount: string;
  paid_n: string | null;
  paid_gross: string | null;
  paid_fee: string | null;
  covered: string;
  paid_covered: string | null;
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
async function checkGifts(read: Read, out: Discrepancy[]) {
  const bad = await read<GiftRow>(sql`
    with l as (
      select donation_id,
        count(*) filter (where kind = 'gift_paid') as paid_n,
        sum(gross_cents) filter (where kind = 'gift_paid') as paid_gross,
        sum(fee_cents) filter (where kind = 'gift_paid') as paid_fee,
        sum(fee_covered_cents) filter (where kind = 'gift_paid') as paid_covered,
        count(*) filter (where kind = 'refund') as refund_n,
        count(*) filter (where kind = 'chargeback') as chargeback_n,
        count(*) filter (where kind = 'reversal') as reversal_n,
        sum(gross_cents) as sum_gross, sum(fee_cents) as sum_fee, sum(net_cents) as sum_net
      from ledger_entries where donation_id is not null group by donation_id
    )
    -- Paid, the provider charged the gift and the fee its donor covered (decision 216).
    select d.receipt_number as receipt, d.status, d.amount_cents + d.fee_covered_cents as amount, l.paid_n, l.paid_gross, l.paid_fee,
      d.fee_covered_cents as covered, l.paid_covered,
      l.refund_n, l.chargeback_n, l.reversal_n, l.sum_gross, l.sum_fee, l.sum_net
    from donations d left join l on l.donation_id = d.id
    where case
      when d.status in ('paga', 'reembolsada', 'contestada') then
        coalesce(l.paid_n, 0) <> 1 or l.paid_gross <> d.amount_cents + d.fee_covered_cents or l.paid_covered <> d.fee_covered_cents
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
        pt.push(`${countOf(n(g.paid_n), { one: "lançamento", other: "lançamentos" })} de pagamento em vez de 1`);
        en.push(`${countOf(n(g.paid_n), { one: "paid row", other: "paid rows" })} instead of 1`);
      } else if (n(g.paid_gross) !== n(g.amount)) {
        pt.push(`pagamento lançado como ${brl(g.paid_gross)}`);
        en.push(`paid row says ${brl(g.paid_gross)}`);
      } else if (n(g.paid_covered) !== n(g.covered)) {
        pt.push(`taxa coberta lançada como ${brl(g.paid_covered)}, a doação diz ${brl(g.covered)}`);
        en.push(`paid row's fee covered is ${brl(g.paid_covered)}, the gift says ${brl(g.covered)}`);
      }
      const open = n(g.chargeback_n) - n(g.reversal_n);
      const expectedOpen = g.status === "contestada" ? 1 : 0;
      if (n(g.chargeback_n) > 1 || open !== expectedOpen) {
        pt.push(
          `${countOf(n(g.chargeback_n), { one: "contestação lançada", other: "contestações lançadas" })} e ${countOf(n(g.reversal_n), { one: "reversão lançada", other: "reversões lançadas" })}`,
        );
        en.push(
          `${countOf(n(g.chargeback_n), { one: "chargeback row", other: "chargeback rows" })} and ${countOf(n(g.reversal_n), { one: "reversal row", other: "reversal rows" })}`,
        );
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
  const [count] = await read<{ n: string }>(sql`select count(*) as n from donations where status in ('paga', 'reembolsada', 'contestada')`);
  return n(count?.n);
}

async function checkCharges(read: Read, out: Discrepancy[]) {
  const bad = await read<{ invoice: string; amount: string; count: string; gross: string | null }>(sql`
    select c.provider_invoice_id as invoice, c.amount_cents as amount, count(l.id) as count, sum(l.gross_cents) as gross
    from subscription_charges c
    left join ledger_entries l on l.subscription_charge_id = c.id and l.kind = 'subscription_charge_paid'
    group by c.id, c.provider_invoice_id, c.amount_cents
    having count(l.id) <> 1 or sum(l.gross_cents) <> c.amount_cents
    order by c.provider_invoice_id`);
  for (const c of bad) {
    out.push({
      check: "charge",
      pt: `Mensalidade ${c.invoice} (${brl(c.amount)}): ${countOf(n(c.count), { one: "lançamento", other: "lançamentos" })} somando ${brl(c.gross)}.`,
      en: `Subscription charge ${c.invoice} (${brl(c.amount)}): ${countOf(n(c.count), { one: "ledger row", other: "ledger rows" })} adding up to ${brl(c.gross)}.`,
    });
  }
  const [count] = await read<{ n: string }>(sql`select count(*) as n from subscription_charges`);
  return n(count?.n);
}

export type ReconcileOptions = {
  /** The enabled providers: the sandbox's events are checked over all time, others over `range`. */
  providers: PaymentProvider[];
  range: { from: Date; to: Date };
  now?: Date;
};

/**
 * Reads everything and reports; changes nothing. Every check reads the same snapshot: one
 * REPEATABLE READ, READ ONLY transaction, so a payment committed while it runs cannot make the
 * party totals disagree with ledger rows read a moment later (decision 169).
 */
export async function reconcile(options: ReconcileOptions): Promise<ReconcileResult> {
  return db.transaction((tx) => reconcileIn(readerOn(tx), options), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function reconcileIn(read: Read, { providers, range, now = new Date() }: ReconcileOptions): Promise<ReconcileResult> {
  const discrepancies: Discrepancy[] = [];
  const notices: ReconcileResult["notices"] = [];
  const checked = {
    parties: await checkParties(read, discrepancies),
    gifts: await checkGifts(read, discrepancies),
    charges: await checkCharges(read, discrepancies),
    payouts: await checkPayouts(read, discrepancies),
    rows: await checkRows(read, discrepancies),
    institutions: await checkInstitutions(read, discrepancies, notices),
    providerRecords: 0,
  };
  for (const provider of providers) {
    if (provider.simulatedFees) checked.providerRecords += await checkSandbox(read, discrepancies, provider.simulatedFees);
    else if (provider.listBalanceRecords) checked.providerRecords += await checkProviderBooks(read, discrepancies, provider, range);
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
