import type { Boss } from "~/lib/boss.server";
import { PENDING_EXPIRY_HOURS } from "~/lib/donation-status";
import { logger } from "~/lib/logger.server";
import { expireStalePendingDonations } from "~/models/donation.server";

export const DONATION_EXPIRY_QUEUE = "expire-pending-donations";

/** Every 5 minutes: gifts still `pendente` after 24 h become `cancelada` (decisions.md, Money). */
export async function startDonationExpiry(boss: Boss) {
  await boss.createQueue(DONATION_EXPIRY_QUEUE, { name: DONATION_EXPIRY_QUEUE, policy: "short" });
  await boss.schedule(DONATION_EXPIRY_QUEUE, "*/5 * * * *");
  await boss.work(DONATION_EXPIRY_QUEUE, async () => {
    const cutoff = new Date(Date.now() - PENDING_EXPIRY_HOURS * 3600 * 1000);
    let total = 0;
    // In batches, so one run after a long downtime never holds a huge transaction.
    for (let n = await expireStalePendingDonations(cutoff); n > 0; n = await expireStalePendingDonations(cutoff)) total += n;
    if (total > 0) logger.info({ expired: total }, "pending donations expired");
  });
}
