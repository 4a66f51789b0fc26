/** Accounts and roles. Better Auth writes user/session/account; roles are ours. */
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { user, userRoles } = schema;

export async function findUserByEmail(email: string, executor: Executor = db) {
  const [row] = await executor
    .select({ id: user.id, name: user.name, email: user.email, image: user.image })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(id: string, executor: Executor = db) {
  const [row] = await executor
    .select({ id: user.id, name: user.name, email: user.email, image: user.image })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  return row;
}

export async function isAdmin(userId: string, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

/** Returns true when the role was newly granted. */
export async function grantAdmin(userId: string, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

/** Returns true when the user had the role. */
export async function revokeAdmin(userId: string, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

export async function listAdminEmails(executor: Executor = db): Promise<string[]> {
  const rows = await executor
    .select({ email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(user.email);
  return rows.map((r) => r.email);
}

/** Records the terms and privacy policy version the new account accepted, and when (sign-up, same transaction). */
export async function recordConsent(executor: Executor, userId: string, version: string, at: Date) {
  await executor.update(user).set({ termsVersion: version, termsAcceptedAt: at }).where(eq(user.id, userId));
}
