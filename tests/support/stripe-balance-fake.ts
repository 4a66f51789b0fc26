/**
 * A local HTTP stand-in for Stripe's balance transactions list (reconciliation). The SDK is
 * pointed at it with STRIPE_API_HOST (the `apiHost` option); `transactions` is Stripe's books.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

type BalanceFakeRequest = { method: string; path: string; query: URLSearchParams };
type Transaction = {
  id: string;
  object: "balance_transaction";
  type: string;
  amount: number;
  fee: number;
  created: number;
  source: unknown;
};

export async function startStripeBalanceFake() {
  const requests: BalanceFakeRequest[] = [];
  const transactions: Transaction[] = [];
  let failing: number | null = null;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://fake");
    requests.push({ method: req.method!, path: url.pathname, query: url.searchParams });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    req.resume();
    if (req.headers.authorization !== "Bearer sk_test_fake")
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    if (failing) return send(failing, { error: { type: "invalid_request_error", message: "Serviço indisponível no teste" } });
    if (req.method === "GET" && url.pathname === "/v1/balance_transactions") {
      const gte = Number(url.searchParams.get("created[gte]") ?? 0);
      const lt = Number(url.searchParams.get("created[lt]") ?? Infinity);
      const data = transactions.filter((t) => t.created >= gte && t.created < lt);
      return send(200, { object: "list", url: "/v1/balance_transactions", has_more: false, data });
    }
    send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const base = (id: string, type: string, amount: number, fee: number, created: number, source: unknown): Transaction => ({
    id,
    object: "balance_transaction",
    type,
    amount,
    fee,
    created,
    source,
  });
  return {
    apiHost: `http://127.0.0.1:${port}`,
    requests,
    transactions,
    /** A card payment of one of our gifts (the charge carries the metadata set at checkout). */
    charge: (t: {
      id: string;
      amount: number;
      fee: number;
      created: number;
      paymentIntent: string;
      donationId?: string;
      customer?: string;
    }) =>
      base(t.id, "charge", t.amount, t.fee, t.created, {
        id: `ch_${t.id}`,
        object: "charge",
        payment_intent: t.paymentIntent,
        metadata: t.donationId ? { donation_id: t.donationId } : {},
        customer: t.customer ?? null,
      }),
    refund: (t: { id: string; amount: number; created: number; paymentIntent: string }) =>
      base(t.id, "refund", t.amount, 0, t.created, {
        id: `re_${t.id}`,
        object: "refund",
        payment_intent: t.paymentIntent,
        charge: `ch_${t.id}`,
      }),
    dispute: (t: { id: string; amount: number; created: number; paymentIntent: string }) =>
      base(t.id, "adjustment", t.amount, 1500, t.created, {
        id: `dp_${t.id}`,
        object: "dispute",
        payment_intent: t.paymentIntent,
        charge: `ch_${t.id}`,
      }),
    failWith(status: number) {
      failing = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
