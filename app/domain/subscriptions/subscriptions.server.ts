/**
 * Assine o Bem: where a user stands, derived only from the subscription rows the provider's
 * events wrote (app/domain/subscriptions/subscription-events.server.ts), and the one billing customer per user.
 * "Active subscribers" (home, admin) is countActiveSubscriptions in impact.server.ts.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { ProviderName, SubscriptionState } from "~/domain/payments";
import type { SubscriptionPlanId } from "~/domain/subscriptions/plans";

const { subscriptions, billingCustomers, user } = schema;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

// A paying subscription describes the user best, then one whose payment failed, then the newest.
const statusRank = sql`case ${subscriptions.status} when 'active' then 0 when 'past_due' then 1 when 'incomplete' then 2 else 3 end`;

export async function findCurrentSubscription(userId: string, executor: Executor = db): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(statusRank), desc(subscriptions.lastEventAt), desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export type SubscriptionStatus = {
  /** Paying: only `active`. A failed payment (`past_due`) is never a paying subscriber. */
  subscribed: boolean;
  /** The plan of the subscription that still binds the user (active or past due), else null. */
  plan: SubscriptionPlanId | null;
  /** Plan "personalizado": the chosen monthly amount (planOf turns both into a plan). */
  customAmountCents: number | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  status: SubscriptionState | null;
  /** Our id of that subscription. */
  subscriptionId: string | null;
};

const NOT_SUBSCRIBED: SubscriptionStatus = {
  subscribed: false,
  plan: null,
  customAmountCents: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  status: null,
  subscriptionId: null,
};

export async function getSubscriptionStatus(userId: string, executor: Executor = db): Promise<SubscriptionStatus> {
  const row = await findCurrentSubscription(userId, executor);
  if (!row) return NOT_SUBSCRIBED;
  const binding = row.status === "active" || row.status === "past_due";
  return {
    subscribed: row.status === "active",
    plan: binding ? row.plan : null,
    customAmountCents: binding ? row.customAmountCents : null,
    currentPeriodEnd: binding ? row.currentPeriodEnd : null,
    cancelAtPeriodEnd: binding && row.cancelAtPeriodEnd,
    status: row.status,
    subscriptionId: row.id,
  };
}

export async function findSubscriptionByProviderId(provider: ProviderName, providerSubscriptionId: string, executor: Executor = db) {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return row ?? null;
}

/** The user's binding subscription at one billing customer (the sandbox portal's view). */
export async function findCustomerSubscription(provider: ProviderName, customerId: string, executor: Executor = db) {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerCustomerId, customerId)))
    .orderBy(asc(statusRank), desc(subscriptions.lastEventAt))
    .limit(1);
  return row ?? null;
}

// ---------- billing customers ----------

export async function getBillingCustomer(userId: string, executor: Executor = db) {
  const [row] = await executor.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Stores the user's customer. Concurrent first subscriptions converge on one row (the provider
 * hands back the same customer for the same idempotency key); switching provider replaces it.
 */
export async function saveBillingCustomer(userId: string, provider: ProviderName, providerCustomerId: string, executor: Executor = db) {
  const [row] = await executor
    .insert(billingCustomers)
    .values({ userId, provider, providerCustomerId })
    .onConflictDoUpdate({
      target: billingCustomers.userId,
      set: { provider, providerCustomerId },
      setWhere: sql`${billingCustomers.provider} <> ${provider}`,
    })
    .returning();
  return row ?? (await getBillingCustomer(userId, executor))!;
}

export async function findUserByBillingCustomer(
  provider: ProviderName,
  providerCustomerId: string,
  executor: Executor = db,
): Promise<string | null> {
  const [row] = await executor
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.providerCustomerId, providerCustomerId)))
    .limit(1);
  return row?.userId ?? null;
}

export async function userExists(userId: string, executor: Executor = db): Promise<boolean> {
  const [row] = await executor.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
  return Boolean(row);
}

export async function getUserContact(userId: string, executor: Executor = db) {
  const [row] = await executor.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row ?? null;
}

// ---------- confirmation e-mail ----------

/**
 * Claims the right to send the confirmation: true exactly once per subscription, and only while
 * it is active. Run it in the transaction that queues the e-mail.
 */
export async function claimConfirmation(executor: Executor, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .update(subscriptions)
    .set({ confirmationSentAt: sql`now()` })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, "active"), isNull(subscriptions.confirmationSentAt)))
    .returning();
  return row ?? null;
}
