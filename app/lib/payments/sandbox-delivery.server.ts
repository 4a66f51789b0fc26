/**
 * The sandbox "provider" delivers its events the way a real one does: later, over HTTP, signed,
 * retrying with backoff until the webhook answers 2xx. Nothing marks a gift paid on the request
 * of the donor's own browser.
 */
import { getConfig } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, signSandboxPayload } from "./sandbox.server";

export type SandboxTransport = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

const RETRY_DELAYS_MS = [250, 1_000, 3_000, 10_000, 30_000, 60_000];
const timers = new Set<NodeJS.Timeout>();
let transportOverride: SandboxTransport | undefined;

const httpTransport: SandboxTransport = async (body, headers) => {
  const { PORT } = getConfig();
  // This very server, over loopback: the address a provider would reach is PUBLIC_URL, which
  // behind a proxy may not loop back.
  const res = await fetch(`http://127.0.0.1:${PORT}/api/webhooks/sandbox`, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => {});
  return { status: res.status };
};

/** Queues an event for delivery; returns at once. */
export function deliverSandboxEvent(event: SandboxEvent) {
  schedule(JSON.stringify(event), 0);
}

function schedule(body: string, attempt: number) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    void attemptDelivery(body, attempt);
  }, RETRY_DELAYS_MS[attempt]);
  timer.unref?.();
  timers.add(timer);
}

async function attemptDelivery(body: string, attempt: number) {
  const { APP_SECRET } = getConfig();
  // Signed at send time, like Stripe: a retry carries a fresh timestamp.
  const headers = { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, APP_SECRET) };
  try {
    const { status } = await (transportOverride ?? httpTransport)(body, headers);
    if (status >= 200 && status < 300) return;
    throw new Error(`HTTP ${status}`);
  } catch (error) {
    if (attempt + 1 < RETRY_DELAYS_MS.length) {
      schedule(body, attempt + 1);
    } else {
      logger.error({ error: (error as Error).message }, "sandbox event not delivered");
    }
  }
}

/** Stops pending deliveries (server shutdown, tests). */
export function cancelSandboxDeliveries() {
  for (const t of timers) clearTimeout(t);
  timers.clear();
}

/** Tests: capture deliveries instead of POSTing them (undefined restores HTTP). */
export function setSandboxTransportForTests(transport: SandboxTransport | undefined) {
  transportOverride = transport;
}

/** Tests: how many deliveries are waiting. */
export function pendingSandboxDeliveries() {
  return timers.size;
}
