import { desc, eq } from "drizzle-orm";
import { invalidateContent } from "~/platform/content-cache.server";
import { db, type Executor, schema } from "~/platform/db.server";

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
