import { contactMessageEmail } from "~/domain/content/emails/contact-message.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";

type ContactMessage = { name: string; email: string; phone: string; message: string | null };

/** Stores a contact-form message (the admin's Mensagens tab reads them: admin-messages.server.ts). */
async function insertContactMessage(executor: Executor, message: ContactMessage) {
  const [row] = await executor
    .insert(schema.contactMessages)
    .values(message)
    .returning({ id: schema.contactMessages.id, createdAt: schema.contactMessages.createdAt });
  return row!;
}

/** Stores the message and queues its e-mail to the team in one transaction: both or neither. */
export async function submitContactMessage(message: ContactMessage, deps: { mailer: Mailer; to: string }) {
  await db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, message);
    await deps.mailer.enqueue(tx, { to: deps.to, ...contactMessageEmail({ ...message, receivedAt: row.createdAt }) });
  });
}
