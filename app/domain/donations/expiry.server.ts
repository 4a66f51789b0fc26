import type { Clock } from "~/platform/clock";
import type { Boss } from "~/platform/jobs/boss.server";
import { PENDING_EXPIRY_HOURS } from "~/domain/donations/donation-status";
import { logger } from "~/platform/logger.server";
import { expireStalePendingDonations } from "~/domain/donations/donations.server";

const DONATION_EXPIRY_QUEUE = "expire-pending-donations";

/** Every 5 minutes: gifts still `pendente` after 24 h become `cancelada` (decisions.md, Money). */
export async function startDonationExpiry(boss: Boss, { clock }: { clock: Clock }) {
  await boss.createQueue(DONATION_EXPIRY_QUEUE, { name: DONATION_EXPIRY_QUEUE, policy: "short" });
  await boss.schedule(DONATION_EXPIRY_QUEUE, "*/5 * * * *");
  await boss.work(DONATION_EXPIRY_QUEUE, () => expirePendingDonations(clock));
}

/** One run: cancels every gift still pending PENDING_EXPIRY_HOURS after it was created. */
async function expirePendingDonations(clock: Clock) {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - PENDING_EXPIRY_HOURS * 3600 * 1000);
  let total = 0;
  // In batches, so one run after a long downtime never holds a huge transaction.
  for (let n = await expireStalePendingDonations(cutoff, { now }); n > 0; n = await expireStalePendingDonations(cutoff, { now }))
    total += n;
  if (total > 0) logger.info({ expired: total }, "pending donations expired");
  return total;
}
