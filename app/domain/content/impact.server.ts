/**
 * The public impact figures (home, histórias, transparência). Computed from the paid ledger
 * (decisions.md, "Content that the spec hard-codes"): only `paga` gifts and charges the provider
 * confirmed count; "famílias ajudadas" is the one figure admins maintain by hand.
 */
import { count, eq, sum } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

export const FAMILIES_HELPED_KEY = "families_helped";

export async function sumPaidDonationsCents(executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: sum(schema.donations.amountCents).mapWith(Number) })
    .from(schema.donations)
    .where(eq(schema.donations.status, "paga"));
  return row?.total ?? 0;
}

/** Subscription charges are stored only once paid, so every row counts. */
export async function sumSubscriptionChargesCents(executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: sum(schema.subscriptionCharges.amountCents).mapWith(Number) })
    .from(schema.subscriptionCharges);
  return row?.total ?? 0;
}

export async function countParties(executor: Executor = db): Promise<number> {
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
