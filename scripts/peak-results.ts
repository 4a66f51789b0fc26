// What `npm run bench:peak` makes of what it saw: how long a paid gift took to reach its creator's
// dashboard, and whether the database's totals are exactly the gifts the provider confirmed.
import type { DashboardEvent } from "./peak-http";
import type { Party, PaidGift } from "./peak-load";
import { query } from "./webhook-load";

/**
 * Paid (the webhook's 200) → on the dashboard. Events are coalesced (one per party per 250 ms, naming
 * the last gift and the party's count read when it went out), so a gift counts as shown by the first
 * event of its party that names it, or that arrived after its 200 with a paid count covering it (its
 * rank among the party's acknowledged gifts). "data": when the page's data load that followed that
 * event finished. Only gifts paid from `since` on (the warm-up's are left out); dashboards watch the
 * hot parties only.
 */
export function dashboardLatencies(paid: PaidGift[], events: DashboardEvent[], since: number) {
  const watched = new Set(events.map((e) => e.partyId));
  const byParty = new Map<string, DashboardEvent[]>();
  for (const e of events) byParty.set(e.partyId, [...(byParty.get(e.partyId) ?? []), e]);
  const rank = new Map<string, number>();
  const result = { event: [] as number[], data: [] as number[], expected: 0, missing: 0 };
  for (const gift of [...paid].sort((a, b) => a.ackAt - b.ackAt)) {
    const k = (rank.get(gift.partyId) ?? 0) + 1;
    rank.set(gift.partyId, k);
    if (!watched.has(gift.partyId) || gift.ackAt < since) continue;
    result.expected++;
    const shown = (byParty.get(gift.partyId) ?? []).find(
      (e) => e.donationId === gift.donationId || (e.at >= gift.ackAt && e.paidCount >= k),
    );
    if (!shown) {
      result.missing++;
      continue;
    }
    result.event.push(Math.max(0, shown.at - gift.ackAt));
    if (shown.dataAt !== undefined) result.data.push(Math.max(0, shown.dataAt - gift.ackAt));
  }
  return result;
}

/**
 * Every gift the provider confirmed is paid once, none other is, and each party's totals are the
 * sum of its own: nothing lost, nothing doubled.
 */
export async function totalsCheck(url: string, paid: PaidGift[], parties: Party[]) {
  const expected = new Map(parties.map((p) => [p.id, { cents: 0, count: 0 }]));
  for (const g of paid) {
    const e = expected.get(g.partyId)!;
    e.cents += g.amountCents;
    e.count++;
  }
  const ids = parties.map((p) => p.id);
  const totals = await query(url, `select id, raised_cents, paid_count from parties where id = any($1::uuid[])`, [ids]);
  const wrongParties = totals.rows.filter(
    (r) => Number(r.raised_cents) !== expected.get(r.id)!.cents || r.paid_count !== expected.get(r.id)!.count,
  );
  const rows = await query(
    url,
    `select count(*)::int as n, count(distinct id)::int as distinct_ids, coalesce(sum(amount_cents), 0)::bigint as cents
     from donations where party_id = any($1::uuid[]) and status = 'paga'`,
    [ids],
  );
  const { n, cents } = rows.rows[0];
  const paidIds = new Set(paid.map((g) => g.donationId));
  const sum = paid.reduce((s, g) => s + g.amountCents, 0);
  const ok = wrongParties.length === 0 && n === paid.length && paidIds.size === paid.length && Number(cents) === sum;
  const detail = `${n} gifts paid in the database for ${paid.length} confirmed by the provider (${paidIds.size} distinct), R$ ${(Number(cents) / 100).toFixed(2)} for R$ ${(sum / 100).toFixed(2)}, ${wrongParties.length} parties with other totals`;
  return { ok, detail };
}
