/**
 * Each month's Pix Automático charge at the PSP (docs/decisions/150-pix.md): every morning, for
 * each active (or past-due) Pix Automático subscription whose next due date is 2 to 10 days away
 * (the standard's window) and not yet paid for, `PUT /cobr/{txid}` with a txid derived from the
 * recurrence and the month. Idempotent twice over: a month already asked for is skipped, and a
 * retried or duplicated job asks for the same txid, which the PSP keeps as one charge.
 */
import { and, eq, inArray, isNotNull, notExists } from "drizzle-orm";
import type { Clock } from "~/platform/clock";
import { monthName, todayInSaoPaulo } from "~/platform/dates";
import { db, schema } from "~/platform/db.server";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import type { PaymentProvider } from "~/domain/payments";
import { pixTxid } from "~/domain/payments/index.server";
import { planOf } from "./plans";
import { dueDateInWindow, PIX_AUTOMATICO } from "./pix-automatico.server";

const { subscriptions, pixRecurringCharges, subscriptionRecoveries } = schema;
const QUEUE = "pix-automatico-charges";
/** The API Pix's txid: 26–35 letters and digits. */
const TXID_LENGTH = 32;

/** The month's txid: the same recurrence and month always give the same charge. */
export const recurringChargeTxid = (secret: string, recurrenceId: string, dueDate: string) =>
  pixTxid(secret, `${recurrenceId}:${dueDate.slice(0, 7)}`, 0, TXID_LENGTH);

type ChargeDeps = { provider: PaymentProvider | null; secret: string; now: Date };

export async function createMonthlyPixCharges({ provider, secret, now }: ChargeDeps) {
  if (!provider?.createPixRecurringCharge) return { due: 0, created: 0, failed: 0 };
  const today = todayInSaoPaulo(now);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.paymentMethod, PIX_AUTOMATICO),
        eq(subscriptions.provider, provider.name),
        inArray(subscriptions.status, ["active", "past_due"]),
        isNotNull(subscriptions.pixDueDay),
        // Suspended after a month's last retry: no new month until that one is paid (docs/recovery.md).
        notExists(
          db
            .select({ id: subscriptionRecoveries.id })
            .from(subscriptionRecoveries)
            .where(and(eq(subscriptionRecoveries.subscriptionId, subscriptions.id), eq(subscriptionRecoveries.status, "suspended"))),
        ),
      ),
    );
  let due = 0;
  let created = 0;
  let failed = 0;
  for (const row of rows) {
    const dueDate = dueDateInWindow(today, row.pixDueDay!);
    // Paid through its period end: the next charge is the one due at (or after) it.
    const paidThrough = row.currentPeriodEnd ? todayInSaoPaulo(row.currentPeriodEnd) : null;
    const plan = planOf(row);
    if (!dueDate || !plan || (paidThrough && dueDate < paidThrough)) continue;
    due++;
    const txid = recurringChargeTxid(secret, row.providerSubscriptionId, dueDate);
    const [asked] = await db.select().from(pixRecurringCharges).where(eq(pixRecurringCharges.txid, txid)).limit(1);
    if (asked) continue;
    try {
      await provider.createPixRecurringCharge({
        txid,
        recurrenceId: row.providerSubscriptionId,
        amountCents: plan.priceCents,
        dueDate,
        info: `Assine o Bem · Plano ${plan.name} · ${monthName(Number(dueDate.slice(5, 7)))} de ${dueDate.slice(0, 4)}`,
      });
      await db
        .insert(pixRecurringCharges)
        .values({ txid, subscriptionId: row.id, dueDate, amountCents: plan.priceCents })
        .onConflictDoNothing({ target: pixRecurringCharges.txid });
      created++;
    } catch (error) {
      // Tomorrow's run asks again (same txid) while the window lasts.
      failed++;
      logger.error({ subscriptionId: row.id, dueDate, error: (error as Error).message }, "pix automatico charge failed");
    }
  }
  return { due, created, failed };
}

export async function startPixAutomaticoCharges(boss: Boss, deps: { provider: PaymentProvider | null; secret: string; clock: Clock }) {
  if (!deps.provider?.createPixRecurringCharge) return;
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "short" });
  // Every morning: a due date enters the 2–10 day window on eight mornings, so a failed day is retried.
  await boss.schedule(QUEUE, "30 7 * * *", undefined, { tz: "America/Sao_Paulo" });
  await boss.work(QUEUE, async () => {
    const result = await createMonthlyPixCharges({ provider: deps.provider, secret: deps.secret, now: deps.clock.now() });
    logger.info(result, "pix automatico charges");
  });
}
