/**
 * Who holds the admin role, and the Equipe tab's audited grants and revocations (the command line's
 * are in admin-cli.server.ts; the role rows themselves in users.server.ts).
 */
import { asc, eq } from "drizzle-orm";
import { auditedChange, listRecentAudit } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";
import { findUserByEmail, findUserById, grantAdmin, revokeAdmin } from "./users.server";

const { userRoles, user } = schema;

async function listAdmins() {
  return db
    .select({ id: user.id, name: user.name, email: user.email, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(asc(user.name));
}

/**
 * Locks every admin row and returns their user ids, so two revokes running together cannot both
 * see "there is another admin" and leave the product with none.
 */
async function lockAdminIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).for("update");
  return rows.map((r) => r.userId);
}

/** The Equipe tab: the admins and the newest audited changes. */
export async function loadTeamPanel() {
  return { admins: await listAdmins(), audit: await listRecentAudit(30) };
}

/** Gives the admin role to the account with this e-mail (`noUser` when there is none). */
export async function grantAdminRole(actorUserId: string, email: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const target = await findUserByEmail(email, tx);
    if (!target) return { kind: "noUser" as const };
    const granted = await grantAdmin(target.id, tx);
    if (granted) await audit({ action: "role.grant_admin", entity: "user", entityId: target.id, details: { email: target.email } });
    return { kind: granted ? ("granted" as const) : ("already" as const), name: target.name };
  });
}

/**
 * Takes the admin role from `userId`. Nobody revokes their own, and the last admin stays: the
 * outcome says which rule refused.
 */
export async function revokeAdminRole(actorUserId: string, userId: string) {
  if (userId === actorUserId) return "self" as const;
  return auditedChange(actorUserId, async (tx, audit) => {
    const adminIds = await lockAdminIds(tx);
    // Re-checked under the lock: another admin may have revoked the actor a moment ago.
    if (!adminIds.includes(actorUserId)) return "actorRevoked" as const;
    if (!adminIds.includes(userId)) return "notAdmin" as const;
    if (adminIds.length <= 1) return "last" as const;
    const target = await findUserById(userId, tx);
    await revokeAdmin(userId, tx);
    await audit({ action: "role.revoke_admin", entity: "user", entityId: userId, details: { email: target?.email ?? null } });
    return "revoked" as const;
  });
}
