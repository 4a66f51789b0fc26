/**
 * What the sandbox's hosted subscription pages do when the user clicks: each outcome becomes the
 * events Stripe would send, delivered later and signed (sandbox-delivery.server.ts). Nothing here
 * writes a subscription row; only the webhook's event processing does.
 */
import { getConfig } from "~/config.server";
import { getPlan, type PlanId } from "~/lib/plans";
import type { SubscriptionRow } from "~/models/subscriptions.server";
import { deliverSandboxEvent } from "./sandbox-delivery.server";
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

function send(type: SandboxSubscriptionEventType, data: SandboxSubscriptionData) {
  deliverSandboxEvent(sandboxSubscriptionEvent(type, data));
}

/** Pagar: the subscription starts active for a month, and its first invoice is paid. */
export function deliverCheckoutPaid(checkout: SandboxCheckout, now = new Date()) {
  const plan = getPlan(checkout.planId)!;
  const id = sandboxSubscriptionIdFor(getConfig().APP_SECRET, checkout.checkoutId);
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
  send("subscription.created", subscription);
  send("invoice.paid", { ...subscription, invoice: { id: sandboxInvoiceId(id, "first"), amountCents: plan.priceCents, periodEnd: unix(periodEnd) } });
  return id;
}

function snapshot(row: SubscriptionRow, changes: Partial<SandboxSubscriptionData> = {}): SandboxSubscriptionData {
  return {
    id: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
    userId: row.userId,
    priceId: getPlan(row.plan)!.sandboxPriceId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd ? unix(row.currentPeriodEnd) : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    ...changes,
  };
}

export const PORTAL_INTENTS = ["mudar", "cancelar-fim", "cancelar-agora", "reativar", "renovar", "falhar", "regularizar"] as const;
export type PortalIntent = (typeof PORTAL_INTENTS)[number];

/** Applies one portal choice to the user's subscription; returns an error text when it does not fit its state. */
export function deliverPortalChoice(row: SubscriptionRow, intent: PortalIntent, planId: PlanId | null, now = new Date()): string | null {
  const binding = row.status === "active" || row.status === "past_due";
  if (!binding) return "Esta assinatura não está ativa.";
  const plan = getPlan(row.plan)!;
  const nextEnd = addOneMonth(row.currentPeriodEnd ?? now);
  const nextInvoice = sandboxInvoiceId(row.providerSubscriptionId, nextEnd);

  switch (intent) {
    case "mudar": {
      const target = planId ? getPlan(planId) : undefined;
      if (!target || target.id === row.plan) return "Escolha um plano diferente do atual.";
      send("subscription.updated", snapshot(row, { priceId: target.sandboxPriceId, cancelAtPeriodEnd: false }));
      return null;
    }
    case "cancelar-fim":
      send("subscription.updated", snapshot(row, { cancelAtPeriodEnd: true }));
      return null;
    case "reativar":
      send("subscription.updated", snapshot(row, { cancelAtPeriodEnd: false }));
      return null;
    case "cancelar-agora":
      send("subscription.deleted", snapshot(row, { status: "canceled", cancelAtPeriodEnd: false }));
      return null;
    case "renovar":
      if (row.status !== "active") return "Regularize o pagamento pendente primeiro.";
      // A subscription set to end at the period's end ends instead of renewing.
      if (row.cancelAtPeriodEnd) {
        send("subscription.deleted", snapshot(row, { status: "canceled" }));
        return null;
      }
      send("invoice.paid", snapshot(row, { invoice: { id: nextInvoice, amountCents: plan.priceCents, periodEnd: unix(nextEnd) } }));
      send("subscription.updated", snapshot(row, { currentPeriodEnd: unix(nextEnd) }));
      return null;
    case "falhar":
      if (row.status !== "active") return "A cobrança já está pendente.";
      send("invoice.payment_failed", snapshot(row, { invoice: { id: nextInvoice, amountCents: plan.priceCents, periodEnd: unix(nextEnd) } }));
      send("subscription.updated", snapshot(row, { status: "past_due" }));
      return null;
    case "regularizar":
      if (row.status !== "past_due") return "Não há pagamento pendente.";
      send("invoice.paid", snapshot(row, { invoice: { id: nextInvoice, amountCents: plan.priceCents, periodEnd: unix(nextEnd) } }));
      send("subscription.updated", snapshot(row, { status: "active", currentPeriodEnd: unix(nextEnd) }));
      return null;
  }
}
