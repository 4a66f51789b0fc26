import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { testDeps } from "@tests/context";
import { donationRow, givingSetup, historyOf, insertPendingGift } from "@tests/donations";
import { eq, sql } from "drizzle-orm";
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
    // The gift is paid inside the webhook's handling; its answer is logged a moment later.
    await vi.waitFor(() => expect(statuses).toHaveLength(2), { timeout: 10_000, interval: 50 });
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

describe("a backlog of sandbox events (issue 32 item 4)", () => {
  it("1 000 queued events are all delivered and applied within seconds, concurrently, a refused one retried alone", async () => {
    const { party } = await givingSetup();
    const gifts = Array.from({ length: 1_000 }, (_, i) => ({
      id: crypto.randomUUID(),
      checkoutId: `cs_sbx_${crypto.randomUUID().replace(/-/g, "")}`,
      amountCents: 500 + i,
    }));
    const rows = JSON.stringify(gifts);
    await db.execute(sql`
      insert into donations (id, party_id, organization_id, amount_cents, status, anonymous, donor_name, donor_email, provider, provider_checkout_id, idempotency_key)
      select (g->>'id')::uuid, ${party.id}, ${party.organizationId}, (g->>'amountCents')::int, 'pendente', false, 'Convidado', 'convidado@exemplo.com.br', 'sandbox', g->>'checkoutId', 'backlog_' || (g->>'id')
      from json_array_elements(${rows}::json) g`);
    await db.execute(sql`
      insert into donation_status_history (donation_id, from_status, to_status, occurred_at)
      select (g->>'id')::uuid, null, 'pendente', now() from json_array_elements(${rows}::json) g`);

    // The backlog exists before any worker runs (a burst, or a restart with events waiting).
    boss = await startBoss(testConnection());
    const queue = await createSandboxEventQueue(boss);
    for (const gift of gifts) {
      await queue.deliver(
        sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id, paymentId: sandboxPaymentId(gift.checkoutId) }),
      );
    }

    const statuses: number[] = [];
    const webhook = webhookTransport(statuses, 1); // the very first attempt is refused
    let inFlight = 0;
    let mostInFlight = 0;
    const transport: SandboxTransport = async (body, headers) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        return await webhook(body, headers);
      } finally {
        inFlight--;
      }
    };
    const startedAt = performance.now();
    const worker = await startSandboxDeliveryWorker(boss, { transport, secret: testDeps().config.APP_SECRET, pollingIntervalSeconds: 2 });
    stopWorker = worker.stop;
    worker.wake();
    const paidCount = async () =>
      Number(
        (
          (await db.execute(sql`select paid_count from parties where id = ${party.id}`)) as unknown as {
            rows: Array<{ paid_count: string }>;
          }
        ).rows[0]!.paid_count,
      );
    await vi.waitFor(async () => expect(await paidCount()).toBe(1_000), { timeout: 60_000, interval: 100 });
    const seconds = (performance.now() - startedAt) / 1_000;
    console.log(
      `[sandbox] 1 000 queued events applied in ${seconds.toFixed(1)} s (${Math.round(1_000 / seconds)}/s), at most ${mostInFlight} deliveries in flight`,
    );

    expect(seconds).toBeLessThan(30);
    expect(mostInFlight).toBeGreaterThan(1);
    // A gift counts once its transaction commits; its 200 reaches the worker a moment later.
    await vi.waitFor(() => expect(statuses.filter((s) => s === 200)).toHaveLength(1_000), { timeout: 10_000, interval: 50 });
    expect(statuses.filter((s) => s === 503)).toHaveLength(1);
    const raised = (await db.execute(sql`select raised_cents from parties where id = ${party.id}`)) as unknown as {
      rows: Array<{ raised_cents: string }>;
    };
    expect(Number(raised.rows[0]!.raised_cents)).toBe(gifts.reduce((sum, g) => sum + g.amountCents, 0));
    // Nothing left to deliver.
    expect((await boss.fetch(SANDBOX_DELIVERY_QUEUE)) ?? []).toHaveLength(0);
  });
});
