/**
 * Reconciliation of payouts (docs/decisions/130-ledger.md, checks 3 and 5): every transferred
 * payout — a party's or an institution's (decision 152) — has its ledger row for the amounts it
 * records, an institution payout's items add up to it, and every institution's balance equals
 * paid − refunds − chargebacks − payouts.
 */
import { sql } from "drizzle-orm";
import { MAIN_INSTITUTION_ID_SQL } from "~/domain/organizations/index.server";
import { brl, type Discrepancy, n, type Notice, type Read } from "./reconcile-support.server";
import { countOf } from "~/platform/plural";

const ENTRIES = { one: "lançamento", other: "lançamentos" };
const ROWS = { one: "row", other: "rows" };

/** "da festa X" or "à instituição Y" (an institution payout, decision 152). */
function payoutOf(p: { party: boolean; name: string }) {
  return p.party
    ? { pt: `Repasse da festa "${p.name}"`, en: `Payout of party "${p.name}"` }
    : { pt: `Repasse à instituição "${p.name}"`, en: `Payout to institution "${p.name}"` };
}

export async function checkPayouts(read: Read, out: Discrepancy[]) {
  const bad = await read<{
    party: boolean;
    name: string;
    status: string;
    gross: string;
    net: string;
    row: string | null;
    lgross: string;
    lfee: string;
    lnet: string;
    fee: string;
  }>(sql`
    select po.party_id is not null as party, coalesce(p.name, o.name) as name, po.status,
      po.gross_cents as gross, po.fee_cents as fee, po.net_cents as net, l.id as row,
      l.gross_cents as lgross, l.fee_cents as lfee, l.net_cents as lnet
    from payouts po
    left join parties p on p.id = po.party_id
    left join organizations o on o.id = po.organization_id
    left join ledger_entries l on l.payout_id = po.id and l.kind = 'payout'
    where (po.status = 'transferido' and (l.id is null or l.gross_cents <> -po.gross_cents or l.fee_cents <> -po.fee_cents or l.net_cents <> -po.net_cents))
      or (po.status <> 'transferido' and l.id is not null)
    order by 2`);
  for (const p of bad) {
    const what = payoutOf(p);
    if (p.status !== "transferido") {
      out.push({
        check: "payout",
        pt: `${what.pt}: ainda pendente, mas lançado no livro-caixa.`,
        en: `${what.en}: still pending, yet in the ledger.`,
      });
    } else if (!p.row) {
      out.push({
        check: "payout",
        pt: `${what.pt} (${brl(p.net)} líquido): transferido sem lançamento no livro-caixa.`,
        en: `${what.en} (${brl(p.net)} net): transferred with no ledger row.`,
      });
    } else {
      out.push({
        check: "payout",
        pt: `${what.pt}: registrado ${brl(p.gross)} bruto / ${brl(p.net)} líquido, livro-caixa ${brl(-n(p.lgross))} / ${brl(-n(p.lnet))}.`,
        en: `${what.en}: recorded ${brl(p.gross)} gross / ${brl(p.net)} net, ledger ${brl(-n(p.lgross))} / ${brl(-n(p.lnet))}.`,
      });
    }
  }
  await checkInstitutionPayoutItems(read, out);
  const [count] = await read<{ n: string }>(sql`select count(*) as n from payouts where status = 'transferido'`);
  return n(count?.n);
}

/**
 * An institution payout transferred exactly its items (decision 152): their ledger rows add up to
 * its amounts, and each is a direct gift's or charge's row of that same institution (or a gift it
 * received for a party that later moved to another one, decision 165, or a row of a party that
 * landed after the party's payout, decision 208). A party's payout lists its rows too (decision
 * 208): they add up to its amounts and are that party's.
 */
