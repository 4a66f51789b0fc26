/**
 * The public impact figures (home, histórias, transparência). Money comes from the ledger's stored
 * rows (docs/decisions/130-ledger.md): gifts and charges the provider confirmed, net of refunds and
 * chargebacks; "famílias ajudadas" is the one figure admins maintain by hand.
 */
import { count, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { giftsRaisedCents, subscriptionsRaisedCents } from "~/domain/ledger/index.server";

export const FAMILIES_HELPED_KEY = "families_helped";

/** Gifts raised, net of refunds and chargebacks: the ledger's stored rows. */
export async function sumPaidDonationsCents(executor: Executor = db): Promise<number> {
  return giftsRaisedCents(executor);
}

/** Assine o Bem charges raised: the ledger's stored rows. */
export async function sumSubscriptionChargesCents(executor: Executor = db): Promise<number> {
  return subscriptionsRaisedCents(executor);
}

async function countParties(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(schema.parties);
  return row?.n ?? 0;
}

export async function countActiveSubscriptions(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(schema.subscriptions).where(eq(schema.subscriptions.status, "active"));
  return row?.n ?? 0;
}

export async function getFamiliesHelped(executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ value: schema.siteSettings.value })
    .from(schema.siteSettings)
    .where(eq(schema.siteSettings.key, FAMILIES_HELPED_KEY));
  const value = Number(row?.value ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

export type ImpactFigures = {
  raisedCents: number;
  donationsCents: number;
  subscriptionsCents: number;
  parties: number;
  activeSubscribers: number;
  familiesHelped: number;
};

export async function getImpactFigures(): Promise<ImpactFigures> {
  const [donationsCents, subscriptionsCents, parties, activeSubscribers, familiesHelped] = await Promise.all([
    sumPaidDonationsCents(),
    sumSubscriptionChargesCents(),
    countParties(),
    countActiveSubscriptions(),
    getFamiliesHelped(),
  ]);
  return {
    raisedCents: donationsCents + subscriptionsCents,
    donationsCents,
    subscriptionsCents,
    parties,
    activeSubscribers,
    familiesHelped,
  };
}
