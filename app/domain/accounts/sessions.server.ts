/** Session rows (created by Better Auth): idle tracking and revocation. */
import { and, count, eq, lt, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { preparedStatement } from "~/platform/db/named-sql.server";

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

export type SessionWithUser = {
  sessionId: string;
  expiresAt: Date;
  updatedAt: Date;
  userId: string;
  name: string;
  email: string;
  image: string | null;
  isAdmin: boolean;
};

// Every signed-in page asks this: one round trip (the session, its user and the admin role)
// planned once per pooled connection, instead of Better Auth's session and user reads plus ours
// for the role.
const sessionByToken = preparedStatement<{
  session_id: string;
  expires_at: Date;
  updated_at: Date;
  user_id: string;
  name: string;
  email: string;
  image: string | null;
  is_admin: boolean;
}>(
  "session_by_token",
  `select s.id as session_id, s.expires_at, s.updated_at, u.id as user_id, u.name, u.email, u.image,
          exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin
     from session s join "user" u on u.id = s.user_id
    where s.token = :token`,
);

/** The session whose token this is, with its user and whether they are an admin; null if none. */
export async function findSessionWithUser(token: string): Promise<SessionWithUser | null> {
  const [row] = await sessionByToken.run({ token });
  if (!row) return null;
  return {
    sessionId: row.session_id,
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    userId: row.user_id,
    name: row.name,
    email: row.email,
    image: row.image,
    isAdmin: row.is_admin,
  };
}
