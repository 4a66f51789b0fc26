/**
 * Fixed-window counters in the database, so every server instance shares them (sign-in, sign-up,
 * recovery, donations, contact…). One atomic upsert per hit: concurrent requests can never slip
 * past the limit together.
 */
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { rateLimits } = schema;

export type RateLimitResult = {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
};

/** Counts one hit on `key`; `allowed` is false once the window holds more than `limit` hits. */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, executor: Executor = db): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await executor
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN now() + ${window} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM (${rateLimits.resetAt} - now()))))::int`,
    });
  const count = row!.count;
  return { allowed: count <= limit, count, limit, retryAfterSeconds: Number(row!.retryAfter) };
}

/** The live counts of `keys` without counting a hit (absent or ended windows count 0). */
export async function peekRateLimits(keys: string[], executor: Executor = db): Promise<Map<string, number>> {
  const counts = new Map(keys.map((k) => [k, 0]));
  if (keys.length === 0) return counts;
  const rows = await executor
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)));
  for (const row of rows) counts.set(row.key, row.count);
  return counts;
}

/** Gives one hit back (e.g. an IP's successful sign-in should not count against it). */
export async function refundRateLimit(key: string, executor: Executor = db) {
  await executor
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a key (e.g. a successful sign-in ends a run of wrong passwords for that account). */
export async function resetRateLimit(key: string, executor: Executor = db) {
  await executor.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Housekeeping: drops windows that ended. */
export async function deleteExpiredRateLimits(executor: Executor = db): Promise<number> {
  const rows = await executor
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}
