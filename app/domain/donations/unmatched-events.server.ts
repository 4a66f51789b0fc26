/**
 * Provider events for a gift we do not know (docs/decisions/050-payments.md, "Unknown events").
 * Accepting them silently (200) would end the provider's redeliveries, so an event that named a
 * gift of ours moments too early, or one that reveals a bug, would be lost. Instead each one is
 * stored for an admin to inspect and answered 409 with Retry-After, so the provider tries again;
 * after UNMATCHED_FLAG_AFTER attempts or hours it is flagged and acknowledged (200).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { DonationPaymentEvent } from "~/domain/payments";

const { unmatchedPaymentEvents, paymentEvents } = schema;

/**
 * Five deliveries: Stripe spaces its retries out over hours (and keeps going for 3 days), the
 * sandbox delivers six times within two minutes — both reach the fifth. A day: an event that
 * arrives rarely is still flagged once it is old.
 */
export const UNMATCHED_FLAG_AFTER = { attempts: 5, hours: 24 };
export const UNMATCHED_RETRY_AFTER_SECONDS = 60;

export type UnmatchedRecord = { attempts: number; flagged: boolean };

/** Records one delivery of an unmatched event; says whether it is flagged (to acknowledge now). */
export async function recordUnmatchedPaymentEvent(event: DonationPaymentEvent, executor: Executor = db): Promise<UnmatchedRecord> {
  const summary = { action: event.action, ref: event.ref, paymentId: event.paymentId ?? null, occurredAt: event.occurredAt.toISOString() };
  const flagNow = sql`CASE WHEN ${unmatchedPaymentEvents.flaggedAt} IS NOT NULL THEN ${unmatchedPaymentEvents.flaggedAt}
    WHEN ${unmatchedPaymentEvents.attempts} + 1 >= ${UNMATCHED_FLAG_AFTER.attempts}
      OR ${unmatchedPaymentEvents.firstSeenAt} <= now() - make_interval(hours => ${UNMATCHED_FLAG_AFTER.hours}) THEN now()
    ELSE NULL END`;
  const [row] = await executor
    .insert(unmatchedPaymentEvents)
    .values({
      provider: event.provider,
      eventId: event.id,
      type: event.type,
      summary,
      flaggedAt: UNMATCHED_FLAG_AFTER.attempts <= 1 ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [unmatchedPaymentEvents.provider, unmatchedPaymentEvents.eventId],
      set: { attempts: sql`${unmatchedPaymentEvents.attempts} + 1`, lastSeenAt: sql`now()`, flaggedAt: flagNow },
    })
    .returning({ attempts: unmatchedPaymentEvents.attempts, flaggedAt: unmatchedPaymentEvents.flaggedAt });
  return { attempts: row!.attempts, flagged: row!.flaggedAt !== null };
}

/** The admin's list: newest first, leaving out events that matched a gift on a later delivery. */
export async function listUnmatchedPaymentEvents(limit = 50, executor: Executor = db) {
  return executor
    .select({
      provider: unmatchedPaymentEvents.provider,
      eventId: unmatchedPaymentEvents.eventId,
      type: unmatchedPaymentEvents.type,
      summary: unmatchedPaymentEvents.summary,
      attempts: unmatchedPaymentEvents.attempts,
      firstSeenAt: unmatchedPaymentEvents.firstSeenAt,
      lastSeenAt: unmatchedPaymentEvents.lastSeenAt,
      flaggedAt: unmatchedPaymentEvents.flaggedAt,
    })
    .from(unmatchedPaymentEvents)
    .leftJoin(
      paymentEvents,
      and(eq(paymentEvents.id, unmatchedPaymentEvents.eventId), eq(paymentEvents.provider, unmatchedPaymentEvents.provider)),
    )
    .where(sql`${paymentEvents.id} IS NULL`)
    .orderBy(desc(unmatchedPaymentEvents.lastSeenAt))
    .limit(limit);
}
