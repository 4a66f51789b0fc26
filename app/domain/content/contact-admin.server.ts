/** Contact-form messages for the team (the public page stores them: issue #8). */
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { contactMessages } = schema;

export async function listContactMessagesPage(page: number, pageSize: number) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      answeredAt: contactMessages.answeredAt,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countContactMessages() {
  const [[all], [open]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.answeredAt)),
  ]);
  return { total: all?.n ?? 0, unanswered: open?.n ?? 0 };
}

/** Marks (or unmarks) a message as answered; null when it does not exist. */
export async function setContactMessageAnswered(executor: Executor, id: string, answered: boolean) {
  const [row] = await executor
    .update(contactMessages)
    .set({ answeredAt: answered ? sql`now()` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, name: contactMessages.name });
  return row ?? null;
}
