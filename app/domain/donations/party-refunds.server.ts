/**
 * "Cancelar festa e reembolsar todas as doações" (docs/decisions/151-refunds.md): the admin's
 * action takes the party off the air and, in the same transaction, writes one `queued` refund per
 * paid gift (what remains of it) under one cancellation id. Those rows are the durable queue: a
 * pg-boss worker (app/jobs.server.ts) asks the provider for each, one at a time, woken by a
 * NOTIFY on commit and by a timer, so a restart loses none. The idempotency key is the row's id:
 * a refund asked twice (a crash between the provider's answer and our update) is one refund.
 * Progress ("x de N reembolsadas") counts the rows; the money moves when each event arrives.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Boss } from "~/platform/jobs/boss.server";
import type { Connection } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { giftMoney, remainingCents } from "~/domain/ledger/index.server";
import { setPartyActive } from "~/domain/parties/index.server";
import { auditedChange } from "~/platform/audit.server";
import { RefundError } from "~/domain/payments";
import type { Payments } from "~/domain/payments/index.server";
import { requestProviderRefund } from "./refund-request.server";
import { attachProviderRefund, paidGiftsOfParty, pendingRefundCents } from "./refunds.server";

const { refunds, donations } = schema;

const REFUNDS_CHANNEL = "refunds_queued";
const REFUNDS_QUEUE = "party-refunds";

/** In the cancellation's transaction: one queued refund per paid gift of the party. */
async function queuePartyRefunds(tx: Executor, request: { partyId: string; reason: string; requestedBy: string }) {
  const gifts = await paidGiftsOfParty(tx, request.partyId);
  const pending = await pendingRefundCents(
    gifts.map((g) => g.id),
    tx,
  );
  const cancellationId = randomUUID();
  const values = [];
  for (const gift of gifts) {
    const amountCents = remainingCents(await giftMoney(tx, gift.id)) - (pending.get(gift.id) ?? 0);
    if (amountCents <= 0) continue;
    values.push({
      donationId: gift.id,
      provider: gift.provider,
      amountCents,
      reason: request.reason,
      requestedBy: request.requestedBy,
      partyCancellationId: cancellationId,
      status: "queued" as const,
    });
  }
  if (values.length > 0) {
    await tx.insert(refunds).values(values);
    await tx.execute(sql`SELECT pg_notify(${REFUNDS_CHANNEL}, ${cancellationId})`);
  }
  return { cancellationId, count: values.length };
}

/** Asks the provider for one queued refund; its row becomes `requested` or `failed`. */
async function sendQueuedRefund(refundId: string, payments: Payments) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "queued")));
  if (!row) return;
  const [gift] = await db
    .select({
      id: donations.id,
      status: donations.status,
      provider: donations.provider,
      providerPaymentId: donations.providerPaymentId,
      amountCents: donations.amountCents,
    })
    .from(donations)
    .where(eq(donations.id, row.donationId));
  const fail = (message: string) =>
    db
      .update(refunds)
      .set({ status: "failed", failureMessage: message, updatedAt: sql`now()` })
      .where(eq(refunds.id, row.id));
  if (!gift || gift.status !== "paga") return fail("A doação não está mais paga.");
  const remaining = remainingCents(await giftMoney(db, gift.id));
  if (remaining <= 0) return fail("Nada mais a reembolsar nesta doação.");
  const amountCents = Math.min(row.amountCents, remaining);
  let providerRefundId: string;
  try {
    ({ refundId: providerRefundId } = await requestProviderRefund(
      { ...gift, remainingCents: remaining },
      { amountCents, reason: row.reason ?? "", key: `refund:${row.id}` },
      payments,
    ));
  } catch (error) {
    if (error instanceof RefundError) return fail(error.message);
    throw error;
  }
  await db.transaction((tx) => attachProviderRefund(tx, { id: row.id, donationId: gift.id, amountCents }, providerRefundId));
}

/**
 * Festas, "Cancelar festa e reembolsar todas as doações": the party goes off the air and each paid
 * gift gets a queued refund (the worker asks the provider), with the audit entry, in one
 * transaction. Null when the party is gone.
 */
export async function cancelPartyAndRefund(actorUserId: string, request: { partyId: string; reason: string }) {
  const { partyId, reason } = request;
  return auditedChange(actorUserId, async (tx, audit) => {
    const party = await setPartyActive(tx, partyId, false);
    if (!party) return null;
    const queued = await queuePartyRefunds(tx, { partyId, reason, requestedBy: actorUserId });
    await audit({
      action: "party.cancel_and_refund",
      entity: "party",
      entityId: partyId,
      details: { name: party.name, reason, refunds: queued.count, cancellationId: queued.cancellationId },
    });
    return { name: party.name, count: queued.count };
  });
}

/** Sends every queued refund, oldest first; returns how many it looked at. */
export async function drainQueuedRefunds(payments: Payments, limit = 50): Promise<number> {
  const queued = await db
    .select({ id: refunds.id })
    .from(refunds)
    // A party cancellation's rows; an admin's own refund is `queued` only while its request is asked.
    .where(and(eq(refunds.status, "queued"), isNotNull(refunds.partyCancellationId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
  for (const { id } of queued) await sendQueuedRefund(id, payments);
  return queued.length;
}

/** Each cancellation's progress for the given parties: how many refunds, done, failed, by party. */
export async function partyRefundProgress(partyIds: string[], executor: Executor = db) {
  if (partyIds.length === 0) return new Map<string, { total: number; done: number; failed: number }>();
  const rows = await executor
    .select({
      partyId: donations.partyId,
      total: sql<number>`count(*)`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${refunds.status} = 'succeeded')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${refunds.status} = 'failed')`.mapWith(Number),
    })
    .from(refunds)
    .innerJoin(donations, eq(donations.id, refunds.donationId))
    .where(and(inArray(donations.partyId, partyIds), sql`${refunds.partyCancellationId} is not null`))
    .groupBy(donations.partyId);
  return new Map(rows.map(({ partyId, ...p }) => [partyId!, p]));
}

/** Starts the refund worker in this process (woken on commit and every `pollMs`); returns its stop function. */
export async function startPartyRefundWorker(boss: Boss, connection: Connection, options: { payments: Payments; pollMs?: number }) {
  await boss.createQueue(REFUNDS_QUEUE, { name: REFUNDS_QUEUE, policy: "short", retryLimit: 3, retryDelay: 30 });
  let stopped = false;
  let inFlight: Promise<unknown> | undefined;
  const workerId = await boss.work(REFUNDS_QUEUE, { pollingIntervalSeconds: 5, batchSize: 1 }, async () => {
    if (stopped) return;
    const run = drainQueuedRefunds(options.payments);
    inFlight = run;
    try {
      await run;
    } finally {
      inFlight = undefined;
    }
  });
  const wake = async () => {
    if (stopped) return;
    try {
      await boss.send(REFUNDS_QUEUE, {});
      boss.notifyWorker(workerId);
    } catch (error) {
      logger.warn({ err: error }, "could not queue the refunds drain");
    }
  };
  const unlisten = await connection.listen(REFUNDS_CHANNEL, () => void wake());
  const timer = setInterval(() => void wake(), options.pollMs ?? 60_000);
  timer.unref();
  await wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight?.catch(() => {});
    await unlisten().catch(() => {});
    await boss.offWork(REFUNDS_QUEUE).catch(() => {});
  };
}
