import { readableRows } from "@tests/database";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import type { SubscriptionEventAction, SubscriptionPaymentEvent, SubscriptionState } from "~/domain/payments/types";
import { getPlan, type PlanId } from "~/domain/subscriptions/plans";
import { saveBillingCustomer } from "~/domain/subscriptions/subscriptions.server";

let counter = 0;

/** A user with a sandbox billing customer, as the first 'Assinar' leaves them. */
export async function sandboxSubscriber(userId: string, customerId = `cus_sbx_${randomUUID().slice(0, 8)}`) {
  await saveBillingCustomer(userId, "sandbox", customerId);
  return customerId;
}

/** A normalized sandbox subscription event, as parseWebhook produces it. */
export function subscriptionEvent(
  action: SubscriptionEventAction,
  over: {
    id?: string;
    subscriptionId?: string;
    customerId?: string | null;
    userId?: string | null;
    plan?: PlanId;
    priceId?: string | null;
    status?: SubscriptionState | null;
    periodEnd?: Date | null;
    cancelAtPeriodEnd?: boolean | null;
    at?: Date;
    invoice?: { id: string; amountCents?: number; periodEnd?: Date | null };
  } = {},
): SubscriptionPaymentEvent {
  const plan = getPlan(over.plan ?? "prata")!;
  const isInvoice = action === "invoice_paid" || action === "invoice_failed";
  return {
    kind: "subscription",
    id: over.id ?? `evt_sub_${++counter}_${randomUUID().slice(0, 8)}`,
    provider: "sandbox",
    type: `test.${action}`,
    occurredAt: over.at ?? new Date(),
    action,
    subscriptionId: over.subscriptionId ?? "sub_sbx_test",
    customerId: over.customerId === undefined ? null : over.customerId,
    userId: over.userId ?? null,
    priceId: over.priceId === undefined ? plan.sandboxPriceId : over.priceId,
    status: isInvoice ? null : over.status === undefined ? (action === "deleted" ? "canceled" : "active") : over.status,
    currentPeriodEnd: isInvoice ? null : (over.periodEnd ?? new Date("2026-12-01T12:00:00Z")),
    cancelAtPeriodEnd: isInvoice ? null : (over.cancelAtPeriodEnd ?? false),
    invoice: isInvoice
      ? {
          id: over.invoice?.id ?? `in_${counter}`,
          amountCents: over.invoice?.amountCents ?? plan.priceCents,
          periodEnd: over.invoice?.periodEnd ?? null,
        }
      : null,
  };
}

export async function subscriptionRows() {
  return db.select().from(schema.subscriptions).orderBy(schema.subscriptions.createdAt);
}

export async function subscriptionRow(providerSubscriptionId = "sub_sbx_test") {
  const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

export async function chargeRows() {
  return db.select().from(schema.subscriptionCharges).orderBy(schema.subscriptionCharges.paidAt);
}

export async function outbox() {
  return readableRows(db.select().from(schema.emailOutbox).orderBy(schema.emailOutbox.createdAt));
}
