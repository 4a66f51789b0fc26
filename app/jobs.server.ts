import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import type { Connection } from "~/platform/db.server";
import { type Boss, startBoss, stopBoss } from "~/platform/jobs/boss.server";
import { startDonationExpiry } from "~/domain/donations/expiry.server";
import { startCreatorDigests } from "~/domain/donations/creator-digest.server";
import { renderQueuedDonationEmail } from "~/domain/donations/index.server";
import { startPartyRefundWorker } from "~/domain/donations/party-refunds.server";
import { createSandboxEventQueue, loopbackTransport, startSandboxDeliveryWorker } from "~/domain/payments/sandbox-delivery.server";
import { createPayments, type SandboxEventQueue } from "~/domain/payments/index.server";
import { startDailyReconcile } from "~/domain/ledger/index.server";
import { startEmailWorker } from "~/platform/mail/email-worker.server";
import { logger } from "~/platform/logger.server";
import { transportFromConfig } from "~/platform/mail/mailer.server";
import { outboxMailer, purgeSentEmails } from "~/platform/mail/outbox.server";
import { purgeUnpaidHonoreeEmails } from "~/domain/donations/honoree-retention.server";
import { startImpactJobs } from "~/domain/impact/index.server";
import { startPixAutomaticoCharges, startSubscriptionRecovery } from "~/domain/subscriptions/index.server";
import { deleteExpiredRateLimits } from "~/platform/rate-limit.server";
import { closeEndedPledges } from "~/domain/matching/index.server";

export type BackgroundJobs = {
  /** Where request handlers queue the sandbox provider's events (delivered by the worker here). */
  sandboxEvents: SandboxEventQueue;
  stop: () => Promise<void>;
};

/**
 * Background work that runs inside the server process (e-mail outbox, sandbox event delivery,
 * expiring pending gifts, the daily ledger reconciliation…) on pg-boss. Each feature registers a
 * starter here; `stop` stops them all.
 */
export async function startBackgroundJobs(
  connection: Connection,
  { config, clock }: { config: Config; clock: Clock },
): Promise<BackgroundJobs> {
  const stops: Array<() => Promise<void>> = [];
  const boss = await startBoss(connection);
  stops.push(() => stopBoss(boss));

  stops.push(await startEmailWorker(boss, connection, { transport: await transportFromConfig(config), render: renderQueuedDonationEmail }));
  await startHousekeeping(boss, { publicUrl: config.PUBLIC_URL, clock });
  await startDonationExpiry(boss, { clock });
  // The party creators' digests of gifts (issue 31).
  await startCreatorDigests(boss, { mailer: outboxMailer });
  const sandboxWorker = await startSandboxDeliveryWorker(boss, { transport: loopbackTransport(config.PORT), secret: config.APP_SECRET });
  stops.push(sandboxWorker.stop);
  const sandboxEvents = await createSandboxEventQueue(boss, { onQueued: sandboxWorker.wake });
  const payments = createPayments(config, sandboxEvents);
  await startDailyReconcile(boss, { providers: payments.all, clock });
  // A cancelled party's refunds (docs/decisions/151-refunds.md).
  stops.push(await startPartyRefundWorker(boss, connection, { payments }));
  await startImpactJobs(boss, { mailer: outboxMailer, publicUrl: config.PUBLIC_URL, clock });
  // Each month's Pix Automático charge at the PSP, 2–10 days before it is due (decision 150).
  await startPixAutomaticoCharges(boss, { provider: payments.with("pixAutomaticoAtPsp"), secret: config.APP_SECRET, clock });
  // Failed monthly charges: our retries on their schedule (docs/recovery.md; never at Stripe).
  await startSubscriptionRecovery(boss, { payments, config, mailer: outboxMailer, clock });

  return {
    sandboxEvents,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}

/**
 * Hourly clean-up of finished rate-limit windows, of delivered e-mails past their retention, and of
 * the honoree's e-mail on gifts never paid (decision 214); and the matching pledges whose deadline
 * or party has ended are closed, their sponsors e-mailed the amount due (decision 220).
 */
async function startHousekeeping(boss: Boss, deps: { publicUrl: string; clock: Clock }) {
  const queue = "housekeeping";
  await boss.createQueue(queue, { name: queue, policy: "short" });
  await boss.schedule(queue, "17 * * * *");
  await boss.work(queue, async () => {
    const removed = await deleteExpiredRateLimits();
    const purged = await purgeSentEmails();
    const honoreeEmails = await purgeUnpaidHonoreeEmails();
    const pledges = await closeEndedPledges({ mailer: outboxMailer, ...deps });
    logger.debug(
      { removed, purged, honoreeEmails, pledges },
      "expired rate limits, old sent e-mails and unpaid gifts' honoree e-mails removed; ended pledges closed",
    );
  });
}
