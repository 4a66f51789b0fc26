/**
 * The webhook endpoints' shared body: verify the signature over the raw bytes, then apply each
 * event in its own short transaction and answer. Answering 2xx only after the commit means a
 * crash mid-burst loses nothing: the provider redelivers, and the event-id key makes that safe.
 */
import { isDatabaseDownError } from "~/platform/health.server";
import { logger } from "~/platform/logger.server";
import { type EventDeps, processPaymentEvent } from "~/domain/donations/payment-events.server";
import type { Payments } from "~/domain/payments/index.server";
import { type ProviderName, WebhookSignatureError } from "~/domain/payments";
import { paymentEvents } from "~/platform/metrics.server";
import { paymentEventLine } from "~/domain/donations/payment-event-log.server";
import { recordUnmatchedPaymentEvent, UNMATCHED_RETRY_AFTER_SECONDS } from "~/domain/donations/unmatched-events.server";

export const MAX_WEBHOOK_BODY_BYTES = 512 * 1024;

/** The request context's dependencies the webhook uses: the providers, and what applying an event needs. */
export type WebhookDeps = EventDeps & { payments: Pick<Payments, "byName"> };

/** What the webhook reads of its request: a route's `Request`, or the fast path's plain copy (server/webhooks.ts). */
export type WebhookRequest = Pick<Request, "method" | "headers" | "url" | "text">;

export async function handleWebhook(name: ProviderName, request: WebhookRequest, deps: WebhookDeps): Promise<Response> {
  if (request.method !== "POST") return Response.json({ error: "método não permitido" }, { status: 405, headers: { Allow: "POST" } });
  const provider = deps.payments.byName(name);
  if (!provider) return Response.json({ error: "provedor não habilitado" }, { status: 404 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BODY_BYTES) {
    return Response.json({ error: "corpo grande demais" }, { status: 413 });
  }
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_WEBHOOK_BODY_BYTES) return Response.json({ error: "corpo grande demais" }, { status: 413 });

  let events;
  try {
    events = provider.parseWebhook(rawBody, request.headers, new URL(request.url));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ provider: name, reason: error.message }, "webhook refused");
      paymentEvents.inc({ provider: name, type: "unknown", result: "refused" });
      return Response.json({ error: "assinatura inválida" }, { status: error.status });
    }
    throw error;
  }

  // The PSP's fee of each payment, where the body does not carry it (decision 206).
  if (provider.withProviderFees) events = await provider.withProviderFees(events);

  const results = [];
  let retryLater = false;
  for (const event of events) {
    let result;
    let seen;
    try {
      result = await processPaymentEvent(event, deps);
      // Not silently accepted: stored for an admin, and redelivered by the provider until flagged.
      if (result.outcome === "unmatched" && event.kind === "donation") seen = await recordUnmatchedPaymentEvent(event);
    } catch (error) {
      // The database is down: a 503 tells the provider to come back; nothing was committed.
      if (!isDatabaseDownError(error)) throw error;
      logger.warn({ provider: name, eventId: event.id }, "payment event deferred: database unavailable");
      paymentEvents.inc({ provider: name, type: event.type, result: "deferred" });
      return Response.json({ error: "banco de dados indisponível" }, { status: 503, headers: { "Retry-After": "5" } });
    }
    if (seen) {
      logger.warn(
        { provider: name, eventId: event.id, type: event.type, attempts: seen.attempts, flagged: seen.flagged },
        "payment event for an unknown gift",
      );
      if (!seen.flagged) retryLater = true;
      paymentEvents.inc({ provider: name, type: event.type, result: seen.flagged ? "flagged" : "unmatched" });
      results.push({ id: event.id, outcome: seen.flagged ? "flagged" : "unmatched" });
      continue;
    }
    const level = result.outcome === "unmatched" ? "warn" : "info";
    const line = await paymentEventLine(event, result, !deps.config.isProduction);
    logger[level]({ provider: name, eventId: event.id, type: event.type, ...result }, line);
    paymentEvents.inc({ provider: name, type: event.type, result: result.outcome });
    results.push({ id: event.id, outcome: result.outcome });
  }
  if (retryLater) {
    return Response.json(
      { received: false, error: "doação desconhecida; tente novamente mais tarde", results },
      { status: 409, headers: { "Retry-After": String(UNMATCHED_RETRY_AFTER_SECONDS) } },
    );
  }
  return Response.json({ received: true, results });
}
