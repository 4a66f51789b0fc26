import { sql } from "drizzle-orm";
import type { Executor } from "~/db.server";

/** The Postgres NOTIFY channel that carries "a gift became paid" to every server instance. */
export const DONATION_PAID_CHANNEL = "donation_paid";

export type DonationPaidEvent = {
  donationId: string;
  partyId: string;
  ownerUserId: string;
  amountCents: number;
};

/**
 * Announces a paid gift. Called inside the transaction that marks it paid: Postgres delivers
 * NOTIFY only on commit, so listeners never hear of a gift that was rolled back.
 */
export async function notifyDonationPaid(executor: Executor, event: DonationPaidEvent) {
  await executor.execute(sql`select pg_notify(${DONATION_PAID_CHANNEL}, ${JSON.stringify(event)})`);
}
