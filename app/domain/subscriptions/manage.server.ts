/**
 * Changing one subscription from our own pages (issue 16): the plan-management link of the
 * subscription e-mails, and account deletion (which cancels a live subscription first). The
 * provider applies the change and tells us through its usual events; only those events move the
 * row (subscription-events.server.ts).
 */
import type { Config } from "~/platform/config.server";
import type { SubscriptionChange } from "~/domain/payments";
import type { Payments } from "~/domain/payments/index.server";
import { getPlan } from "./plans";
import { priceIdForPlan } from "./plan-prices.server";
import type { SubscriptionRow } from "./subscriptions.server";

/** Active or with a payment pending: the subscriber is still bound (and billed). */
export function isLiveSubscription(row: Pick<SubscriptionRow, "status">): boolean {
  return row.status === "active" || row.status === "past_due";
}

/** Asks the subscription's own provider for the change; throws CheckoutError (pt-BR message) when it refuses. */
export async function requestSubscriptionChange(
  row: SubscriptionRow,
  change: SubscriptionChange,
  deps: { payments: Pick<Payments, "webhook">; config: Config },
): Promise<void> {
  const provider = deps.payments.webhook(row.provider === "stripe" ? "stripe" : "sandbox");
  if (!provider?.changeSubscription) throw new Error(`provider ${row.provider} cannot change subscriptions here`);
  const plan = getPlan(row.plan);
  await provider.changeSubscription({
    subscription: {
      subscriptionId: row.providerSubscriptionId,
      customerId: row.providerCustomerId,
      userId: row.userId,
      priceId: plan ? priceIdForPlan(plan.id, provider.name, deps.config) : null,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
    change,
  });
}
