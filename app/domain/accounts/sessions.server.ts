/** Session rows (created by Better Auth): idle tracking and revocation. */
import { and, count, eq, lt, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { session } = schema;

/** Marks the session as used now, at most once per `minIntervalSeconds` (one write an hour). */
export async function touchSession(id: string, minIntervalSeconds: number, executor: Executor = db) {
  await executor
    .update(session)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(session.id, id), lt(session.updatedAt, sql`now() - make_interval(secs => ${minIntervalSeconds})`)));
}

export async function deleteSessionById(id: string, executor: Executor = db) {
  await executor.delete(session).where(eq(session.id, id));
}

export async function countUserSessions(userId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}
