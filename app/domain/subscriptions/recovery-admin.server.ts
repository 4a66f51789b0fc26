/**
 * What the admin sees of recoveries (issue 30): the plans in recovery now, and the recovered share
 * of failed cycles by the month the cycle first failed (São Paulo time) — recovered / failed, the
 * same definition every month, so months compare (docs/recovery.md, "The figure").
 */
import { desc, eq, gte, inArray, sql } from "drizzle-orm";
import { todayInSaoPaulo } from "~/platform/dates";
import { db, schema } from "~/platform/db.server";
import { planName } from "./plans";
import { recoveredShare } from "./recovery-schedule";

const { subscriptionRecoveries, subscriptionRecoveryEvents, subscriptions, user } = schema;

/** Open and suspended months, newest failure first, with who subscribes (name only) and the plan. */
export async function listRecoveriesForAdmin(limit = 100) {
  const rows = await db
    .select({
      id: subscriptionRecoveries.id,
      status: subscriptionRecoveries.status,
      method: subscriptionRecoveries.method,
      retriesBy: subscriptionRecoveries.retriesBy,
      amountCents: subscriptionRecoveries.amountCents,
      failures: subscriptionRecoveries.failures,
      retriesRequested: subscriptionRecoveries.retriesRequested,
      firstFailedAt: subscriptionRecoveries.firstFailedAt,
      nextAttemptAt: subscriptionRecoveries.nextAttemptAt,
      plan: subscriptions.plan,
      provider: subscriptions.provider,
      subscriberName: user.name,
      extraPayments:
        sql<number>`(select count(*) from ${subscriptionRecoveryEvents} where ${subscriptionRecoveryEvents.recoveryId} = ${subscriptionRecoveries.id} and ${subscriptionRecoveryEvents.kind} = 'extra_payment')`.mapWith(
          Number,
        ),
    })
    .from(subscriptionRecoveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRecoveries.subscriptionId))
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(inArray(subscriptionRecoveries.status, ["open", "suspended"]))
    .orderBy(desc(subscriptionRecoveries.firstFailedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, planName: planName(r.plan) ?? r.plan }));
}

export type RecoveryMonth = { month: string; failed: number; recovered: number; suspended: number; open: number; share: number | null };

/** The recovered share per month of first failure, the last `months` months (oldest first), and their total. */
export async function recoveryFigures(now: Date, months = 6): Promise<{ months: RecoveryMonth[]; total: RecoveryMonth }> {
  const month = sql<string>`to_char(${subscriptionRecoveries.firstFailedAt} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
  // São Paulo's current month (UTC−3, no daylight saving since 2019), and the first of the oldest one shown.
  const [year, current] = todayInSaoPaulo(now).split("-").map(Number) as [number, number];
  const since = new Date(Date.UTC(year, current - 1 - (months - 1), 1, 3));
  const rows = await db
    .select({
      month,
      status: subscriptionRecoveries.status,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(subscriptionRecoveries)
    .where(gte(subscriptionRecoveries.firstFailedAt, since))
    .groupBy(month, subscriptionRecoveries.status);
  const byMonth = new Map<string, RecoveryMonth>();
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, current - 1 - i, 1));
    const key = d.toISOString().slice(0, 7);
    byMonth.set(key, { month: key, failed: 0, recovered: 0, suspended: 0, open: 0, share: null });
  }
  const total: RecoveryMonth = { month: "total", failed: 0, recovered: 0, suspended: 0, open: 0, share: null };
  for (const row of rows) {
    const entry = byMonth.get(row.month);
    if (!entry) continue;
    for (const target of [entry, total]) {
      target.failed += row.n;
      if (row.status === "recovered") target.recovered += row.n;
      else if (row.status === "suspended") target.suspended += row.n;
      else target.open += row.n;
    }
  }
  const list = [...byMonth.values()].map((m) => ({ ...m, share: recoveredShare(m.failed, m.recovered) }));
  return { months: list, total: { ...total, share: recoveredShare(total.failed, total.recovered) } };
}
