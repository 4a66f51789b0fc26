/**
 * A local HTTP stand-in for the few Stripe endpoints the app calls (Checkout Sessions). The SDK
 * is pointed at it through STRIPE_API_HOST / the host, port and protocol options.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

type FakeRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };

export async function startStripeFake() {
  const requests: FakeRequest[] = [];
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  let failNext: { status: number; body: unknown } | null = null;
  /** Stripe's fee per PaymentIntent id (its balance transaction's `fee`). */
  const fees = new Map<string, number>();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== "Bearer sk_test_fake") {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const key = String(req.headers["idempotency-key"] ?? "");
        const replay = key ? byIdempotencyKey.get(key) : undefined;
        if (replay) return send(replay.status, replay.body);
        let result: { status: number; body: unknown };
        if (failNext) {
          result = failNext;
          failNext = null;
        } else {
          const id = `cs_test_fake${++counter}`;
          result = {
            status: 200,
            body: {
              id,
              object: "checkout.session",
              mode: form.get("mode"),
              amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
              currency: form.get("line_items[0][price_data][currency]"),
              metadata: { donation_id: form.get("metadata[donation_id]") },
              payment_status: "unpaid",
              status: "open",
              url: `https://checkout.stripe.test/c/pay/${id}`,
            },
          };
        }
        if (key) byIdempotencyKey.set(key, result);
        return send(result.status, result.body);
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        const key = String(req.headers["idempotency-key"] ?? "");
        const replay = key ? byIdempotencyKey.get(key) : undefined;
        if (replay) return send(replay.status, replay.body);
        let result: { status: number; body: unknown };
        if (failNext) {
          result = failNext;
          failNext = null;
        } else {
          result = {
            status: 200,
            body: {
              id: `re_test_fake${++counter}`,
              object: "refund",
              amount: Number(form.get("amount")),
              payment_intent: form.get("payment_intent"),
              metadata: { donation_id: form.get("metadata[donation_id]") },
              status: "succeeded",
            },
          };
        }
        if (key) byIdempotencyKey.set(key, result);
        return send(result.status, result.body);
      }
      const intent = req.method === "GET" ? /^\/v1\/payment_intents\/([^/?]+)/.exec(req.url!) : null;
      if (intent) {
        // The intent with its charge's balance transaction expanded: Stripe's fee (fees.get(id); unknown → not found).
        const fee = fees.get(intent[1]!);
        if (fee === undefined) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        const balanceTransaction = { id: `txn_${intent[1]}`, object: "balance_transaction", fee };
        return send(200, {
          id: intent[1],
          object: "payment_intent",
          latest_charge: { id: `ch_${intent[1]}`, object: "charge", balance_transaction: balanceTransaction },
        });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.url})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    apiHost: `http://127.0.0.1:${port}`,
    requests,
    fees,
    failNextWith(status: number, message: string) {
      failNext = { status, body: { error: { type: "invalid_request_error", message } } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event envelope around an object, as Stripe POSTs it. */
export function stripeEvent(type: string, object: Record<string, unknown>, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_test_${Math.random().toString(36).slice(2, 12)}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
