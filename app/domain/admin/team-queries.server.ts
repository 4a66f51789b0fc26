/** Who holds the admin role (grant/revoke themselves live in user.server.ts). */
import { asc, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { userRoles, user } = schema;

export async function listAdmins() {
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
export async function lockAdminIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).for("update");
  return rows.map((r) => r.userId);
}
