import { z } from "zod";
import type { Route } from "./+types/mensagens";
import { MessagesTab } from "~/components/admin/messages";
import { messageAnsweredSchema } from "~/domain/content/content-forms";
import { loadMessagesPanel, setContactMessageAnswered } from "~/domain/content/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader } from "./kit.server";

const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

export const loader = adminLoader((url) => loadMessagesPanel(pageParam.parse(url.searchParams.get("pagina") ?? 1)));

const markMessageAnsweredAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, messageAnsweredSchema);
  if (submission.status !== "success") return refuse("markMessageAnswered", "Erro ao atualizar mensagem", submission.reply());
  const { id, answered } = submission.value;
  const row = await setContactMessageAnswered(admin.id, id, answered);
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

export const action = adminAction({
  markMessageAnswered: markMessageAnsweredAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <MessagesTab data={loaderData} />;
}
