/** The admin role (user_roles): who has it, granting and revoking. */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/db.server";

const { userRoles, user } = schema;

export async function listAdmins() {
  return db
    .select({ id: user.id, name: user.name, email: user.email, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(asc(user.name));
}

export async function findUserByEmail(executor: Executor, email: string) {
  const [row] = await executor
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row ?? null;
}

/** Returns false when the user already was an admin. */
export async function insertAdminRole(executor: Executor, userId: string): Promise<boolean> {
  const rows = await executor
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

/**
 * Locks every admin row and returns their user ids, so two revokes running together cannot both
 * see "there is another admin" and leave the product with none.
 */
export async function lockAdminIds(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  return rows.map((r) => r.userId);
}

export async function deleteAdminRole(executor: Executor, userId: string): Promise<boolean> {
  const rows = await executor
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

export async function findUserById(executor: Executor, id: string) {
  const [row] = await executor.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  return row ?? null;
}
