import { deleteStoryRow, insertStory, listAllStories, updateStoryActive } from "~/domain/content/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, parseDeletion, refuse, succeed, toggleActiveAction } from "./action-kit.server";
import { storySchema } from "./forms";

export async function loadStories() {
  return { stories: await listAllStories() };
}

export const createStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, storySchema);
  if (submission.status !== "success") return refuse("createStory", "Erro ao criar história", submission.reply());
  const input = submission.value;
  const story = await auditedChange(admin, async (tx, audit) => {
    const row = await insertStory(tx, input);
    await audit({ action: "story.create", entity: "story", entityId: row.id, details: input });
    return row;
  });
  return succeed("createStory", { title: "História criada com sucesso!", description: story.title });
};

export const toggleStoryAction = toggleActiveAction({
  intent: "toggleStory",
  errorTitle: "Erro ao atualizar história",
  missing: "Esta história não existe mais. Atualize a página.",
  setActive: updateStoryActive,
  audit: { entity: "story", activate: "story.activate", deactivate: "story.deactivate", details: (row) => ({ title: row.title }) },
});

export const deleteStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteStory", form, {
    errorTitle: "Erro ao excluir história",
    prompt: "Tem certeza que deseja excluir esta história?",
  });
  if (request.response) return request.response;
  const { id } = request;
  const deleted = await auditedChange(admin, async (tx, audit) => {
    const row = await deleteStoryRow(tx, id);
    if (row) await audit({ action: "story.delete", entity: "story", entityId: id, details: { title: row.title } });
    return row;
  });
  if (!deleted)
    return fail("deleteStory", { title: "Erro ao excluir história", description: "Esta história já foi excluída." }, { status: 404 });
  return succeed("deleteStory", { title: "História excluída com sucesso!" });
};
