/**
 * The subscribers' "Relatório mensal de impacto": on the 1st, each subscriber whose plan was charged
 * in the past month gets what it funded, by institution (from the ledger), in the institution's
 * units, with the impact updates admins published for that month. A list e-mail (one-click
 * unsubscribe); one per subscriber and month (the dedupe key), so a rerun sends nothing twice.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Clock } from "~/platform/clock";
import { db, schema } from "~/platform/db.server";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import { enqueueListEmail } from "~/platform/mail/mailing-lists.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { monthLabel, monthRange, type ReportMonth } from "~/domain/content";
import { describeNetShareInUnits } from "~/domain/organizations";
import { listImpactUnits } from "~/domain/organizations/index.server";
import { monthlyImpactEmail } from "~/domain/impact/emails/monthly-impact.server";
import { impactUpdatesOf } from "./impact-admin.server";

const { ledgerEntries, subscriptionCharges, subscriptions, organizations, user } = schema;
const QUEUE = "monthly-impact-report";

/** What each subscriber's charges of the month funded, by institution. */
async function fundedInMonth(month: ReportMonth) {
  const { from, to } = monthRange(month);
  return db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      organizationId: ledgerEntries.organizationId,
      organizationName: organizations.name,
      totalCents: sql<number>`coalesce(sum(${ledgerEntries.grossCents}), 0)`.mapWith(Number),
      netCents: sql<number>`coalesce(sum(${ledgerEntries.netCents}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.id, ledgerEntries.subscriptionChargeId))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .innerJoin(user, eq(user.id, subscriptions.userId))
    .leftJoin(organizations, eq(organizations.id, ledgerEntries.organizationId))
    .where(and(eq(ledgerEntries.kind, "subscription_charge_paid"), gte(ledgerEntries.occurredAt, from), lt(ledgerEntries.occurredAt, to)))
    .groupBy(user.id, user.name, user.email, ledgerEntries.organizationId, organizations.name);
}

export async function sendMonthlyImpactReports({
  mailer,
  publicUrl,
  month,
  now,
}: {
  mailer: Mailer;
  publicUrl: string;
  month: ReportMonth;
  now: Date;
}) {
  const rows = await fundedInMonth(month);
  const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((id): id is string => id !== null))];
  const details = new Map(
    await Promise.all(
      orgIds.map(async (id) => [id, { units: await listImpactUnits(id), updates: await impactUpdatesOf(id, month.key) }] as const),
    ),
  );
  const bySubscriber = new Map<string, typeof rows>();
  for (const row of rows) bySubscriber.set(row.userId, [...(bySubscriber.get(row.userId) ?? []), row]);

  let queued = 0;
  for (const [userId, funded] of bySubscriber) {
    const first = funded[0]!;
    const institutions = funded.map((r) => {
      const d = r.organizationId ? details.get(r.organizationId) : undefined;
      return {
        name: r.organizationName ?? "Festa Solidária",
        totalCents: r.totalCents,
        impactLine: describeNetShareInUnits(r.netCents, d?.units ?? []),
        updates: d?.updates ?? [],
      };
    });
    const id = await db.transaction((tx) =>
      enqueueListEmail(
        mailer,
        tx,
        { to: first.email, list: "relatorio-mensal", publicUrl, dedupeKey: `impact-monthly:${userId}:${month.key}`, now },
        (unsubscribeUrl) =>
          monthlyImpactEmail({
            name: first.name,
            monthLabel: monthLabel(month),
            totalCents: funded.reduce((s, r) => s + r.totalCents, 0),
            institutions,
            unsubscribeUrl,
          }),
      ),
    );
    if (id) queued++;
  }
  return { subscribers: bySubscriber.size, queued };
}

/** The month before `now`'s month in São Paulo. */
export function previousMonth(now: Date): ReportMonth {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  return { year, month, key: `${year}-${String(month).padStart(2, "0")}` };
}

export async function startMonthlyImpactReports(
  boss: Boss,
  { mailer, publicUrl, clock }: { mailer: Mailer; publicUrl: string; clock: Clock },
) {
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "short" });
  await boss.schedule(QUEUE, "0 10 1 * *", undefined, { tz: "America/Sao_Paulo" });
  await boss.work(QUEUE, async () => {
    const now = clock.now();
    const result = await sendMonthlyImpactReports({ mailer, publicUrl, month: previousMonth(now), now });
    logger.info(result, "monthly impact reports queued");
  });
}
