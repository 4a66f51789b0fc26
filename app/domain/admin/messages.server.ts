import { z } from "zod";
import { countContactMessages, listContactMessagesPage, setContactMessageAnswered } from "~/domain/content/index.server";
import { listVisitRequestsForAdmin } from "~/domain/subscriptions/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { messageAnsweredSchema } from "./forms";

const MESSAGES_PAGE_SIZE = 20;

export async function loadMessages(url: URL) {
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(url.searchParams.get("pagina") ?? 1);
  const counts = await countContactMessages();
  const [rows, visits] = await Promise.all([listContactMessagesPage(page, MESSAGES_PAGE_SIZE), listVisitRequestsForAdmin()]);
  return { page, pageSize: MESSAGES_PAGE_SIZE, total: counts.total, unanswered: counts.unanswered, rows, visits };
}

export const markMessageAnsweredAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, messageAnsweredSchema);
  if (submission.status !== "success") return refuse("markMessageAnswered", "Erro ao atualizar mensagem", submission.reply());
  const { id, answered } = submission.value;
  const row = await auditedChange(admin, async (tx, audit) => {
    const updated = await setContactMessageAnswered(tx, id, answered);
    if (updated)
      await audit({
        action: answered ? "message.answered" : "message.reopened",
        entity: "contact_message",
        entityId: id,
        details: { name: updated.name },
      });
    return updated;
  });
  if (!row)
    return fail(
      "markMessageAnswered",
      { title: "Erro ao atualizar mensagem", description: "Esta mensagem não existe mais." },
      { status: 404 },
    );
  return succeed("markMessageAnswered", {
    title: answered ? "Mensagem marcada como respondida" : "Mensagem reaberta",
    description: row.name,
  });
};
