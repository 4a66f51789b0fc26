import { desc, eq } from "drizzle-orm";
import { invalidateContent } from "~/platform/content-cache.server";
import { db, type Executor, schema, type Transaction } from "~/platform/db.server";

const { auditLog } = schema;

export type AuditEntry = {
  /** Null for a change made from the command line (`npm run admin`), which has no account. */
  actorUserId: string | null;
  /** What was done, e.g. "cause.create", "party.update", "payout.transfer". */
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown> | null;
};

/**
 * Records an admin change; called in the same transaction as the change itself. Every admin change
 * is audited, so this is also where the public content kept in memory is dropped.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry) {
  invalidateContent();
  await executor.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

/** The newest admin changes with who made them (Equipe tab). */
export async function listRecentAudit(limit = 30) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorName: schema.user.name,
      actorEmail: schema.user.email,
    })
    .from(auditLog)
    .leftJoin(schema.user, eq(schema.user.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

export type AuditRecorder = (entry: Omit<AuditEntry, "actorUserId">) => Promise<void>;

/**
 * Runs a change in a transaction; `audit()` records who made it (`actorUserId`, null from the
 * command line) in that same transaction. The domains' admin services open their transactions here.
 */
export async function auditedChange<T>(
  actorUserId: string | null,
  change: (tx: Transaction, audit: AuditRecorder) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => change(tx, (entry) => recordAudit(tx, { ...entry, actorUserId })));
  } finally {
    // recordAudit dropped the public content kept in memory; a page rendered before the commit
    // may have kept the old rows again, so drop it once more now that the change is visible.
    invalidateContent();
  }
}
