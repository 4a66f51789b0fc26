/**
 * The webhook endpoints' shared body: verify the signature over the raw bytes, then apply each
 * event in its own short transaction and answer. Answering 2xx only after the commit means a
 * crash mid-burst loses nothing: the provider redelivers, and the event-id key makes that safe.
 */
import { isDatabaseDownError } from "~/lib/health.server";
import { logger } from "~/lib/logger.server";
import { processPaymentEvent } from "~/models/payment-events.server";
import { getWebhookProvider } from "./provider.server";
import { type ProviderName, WebhookSignatureError } from "./types";

const MAX_BODY_BYTES = 512 * 1024;

export async function handleWebhook(name: ProviderName, request: Request): Promise<Response> {
  if (request.method !== "POST") return Response.json({ error: "método não permitido" }, { status: 405, headers: { Allow: "POST" } });
  const provider = getWebhookProvider(name);
  if (!provider) return Response.json({ error: "provedor não habilitado" }, { status: 404 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return Response.json({ error: "corpo grande demais" }, { status: 413 });
  }
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return Response.json({ error: "corpo grande demais" }, { status: 413 });

  let events;
  try {
    events = provider.parseWebhook(rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ provider: name, reason: error.message }, "webhook refused");
      return Response.json({ error: "assinatura inválida" }, { status: 400 });
    }
    throw error;
  }

  const results = [];
  for (const event of events) {
    let result;
    try {
      result = await processPaymentEvent(event);
    } catch (error) {
      // The database is down: a 503 tells the provider to come back; nothing was committed.
      if (!isDatabaseDownError(error)) throw error;
      logger.warn({ provider: name, eventId: event.id }, "payment event deferred: database unavailable");
      return Response.json({ error: "banco de dados indisponível" }, { status: 503, headers: { "Retry-After": "5" } });
    }
    const level = result.outcome === "unmatched" ? "warn" : "info";
    logger[level]({ provider: name, eventId: event.id, type: event.type, ...result }, "payment event");
    results.push({ id: event.id, outcome: result.outcome });
  }
  return Response.json({ received: true, results });
}
