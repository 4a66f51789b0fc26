/**
 * E-mail sending can be paused for the whole database (every instance's worker obeys). It pauses
 * by itself when the server starts on a database whose identity differs from the one recorded
 * there: a restored copy, whose pending messages production may already have delivered
 * (docs/decisions/101-restore-and-outbox-pause.md). An operator resumes it with
 * `npm run outbox -- resume`, which also accepts this database as the recorded one.
 */
import { eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { OUTBOX_CHANNEL } from "~/platform/mail/outbox.server";

const { systemState } = schema;
const PAUSED = "outbox_paused";
const IDENTITY = "database_identity";

export async function isOutboxPaused(executor: Executor = db): Promise<boolean> {
  const rows = await executor.select({ key: systemState.key }).from(systemState).where(eq(systemState.key, PAUSED)).limit(1);
  return rows.length > 0;
}

export async function pauseOutbox(reason: string, executor: Executor = db) {
  await executor
    .insert(systemState)
    .values({ key: PAUSED, value: reason })
    .onConflictDoUpdate({ target: systemState.key, set: { value: reason, updatedAt: sql`now()` } });
}

/** Resumes sending and records this database as the accepted one (so the next start keeps sending). */
export async function resumeOutbox(location?: string) {
  const identity = await currentDatabaseIdentity(location);
  await db.transaction(async (tx) => {
    await tx.delete(systemState).where(eq(systemState.key, PAUSED));
    await recordIdentity(tx, identity);
    // Wake the workers now rather than at their next poll.
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'resume')`);
  });
}

async function recordIdentity(executor: Executor, identity: string) {
  await executor
    .insert(systemState)
    .values({ key: IDENTITY, value: identity })
    .onConflictDoUpdate({ target: systemState.key, set: { value: identity, updatedAt: sql`now()` } });
}

/**
 * Which database this is: the cluster's system identifier (new for every `initdb`; unreadable on
 * some managed services, then left out), the database's name and oid (new for every CREATE
 * DATABASE, so a pg_restore into a new database always differs). PGlite adds its folder.
 */
export async function currentDatabaseIdentity(location?: string): Promise<string> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const [base] = await rows(
    sql`select current_database() as name, (select oid from pg_database where datname = current_database())::text as oid`,
  );
  let system = "?";
  try {
    const [row] = await rows(sql`select system_identifier::text as id from pg_control_system()`);
    system = String(row?.id ?? "?");
  } catch {
    // not allowed for this role: name and oid still tell a new database apart
  }
  return [system, base!.name, base!.oid, location].filter((part) => part !== undefined).join("/");
}

export type IdentityCheck = { status: "first-start" | "same" | "restored-copy"; recorded?: string; current: string };

/**
 * Run at every start: records the identity on the first start; when it differs, pauses sending
 * (once per change: later starts see the new identity and only the pause).
 */
export async function checkDatabaseIdentity(location?: string): Promise<IdentityCheck> {
  const current = await currentDatabaseIdentity(location);
  return db.transaction(async (tx) => {
    // Instances starting together on a restored copy decide once.
    await tx.execute(sql`select pg_advisory_xact_lock(72817262)`);
    const [row] = await tx.select({ value: systemState.value }).from(systemState).where(eq(systemState.key, IDENTITY));
    if (!row) {
      await recordIdentity(tx, current);
      return { status: "first-start" as const, current };
    }
    if (row.value === current) return { status: "same" as const, recorded: row.value, current };
    await pauseOutbox(`cópia restaurada detectada em ${new Date().toISOString()} (identidade anterior ${row.value}, atual ${current})`, tx);
    await recordIdentity(tx, current);
    return { status: "restored-copy" as const, recorded: row.value, current };
  });
}

export type OutboxStatus = {
  paused: boolean;
  reason?: string;
  pending: number;
  failed: number;
  sent: number;
  oldestPendingAt?: string;
  /** The identity differs from the recorded one: the next start will pause sending. */
  identityChanged: boolean;
};

export async function outboxStatus(location?: string): Promise<OutboxStatus> {
  const state = await db.select().from(systemState);
  const paused = state.find((r) => r.key === PAUSED);
  const identity = state.find((r) => r.key === IDENTITY);
  const counts = (await db.execute(sql`
    select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'failed') as failed,
           count(*) filter (where status = 'sent') as sent, min(created_at) filter (where status = 'pending') as oldest
    from email_outbox`)) as unknown as { rows: Array<{ pending: string; failed: string; sent: string; oldest: string | Date | null }> };
  const row = counts.rows[0]!;
  return {
    paused: Boolean(paused),
    reason: paused?.value,
    pending: Number(row.pending),
    failed: Number(row.failed),
    sent: Number(row.sent),
    oldestPendingAt: row.oldest ? new Date(row.oldest).toISOString() : undefined,
    identityChanged: Boolean(identity) && identity!.value !== (await currentDatabaseIdentity(location)),
  };
}
