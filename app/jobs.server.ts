import { getConfig } from "~/config.server";
import type { Connection } from "~/db.server";
import { type Boss, startBoss, stopBoss } from "~/lib/boss.server";
import { startDonationExpiry } from "~/lib/donation-expiry.server";
import { startEmailWorker } from "~/lib/email-worker.server";
import { logger } from "~/lib/logger.server";
import { transportFromConfig } from "~/lib/mailer.server";
import { deleteExpiredRateLimits } from "~/models/rate-limit.server";

/**
 * Background work that runs inside the server process (e-mail outbox, expiring pending gifts…)
 * on pg-boss. Each feature registers a starter here; the returned function stops them all.
 */
export async function startBackgroundJobs(connection: Connection): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const boss = await startBoss(connection);
  stops.push(() => stopBoss(boss));

  stops.push(await startEmailWorker(boss, connection, { transport: await transportFromConfig(getConfig()) }));
  await startHousekeeping(boss);
  await startDonationExpiry(boss);

  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
}

/** Hourly clean-up of finished rate-limit windows. */
async function startHousekeeping(boss: Boss) {
  const queue = "housekeeping";
  await boss.createQueue(queue, { name: queue, policy: "short" });
  await boss.schedule(queue, "17 * * * *");
  await boss.work(queue, async () => {
    const removed = await deleteExpiredRateLimits();
    logger.debug({ removed }, "expired rate limits removed");
  });
}
