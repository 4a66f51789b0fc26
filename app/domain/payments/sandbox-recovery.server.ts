/**
 * The sandbox's side of a recovery retry (docs/recovery.md): the test card (or the test bank
 * account of a Pix Automático) keeps declining, so every retry comes back as the same failure
 * event a real provider would send — signed, through the webhook, at the clock's time. The event id
 * derives from the invoice and the attempt, so a retry asked twice is one event. The donor gets out
 * by the e-mailed link (the month's one-off Pix) or the portal's "Regularizar pagamento".
 */
import { createHmac } from "node:crypto";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import { sandboxSubscriptionEvent } from "./sandbox-subscriptions.server";
import type { PaymentProvider, SubscriptionRetryRequest } from "./types";

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function sandboxRecoveryMethods(options: {
  secret: string;
  events?: SandboxEventQueue;
}): Required<Pick<PaymentProvider, "retrySubscriptionCharge">> {
  return {
    async retrySubscriptionCharge({ subscription, method, invoice, attempt, now }: SubscriptionRetryRequest) {
      if (!options.events) throw new Error("sandbox: fila de eventos ausente");
      const type = method === "pix_automatico" ? "pix_automatico.cobr_falhou" : "invoice.payment_failed";
      const event = sandboxSubscriptionEvent(
        type,
        {
          id: subscription.subscriptionId,
          customerId: subscription.customerId,
          userId: subscription.userId,
          priceId: subscription.priceId ?? "",
          status: subscription.status,
          currentPeriodEnd: unix(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          invoice: { id: invoice.id, amountCents: invoice.amountCents, periodEnd: unix(invoice.periodEnd) },
        },
        now,
      );
      const key = createHmac("sha256", options.secret).update(`retry:${invoice.id}:${attempt}`).digest("hex").slice(0, 32);
      await options.events.deliver({ ...event, id: `evt_sbx_retry_${key}` });
    },
  };
}
