/**
 * Our retries of a failed month (docs/recovery.md): the pg-boss job asks the provider for each
 * retry when its time comes (recovery-schedule.ts), and the admin's "Tentar agora" asks for the
 * next one at once. Never at Stripe, which retries by itself. A retry is claimed by its number in
 * the recovery's history (a unique key) before the provider is asked, so a double click, two
 * instances or a job run twice ask once; the answer comes back as the provider's usual invoice event.
 */
import { and, eq, lte } from "drizzle-orm";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import type { Payments } from "~/domain/payments/index.server";
import { planOf } from "./plans";
import { PIX_RETRY_WINDOW_MS, mayRetryNow } from "./recovery-schedule";
import { suspendRecovery } from "./recovery.server";

const { subscriptionRecoveries, subscriptionRecoveryEvents, subscriptions } = schema;
const QUEUE = "subscription-recovery";

export type RetryDeps = {
  payments: Pick<Payments, "byName">;
  config: Config;
  mailer: Mailer;
  clock: Clock;
};

export type RetryOutcome = "asked" | "not-allowed" | "failed";

/** Asks the provider for the month's next retry now, when the schedule's rules allow one. */
export async function retryRecovery(recoveryId: string, deps: RetryDeps): Promise<RetryOutcome> {
  const now = deps.clock.now();
  const claimed = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ recovery: subscriptionRecoveries, subscription: subscriptions })
      .from(subscriptionRecoveries)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRecoveries.subscriptionId))
      .where(eq(subscriptionRecoveries.id, recoveryId))
      .limit(1)
      .for("update", { of: subscriptionRecoveries });
    if (!found || !mayRetryNow(found.recovery, now)) return null;
    const attempt = found.recovery.retriesRequested + 1;
    const [logged] = await tx
      .insert(subscriptionRecoveryEvents)
      .values({ recoveryId, kind: "retry_requested", attempt, occurredAt: now })
      .onConflictDoNothing()
      .returning({ id: subscriptionRecoveryEvents.id });
    if (!logged) return null;
    // Waiting for this retry's answer: no next attempt until it fails.
    await tx
      .update(subscriptionRecoveries)
      .set({ retriesRequested: attempt, lastAttemptAt: now, nextAttemptAt: null, updatedAt: now })
      .where(eq(subscriptionRecoveries.id, recoveryId));
    return { ...found, attempt, logId: logged.id };
  });
  if (!claimed) return "not-allowed";
  const { recovery, subscription, attempt } = claimed;
  const provider = deps.payments.byName(subscription.provider);
  try {
    if (!provider?.retrySubscriptionCharge) throw new Error(`o provedor ${subscription.provider} não faz novas tentativas`);
    await provider.retrySubscriptionCharge({
      subscription: {
        subscriptionId: subscription.providerSubscriptionId,
        customerId: subscription.providerCustomerId,
        userId: subscription.userId,
        priceId: planOf(subscription)?.sandboxPriceId ?? null,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      },
      method: recovery.method,
      invoice: { id: recovery.invoiceId, amountCents: recovery.amountCents, periodEnd: null },
      attempt,
      now,
    });
    return "asked";
  } catch (error) {
    // Not asked: the claim is undone, so the next run (in an hour) asks again.
    logger.error({ recoveryId, attempt, error: (error as Error).message }, "subscription retry failed");
    await db.transaction(async (tx) => {
      await tx.delete(subscriptionRecoveryEvents).where(eq(subscriptionRecoveryEvents.id, claimed.logId));
      await tx
        .update(subscriptionRecoveries)
        .set({ retriesRequested: attempt - 1, nextAttemptAt: new Date(now.getTime() + 60 * 60 * 1000), updatedAt: now })
        .where(eq(subscriptionRecoveries.id, recoveryId));
    });
    return "failed";
  }
}

/** One run of the job: every retry that is due, and Pix Automático months whose 7-day window closed. */
export async function runDueRetries(deps: RetryDeps) {
  const now = deps.clock.now();
  const due = await db
    .select({ id: subscriptionRecoveries.id })
    .from(subscriptionRecoveries)
    .where(
      and(
        eq(subscriptionRecoveries.status, "open"),
        eq(subscriptionRecoveries.retriesBy, "ours"),
        lte(subscriptionRecoveries.nextAttemptAt, now),
      ),
    );
  let asked = 0;
  for (const { id } of due) if ((await retryRecovery(id, deps)) === "asked") asked++;
  const closed = await suspendClosedPixWindows(deps, now);
  return { due: due.length, asked, suspended: closed };
}

async function suspendClosedPixWindows(deps: RetryDeps, now: Date) {
  const windowStart = new Date(now.getTime() - PIX_RETRY_WINDOW_MS);
  const rows = await db
    .select({ recovery: subscriptionRecoveries, subscription: subscriptions })
    .from(subscriptionRecoveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRecoveries.subscriptionId))
    .where(
      and(
        eq(subscriptionRecoveries.status, "open"),
        eq(subscriptionRecoveries.method, "pix_automatico"),
        eq(subscriptionRecoveries.retriesBy, "ours"),
        lte(subscriptionRecoveries.firstFailedAt, windowStart),
      ),
    );
  let suspended = 0;
  for (const { recovery, subscription } of rows) {
    // A retry still waiting for its answer decides by itself.
    if (recovery.retriesRequested >= recovery.failures) continue;
    await db.transaction((tx) => suspendRecovery(tx, recovery, subscription, deps, now));
    suspended++;
  }
  return suspended;
}

export async function startSubscriptionRecovery(boss: Boss, deps: RetryDeps) {
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "short" });
  // Every 15 minutes: a retry runs within a quarter of an hour of its time.
  await boss.schedule(QUEUE, "*/15 * * * *");
  await boss.work(QUEUE, async () => {
    const result = await runDueRetries(deps);
    if (result.due || result.suspended) logger.info(result, "subscription recovery retries");
  });
}
