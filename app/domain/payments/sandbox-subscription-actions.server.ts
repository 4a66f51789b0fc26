/**
 * What the sandbox's hosted subscription pages do when the user clicks: each outcome becomes the
 * events Stripe would send, delivered later and signed (sandbox-delivery.server.ts). Nothing here
 * writes a subscription row; only the webhook's event processing does.
 */
import { getPlan, planOf, planOfCheckout, type PlanId } from "~/domain/subscriptions";
import type { SubscriptionRow } from "~/domain/subscriptions/index.server";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import type { PortalIntent } from "./sandbox-forms";
import {
  addOneMonth,
  type SandboxCheckout,
  type SandboxSubscriptionData,
  type SandboxSubscriptionEventType,
  sandboxInvoiceId,
  sandboxSubscriptionEvent,
  sandboxSubscriptionIdFor,
} from "./sandbox-subscriptions.server";

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** From the request context: the sandbox's event queue, and what time it is. */
export type SandboxActionDeps = { sandboxEvents: SandboxEventQueue; now: Date };

/** Pagar: the subscription starts active for a month, and its first invoice is paid. */
export async function deliverCheckoutPaid(
  checkout: SandboxCheckout,
  { sandboxEvents, now, secret }: SandboxActionDeps & { secret: string },
) {
  const send = (type: SandboxSubscriptionEventType, data: SandboxSubscriptionData) =>
    sandboxEvents.deliver(sandboxSubscriptionEvent(type, data, now));
  const plan = planOfCheckout(checkout)!;
  const id = sandboxSubscriptionIdFor(secret, checkout.checkoutId);
  const periodEnd = addOneMonth(now);
  const subscription: SandboxSubscriptionData = {
    id,
    customerId: checkout.customerId,
    userId: checkout.userId,
    priceId: checkout.priceId,
    status: "active",
    currentPeriodEnd: unix(periodEnd),
    cancelAtPeriodEnd: false,
  };
  await send("subscription.created", subscription);
  await send("invoice.paid", {
    ...subscription,
    invoice: { id: sandboxInvoiceId(id, "first"), amountCents: plan.priceCents, periodEnd: unix(periodEnd) },
  });
  return id;
}

function snapshot(row: SubscriptionRow, changes: Partial<SandboxSubscriptionData> = {}): SandboxSubscriptionData {
  return {
    id: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
    userId: row.userId,
    priceId: planOf(row)!.sandboxPriceId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd ? unix(row.currentPeriodEnd) : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    ...changes,
  };
}

// The portal's choices are listed with its form schema.
export { PORTAL_INTENTS, type PortalIntent } from "./sandbox-forms";

/** Applies one portal choice to the user's subscription; returns an error text when it does not fit its state. */
export async function deliverPortalChoice(
  row: SubscriptionRow,
  intent: PortalIntent,
  planId: PlanId | null,
  { sandboxEvents, now }: SandboxActionDeps,
): Promise<string | null> {
  const send = (type: SandboxSubscriptionEventType, data: SandboxSubscriptionData) =>
    sandboxEvents.deliver(sandboxSubscriptionEvent(type, data, now));
  const binding = row.status === "active" || row.status === "past_due";
  if (!binding) return "Esta assinatura não está ativa.";
  const plan = planOf(row)!;
  const nextEnd = addOneMonth(row.currentPeriodEnd ?? now);
  const nextInvoice = sandboxInvoiceId(row.providerSubscriptionId, nextEnd);

  switch (intent) {
    case "mudar": {
      const target = planId ? getPlan(planId) : undefined;
      if (!target || target.id === row.plan) return "Escolha um plano diferente do atual.";
      await send("subscription.updated", snapshot(row, { priceId: target.sandboxPriceId, cancelAtPeriodEnd: false }));
      return null;
    }
    case "cancelar-fim":
      await send("subscription.updated", snapshot(row, { cancelAtPeriodEnd: true }));
      return null;
    case "reativar":
      await send("subscription.updated", snapshot(row, { cancelAtPeriodEnd: false }));
      return null;
    case "cancelar-agora":
      await send("subscription.deleted", snapshot(row, { status: "canceled", cancelAtPeriodEnd: false }));
      return null;
    case "renovar":
      if (row.status !== "active") return "Regularize o pagamento pendente primeiro.";
      // A subscription set to end at the period's end ends instead of renewing.
      if (row.cancelAtPeriodEnd) {
        await send("subscription.deleted", snapshot(row, { status: "canceled" }));
        return null;
      }
      await send("invoice.paid", snapshot(row, { invoice: { id: nextInvoice, amountCents: plan.priceCents, periodEnd: unix(nextEnd) } }));
      await send("subscription.updated", snapshot(row, { currentPeriodEnd: unix(nextEnd) }));
      return null;
    case "falhar":
      if (row.status !== "active") return "A cobrança já está pendente.";
      await send(
        "invoice.payment_failed",
        snapshot(row, { invoice: { id: nextInvoice, amountCents: plan.priceCents, periodEnd: unix(nextEnd) } }),
      );
      await send("subscription.updated", snapshot(row, { status: "past_due" }));
      return null;
    case "regularizar":
      if (row.status !== "past_due") return "Não há pagamento pendente.";
      await send("invoice.paid", snapshot(row, { invoice: { id: nextInvoice, amountCents: plan.priceCents, periodEnd: unix(nextEnd) } }));
      await send("subscription.updated", snapshot(row, { status: "active", currentPeriodEnd: unix(nextEnd) }));
      return null;
  }
}
