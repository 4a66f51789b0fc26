import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { testDeps } from "@tests/context";
import { donationRow, givingSetup, historyOf, insertPendingGift } from "@tests/donations";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleWebhook } from "~/domain/donations/webhook.server";
import { db, schema } from "~/platform/db.server";
import { type Boss, startBoss, stopBoss } from "~/platform/jobs/boss.server";
import {
  createSandboxEventQueue,
  SANDBOX_DELIVERY_QUEUE,
  type SandboxTransport,
  startSandboxDeliveryWorker,
} from "./sandbox-delivery.server";
import { sandboxEvent, sandboxPaymentId } from "./sandbox.server";

let boss: Boss | undefined;
let stopWorker: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopWorker?.();
  if (boss) await stopBoss(boss);
  boss = stopWorker = undefined;
});

/** The webhook as the loopback POST reaches it: the signature is verified, then the event applied. */
function webhookTransport(log: number[], failFirst = 0): SandboxTransport {
  const deps = testDeps();
  return async (body, headers) => {
    if (failFirst-- > 0) {
      log.push(503);
      return { status: 503 };
    }
    const res = await handleWebhook(
      "sandbox",
      new Request("http://127.0.0.1/api/webhooks/sandbox", { method: "POST", body, headers }),
      deps,
    );
    log.push(res.status);
    return { status: res.status };
  };
}

async function paidGiftEvent() {
  const { party } = await givingSetup();
  const gift = await insertPendingGift(party.id);
  const event = sandboxEvent("checkout.paid", {
    checkoutId: gift.checkoutId,
    donationId: gift.id,
    paymentId: sandboxPaymentId(gift.checkoutId),
  });
  return { gift, event };
}

const waitUntilPaid = (id: string) =>
  vi.waitFor(async () => expect((await donationRow(id)).status).toBe("paga"), { timeout: 20_000, interval: 100 });

describe("sandbox event delivery on pg-boss", () => {
  it("an event queued before a restart is delivered once by the next process's worker", async () => {
    const { gift, event } = await paidGiftEvent();

    // First "process": the checkout page queues the event (twice: a double click), then the
    // process stops before any worker ran.
    boss = await startBoss(testConnection());
    const queue = await createSandboxEventQueue(boss);
    await queue.deliver(event);
    await queue.deliver(event);
    await stopBoss(boss);
    boss = undefined;
    expect((await donationRow(gift.id)).status).toBe("pendente");

    // Next "process": a fresh pg-boss on the same database finds the job and delivers it.
    boss = await startBoss(testConnection());
    const statuses: number[] = [];
    const worker = await startSandboxDeliveryWorker(boss, {
      transport: webhookTransport(statuses),
      secret: testDeps().config.APP_SECRET,
      pollingIntervalSeconds: 0.5,
    });
    stopWorker = worker.stop;
    worker.wake();
    await waitUntilPaid(gift.id);
    // Give a second job (if the double click had made one) time to run: it must not exist.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(statuses).toEqual([200]);
    expect(await db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.id, event.id))).toHaveLength(1);
    expect((await historyOf(gift.id)).map((h) => h.toStatus)).toEqual(["pendente", "paga"]);
  });

  it("a webhook that refuses is retried with backoff until it takes the event", async () => {
    const { gift, event } = await paidGiftEvent();
    boss = await startBoss(testConnection());
    const statuses: number[] = [];
    const worker = await startSandboxDeliveryWorker(boss, {
      transport: webhookTransport(statuses, 1),
      secret: testDeps().config.APP_SECRET,
      pollingIntervalSeconds: 0.5,
    });
    stopWorker = worker.stop;
    const queue = await createSandboxEventQueue(boss, { onQueued: worker.wake });
    await queue.deliver(event);
    await waitUntilPaid(gift.id);
    expect(statuses).toEqual([503, 200]);
    const [job] = (await boss.fetch(SANDBOX_DELIVERY_QUEUE)) ?? [];
    expect(job).toBeUndefined();
  });

  it("a delivery signed with another secret is refused by the webhook and the gift stays pending", async () => {
    const { gift, event } = await paidGiftEvent();
    boss = await startBoss(testConnection());
    const statuses: number[] = [];
    const worker = await startSandboxDeliveryWorker(boss, {
      transport: webhookTransport(statuses),
      secret: "another-secret-another-secret-0000",
      pollingIntervalSeconds: 0.5,
    });
    stopWorker = worker.stop;
    const queue = await createSandboxEventQueue(boss, { onQueued: worker.wake });
    await queue.deliver(event);
    await vi.waitFor(() => expect(statuses[0]).toBe(400), { timeout: 10_000, interval: 100 });
    expect((await donationRow(gift.id)).status).toBe("pendente");
  });
});