async function checkInstitutionPayoutItems(read: Read, out: Discrepancy[]) {
  const bad = await read<{ name: string; gross: string; net: string; igross: string; inet: string; foreign: string }>(sql`
    select o.name, po.gross_cents as gross, po.net_cents as net,
      coalesce(sum(l.gross_cents), 0) as igross, coalesce(sum(l.net_cents), 0) as inet,
      count(l.id) filter (where l.organization_id is distinct from po.organization_id or (l.party_id is not null and (lp.organization_id is null or lp.organization_id = l.organization_id)
          and not exists (select 1 from payouts pp where pp.party_id = l.party_id and pp.status = 'transferido'))
        or l.kind not in ('gift_paid', 'subscription_charge_paid', 'refund', 'chargeback', 'reversal')) as foreign
    from payouts po
    join organizations o on o.id = po.organization_id
    left join payout_items i on i.payout_id = po.id
    left join ledger_entries l on l.id = i.ledger_entry_id
    -- A party's row is an institution's item only when that party moved away from it (decision 165),
    -- or when it landed after the party's payout (a refund or a Pix MED: the institution's debt, decision 208).
    left join parties lp on lp.id = l.party_id
    where po.status = 'transferido'
    group by po.id, o.name
    having coalesce(sum(l.gross_cents), 0) <> po.gross_cents or coalesce(sum(l.fee_cents), 0) <> po.fee_cents
      or coalesce(sum(l.net_cents), 0) <> po.net_cents
      or count(l.id) filter (where l.organization_id is distinct from po.organization_id or (l.party_id is not null and (lp.organization_id is null or lp.organization_id = l.organization_id)
          and not exists (select 1 from payouts pp where pp.party_id = l.party_id and pp.status = 'transferido'))
        or l.kind not in ('gift_paid', 'subscription_charge_paid', 'refund', 'chargeback', 'reversal')) > 0
    order by o.name`);
  for (const p of bad) {
    const foreign = n(p.foreign) > 0;
    out.push({
      check: "payout",
      pt: foreign
        ? `Repasse à instituição "${p.name}": inclui ${countOf(n(p.foreign), ENTRIES)} que não são doações diretas ou mensalidades dela.`
        : `Repasse à instituição "${p.name}": registrado ${brl(p.gross)} bruto / ${brl(p.net)} líquido, mas seus itens somam ${brl(p.igross)} / ${brl(p.inet)}.`,
      en: foreign
        ? `Payout to institution "${p.name}": includes ${countOf(n(p.foreign), ROWS)} that are not its direct gifts or charges.`
        : `Payout to institution "${p.name}": recorded ${brl(p.gross)} gross / ${brl(p.net)} net, but its items add up to ${brl(p.igross)} / ${brl(p.inet)}.`,
    });
  }
  const parties = await read<{ name: string; gross: string; net: string; igross: string; inet: string; foreign: string }>(sql`
    select p.name, po.gross_cents as gross, po.net_cents as net,
      coalesce(sum(l.gross_cents), 0) as igross, coalesce(sum(l.net_cents), 0) as inet,
      count(l.id) filter (where l.party_id is distinct from po.party_id) as foreign
    from payouts po
    join parties p on p.id = po.party_id
    join payout_items i on i.payout_id = po.id
    join ledger_entries l on l.id = i.ledger_entry_id
    where po.status = 'transferido'
    group by po.id, p.name
    having coalesce(sum(l.gross_cents), 0) <> po.gross_cents or coalesce(sum(l.fee_cents), 0) <> po.fee_cents
      or coalesce(sum(l.net_cents), 0) <> po.net_cents or count(l.id) filter (where l.party_id is distinct from po.party_id) > 0
    order by p.name`);
  for (const p of parties) {
    const foreign = n(p.foreign) > 0;
    out.push({
      check: "payout",
      pt: foreign
        ? `Repasse da festa "${p.name}": inclui ${countOf(n(p.foreign), ENTRIES)} de outra festa ou sem festa.`
        : `Repasse da festa "${p.name}": registrado ${brl(p.gross)} bruto / ${brl(p.net)} líquido, mas seus itens somam ${brl(p.igross)} / ${brl(p.inet)}.`,
      en: foreign
        ? `Payout of party "${p.name}": includes ${countOf(n(p.foreign), ROWS)} of another party or of none.`
        : `Payout of party "${p.name}": recorded ${brl(p.gross)} gross / ${brl(p.net)} net, but its items add up to ${brl(p.igross)} / ${brl(p.inet)}.`,
    });
  }
}

export async function checkInstitutions(read: Read, out: Discrepancy[], notices: Notice[]) {
  // The payouts as the payouts table records them, for the institution their ledger row (or, when
  // it has none, the payout itself or its party) names.
  const list = await read<{ name: string | null; balance: string; paid: string; back: string; payouts: string }>(sql`
    with main as (select ${sql.raw(MAIN_INSTITUTION_ID_SQL)} as id),
    parts as (
      select organization_id, net_cents as balance,
        case when kind in ('gift_paid', 'subscription_charge_paid', 'reversal') then net_cents else 0 end as paid,
        case when kind in ('refund', 'chargeback') then net_cents else 0 end as back,
        0 as payouts
      from ledger_entries
      union all
      select coalesce(l.organization_id, po.organization_id, p.organization_id, (select id from main)), 0, 0, 0, po.net_cents
      from payouts po
      left join parties p on p.id = po.party_id
      left join ledger_entries l on l.payout_id = po.id and l.kind = 'payout'
      where po.status = 'transferido'
    )
    select o.name, sum(x.balance) as balance, sum(x.paid) as paid, sum(x.back) as back, sum(x.payouts) as payouts
    from parts x
    left join organizations o on o.id = x.organization_id
    group by x.organization_id, o.name
    order by o.name`);
  for (const i of list) {
    const name = i.name ?? "(sem instituição)";
    const expected = n(i.paid) + n(i.back) - n(i.payouts);
    if (n(i.balance) !== expected) {
      out.push({
        check: "institution",
        pt: `Instituição ${name}: saldo no livro-caixa ${brl(i.balance)}, mas pagos ${brl(i.paid)} − estornos ${brl(-n(i.back))} − repasses ${brl(i.payouts)} = ${brl(expected)}.`,
        en: `Institution ${i.name ?? "(none)"}: ledger balance ${brl(i.balance)}, but paid ${brl(i.paid)} − refunds ${brl(-n(i.back))} − payouts ${brl(i.payouts)} = ${brl(expected)}.`,
      });
    }
    if (n(i.balance) < 0) {
      notices.push({
        pt: `Instituição ${name} tem saldo negativo (${brl(i.balance)}): um reembolso ou contestação chegou depois do repasse.`,
        en: `Institution ${i.name ?? "(none)"} has a negative balance (${brl(i.balance)}): a refund or chargeback came after the payout.`,
      });
    }
  }
  return list.length;
}

/** What the sandbox's delivered events say moved: each status change its event made, by gift. */
