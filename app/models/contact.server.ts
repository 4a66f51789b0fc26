import { type Executor, schema } from "~/db.server";

/** Stores a contact-form message (the admin's Mensagens tab reads them: admin-messages.server.ts). */
export async function insertContactMessage(
  executor: Executor,
  message: { name: string; email: string; phone: string; message: string | null },
) {
  const [row] = await executor
    .insert(schema.contactMessages)
    .values(message)
    .returning({ id: schema.contactMessages.id, createdAt: schema.contactMessages.createdAt });
  return row!;
}
