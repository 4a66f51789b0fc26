import { z } from "zod";
import { deleteStoryRow, insertStory, listAllStories, updateStoryActive } from "~/models/admin-stories.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  firstError,
  optionalHttpUrl,
  parseDeletion,
  parseForm,
  requiredText,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";

export async function loadStories() {
  return { stories: await listAllStories() };
}

const createSchema = z.object({
  title: requiredText("Informe o título da história.", 120),
  description: requiredText("Informe a descrição da história.", 2000),
  imageUrl: optionalHttpUrl("A URL da imagem deve começar com http:// ou https://."),
});

export const createStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(createSchema, form);
  if (!parsed.ok) return fail("createStory", { title: "Erro ao criar história", description: firstError(parsed.errors) }, parsed);
  const story = await auditedChange(admin, async (tx, audit) => {
    const row = await insertStory(tx, parsed.data);
    await audit({ action: "story.create", entity: "story", entityId: row.id, details: parsed.data });
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
  const request = await parseDeletion("deleteStory", form, { errorTitle: "Erro ao excluir história", prompt: "Tem certeza que deseja excluir esta história?" });
  if (request.response) return request.response;
  const { id } = request;
  const deleted = await auditedChange(admin, async (tx, audit) => {
    const row = await deleteStoryRow(tx, id);
    if (row) await audit({ action: "story.delete", entity: "story", entityId: id, details: { title: row.title } });
    return row;
  });
  if (!deleted) return fail("deleteStory", { title: "Erro ao excluir história", description: "Esta história já foi excluída." }, { status: 404 });
  return succeed("deleteStory", { title: "História excluída com sucesso!" });
};
