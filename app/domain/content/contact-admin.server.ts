/**
 * Contact-form messages for the team (the public page stores them: issue #8): the Mensagens tab's
 * list, with the visit requests, and its audited "respondida" switch.
 */
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { listVisitRequestsForAdmin } from "~/domain/subscriptions/index.server";
import { auditedChange } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";

const { contactMessages } = schema;

async function listContactMessagesPage(page: number, pageSize: number) {
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

async function countContactMessages() {
  const [[all], [open]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.answeredAt)),
  ]);
  return { total: all?.n ?? 0, unanswered: open?.n ?? 0 };
}

async function updateContactMessageAnswered(executor: Executor, id: string, answered: boolean) {
  const [row] = await executor
    .update(contactMessages)
    .set({ answeredAt: answered ? sql`now()` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, name: contactMessages.name });
  return row ?? null;
}

const MESSAGES_PAGE_SIZE = 20;

/** The Mensagens tab: one page of messages, newest first, their counts and the visit requests. */
export async function loadMessagesPanel(page: number) {
  const counts = await countContactMessages();
  const [rows, visits] = await Promise.all([listContactMessagesPage(page, MESSAGES_PAGE_SIZE), listVisitRequestsForAdmin()]);
  return { page, pageSize: MESSAGES_PAGE_SIZE, total: counts.total, unanswered: counts.unanswered, rows, visits };
}

/** Marks (or unmarks) a message as answered; null when it does not exist. */
export async function setContactMessageAnswered(actorUserId: string, id: string, answered: boolean) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const updated = await updateContactMessageAnswered(tx, id, answered);
    if (updated)
      await audit({
        action: answered ? "message.answered" : "message.reopened",
        entity: "contact_message",
        entityId: id,
        details: { name: updated.name },
      });
    return updated;
  });
}
