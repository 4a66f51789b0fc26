/**
 * The sandbox "provider" delivers its events the way a real one does: later, over HTTP, signed,
 * retrying with backoff until the webhook answers 2xx. Nothing marks a gift paid on the request
 * of the donor's own browser.
 *
 * Pending deliveries are pg-boss jobs (queue "sandbox-webhook-delivery") in the app's database,
 * like the e-mail outbox, so a restart or a crash loses none: a job not yet sent waits for the
 * next worker, and one whose worker died mid-attempt comes back when its lease expires. The job
 * carries the event itself; it is signed at each attempt (as Stripe does), because a signature
 * older than SANDBOX_TOLERANCE_SECONDS is refused and a retry may come later than that. The
 * webhook records each event id once, so a repeated delivery changes nothing.
 */
import { createHash } from "node:crypto";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, signSandboxPayload } from "./sandbox.server";

export const SANDBOX_DELIVERY_QUEUE = "sandbox-webhook-delivery";

/** Where the sandbox puts an event for later delivery (request context: `payments.sandboxEvents`). */
export type SandboxEventQueue = { deliver(event: SandboxEvent): Promise<void> };

/** Sends one signed body to the webhook; resolves with the HTTP status. */
export type SandboxTransport = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

/** ≈1 s, 2 s, 4 s … (pg-boss backoff with jitter): about half an hour of trying in all. */
const SANDBOX_RETRY = { retryLimit: 10, retryDelay: 1, retryBackoff: true } as const;

type Job = { event: SandboxEvent };

/** The job id for an event: the same event queued twice is one job. */
function jobIdFor(eventId: string) {
  const h = createHash("sha256").update(`sandbox-event:${eventId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function ensureQueue(boss: Boss) {
  await boss.createQueue(SANDBOX_DELIVERY_QUEUE, {
    name: SANDBOX_DELIVERY_QUEUE,
    policy: "standard",
    ...SANDBOX_RETRY,
    expireInSeconds: 60,
  });
}

/**
 * The queue in the app's database; `deliver` returns once the job is stored. `onQueued` wakes a
 * worker of this process at once (otherwise the next poll finds the job).
 */
export async function createSandboxEventQueue(boss: Boss, options: { onQueued?: () => void } = {}): Promise<SandboxEventQueue> {
  await ensureQueue(boss);
  return {
    async deliver(event) {
      await boss.send(SANDBOX_DELIVERY_QUEUE, { event } satisfies Job, { id: jobIdFor(event.id), ...SANDBOX_RETRY });
      options.onQueued?.();
    },
  };
}

/** This very server, over loopback: the address a provider would reach is PUBLIC_URL, which behind a proxy may not loop back. */
export function loopbackTransport(port: number): SandboxTransport {
  return async (body, headers) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/webhooks/sandbox`, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => {});
    return { status: res.status };
  };
}

/** One attempt: sign now, send, and throw unless the webhook took it (pg-boss then retries). */
export async function attemptSandboxDelivery(event: SandboxEvent, transport: SandboxTransport, secret: string) {
  const body = JSON.stringify(event);
  const headers = { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret) };
  const { status } = await transport(body, headers);
  if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
}

/** Jobs taken from the queue at once, and deliveries in flight at once (issue 32 item 4). */
const DELIVERY_BATCH = 64;
const DELIVERIES_IN_FLIGHT = 32;

/**
 * Starts delivering queued events in this process: `wake` makes it look at once, `stop` ends it.
 * Like a real provider under a backlog, it sends events concurrently (DELIVERIES_IN_FLIGHT) and
 * takes the next batch as soon as one is done while the queue has more: a backlog drains as fast as
 * the webhook takes it. Each event succeeds or fails on its own: a refused one is failed alone
 * (pg-boss retries it with backoff) and the others complete; a process that dies mid-batch leaves
 * its jobs active until their lease expires, then they come back.
 */
export async function startSandboxDeliveryWorker(
  boss: Boss,
  options: { transport: SandboxTransport; secret: string; pollingIntervalSeconds?: number },
) {
  await ensureQueue(boss);
  let inFlight = 0;
  const workerId: string = await boss.work<Job>(
    SANDBOX_DELIVERY_QUEUE,
    { batchSize: DELIVERY_BATCH, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async (jobs) => {
      inFlight += jobs.length;
      const failed: Array<{ id: string }> = [];
      try {
        let next = 0;
        const deliverNext = async (): Promise<void> => {
          while (next < jobs.length) {
            const job = jobs[next++]!;
            try {
              await attemptSandboxDelivery(job.data.event, options.transport, options.secret);
            } catch (error) {
              logger.warn({ eventId: job.data.event.id, error: (error as Error).message }, "sandbox event not delivered; will retry");
              failed.push({ id: job.id });
            } finally {
              inFlight--;
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(DELIVERIES_IN_FLIGHT, jobs.length) }, deliverNext));
      } finally {
        // Failed first: pg-boss then completes the batch's jobs that are still active, not these.
        if (failed.length > 0) {
          await boss.fail(
            SANDBOX_DELIVERY_QUEUE,
            failed.map((f) => f.id),
          );
        }
      }
      // A full batch means more may wait: fetch again at once instead of after the polling pause.
      if (jobs.length === DELIVERY_BATCH && !stopped) boss.notifyWorker(workerId);
    },
  );
  let stopped = false;
  return {
    wake: () => {
      if (!stopped) boss.notifyWorker(workerId);
    },
    async stop() {
      stopped = true;
      await boss.offWork(SANDBOX_DELIVERY_QUEUE).catch(() => {});
      // offWork stops fetching; attempts under way finish (or their lease returns the jobs).
      for (let i = 0; i < 200 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
