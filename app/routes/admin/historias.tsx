import type { Route } from "./+types/historias";
import { StoriesTab } from "~/components/admin/stories";
import { storySchema } from "~/domain/content/content-forms";
import { createStory, deleteStory, loadStoriesPanel, setStoryActive } from "~/domain/content/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader, parseDeletion, toggleActiveAction } from "./kit.server";

export const loader = adminLoader(() => loadStoriesPanel());

const createStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, storySchema);
  if (submission.status !== "success") return refuse("createStory", "Erro ao criar história", submission.reply());
  const story = await createStory(admin.id, submission.value);
  return succeed("createStory", { title: "História criada com sucesso!", description: story.title });
};

const toggleStoryAction = toggleActiveAction({
  intent: "toggleStory",
  errorTitle: "Erro ao atualizar história",
  missing: "Esta história não existe mais. Atualize a página.",
  setActive: setStoryActive,
});

const deleteStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteStory", form, {
    errorTitle: "Erro ao excluir história",
    prompt: "Tem certeza que deseja excluir esta história?",
  });
  if (request.response) return request.response;
  const deleted = await deleteStory(admin.id, request.id);
  if (!deleted)
    return fail("deleteStory", { title: "Erro ao excluir história", description: "Esta história já foi excluída." }, { status: 404 });
  return succeed("deleteStory", { title: "História excluída com sucesso!" });
};

export const action = adminAction({
  createStory: createStoryAction,
  toggleStory: toggleStoryAction,
  deleteStory: deleteStoryAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <StoriesTab data={loaderData} />;
}
