/**
 * Reconciliation check 4 (reconcile.server.ts): every ledger row is well formed — the sign its kind
 * calls for, and for paid rows the fee its stored percent gives (within a centavo for the rows the
 * migration reconstructed for parties already paid out).
 */
import { sql } from "drizzle-orm";
import { splitFee } from "~/platform/money";
import { brl, type Discrepancy, KIND_PT, n, type Read } from "./reconcile-support.server";

/**
 * The sign each kind calls for. A payout mirrors its items: what must hold is that money left
 * (net ≤ 0). Its gross may be of either sign: an institution batch whose refunds (taken at a higher
 * fee) outweigh its gifts in gross can still owe the institution money in net (found by the ledger
 * property test).
 */
const SIGN_OK = sql`case
    when kind in ('gift_paid', 'subscription_charge_paid', 'reversal') then gross_cents > 0 and fee_cents >= 0 and net_cents >= 0
    when kind in ('refund', 'chargeback') then gross_cents < 0 and fee_cents <= 0 and net_cents <= 0
    when kind = 'payout' then net_cents <= 0
    else gross_cents <= 0 and net_cents <= 0
  end`;

const PAID_KINDS = ["gift_paid", "subscription_charge_paid"];

/** Adds a discrepancy per malformed row to `out`; returns how many rows were checked. */
export async function checkRows(read: Read, out: Discrepancy[]) {
  // Rows with a wrong sign, and candidates for a fee that is not the stored percent's (confirmed
  // below with the very function that computed it, so float and numeric rounding never disagree).
  const bad = await read<{
    id: string;
    kind: string;
    gross: string;
    fee: string;
    net: string;
    covered: string;
    percent: string | null;
    backfilled: boolean;
    sign_ok: boolean;
  }>(sql`
    select * from (
      -- A gift whose donor covered the fee (decision 216): the fee is on the gift, gross less the fee covered.
      select id, kind, gross_cents as gross, fee_cents as fee, net_cents as net, fee_covered_cents as covered, fee_percent as percent,
        backfilled, occurred_at, ${SIGN_OK} as sign_ok,
        kind in ('gift_paid', 'subscription_charge_paid')
          and (fee_percent is null or abs(fee_cents - round((gross_cents - fee_covered_cents) * fee_percent / 100)) >= 1) as fee_suspect
      from ledger_entries
    ) r
    where not sign_ok or fee_suspect
    order by occurred_at, id`);
  for (const r of bad) {
    const expected = r.percent === null ? null : splitFee(n(r.gross) - n(r.covered), Number(r.percent)).feeCents;
    // A backfilled row of a party paid out before the ledger shares the payout's fee by cumulative
    // rounding: within one centavo of its percent (drizzle/0005_ledger.sql).
    const slack = r.backfilled ? 1 : 0;
    const feeOk = (expected !== null && Math.abs(expected - n(r.fee)) <= slack) || !PAID_KINDS.includes(r.kind);
    if (r.sign_ok && feeOk) continue;
    const wrongFee = (percent: string) => `${brl(r.fee)} ${percent} ${expected === null ? "?" : brl(expected)}`;
    out.push({
      check: "row",
      pt: `Lançamento ${r.id} (${KIND_PT[r.kind] ?? r.kind}, ${brl(r.gross)}): ${r.sign_ok ? "" : "sinal errado para o tipo; "}${feeOk ? "" : `taxa ${wrongFee("em vez de")} (${r.percent ?? "sem"}%)`}`.replace(
        /; $/,
        ".",
      ),
      en: `Ledger row ${r.id} (${r.kind}, ${brl(r.gross)}): ${r.sign_ok ? "" : "wrong sign for its kind; "}${feeOk ? "" : `fee ${wrongFee("instead of")} (${r.percent ?? "no"}%)`}`.replace(
        /; $/,
        ".",
      ),
    });
  }
  const [count] = await read<{ n: string }>(sql`select count(*) as n from ledger_entries`);
  return n(count?.n);
}
