import { data } from "react-router";
import { z } from "zod";
import type { AdminActionData } from "./tabs";
import { deleteStoryRow, insertStory, listAllStories, updateStoryActive } from "~/models/admin-stories.server";
import {
  type AdminActionHandler,
  auditedChange,
  booleanField,
  fail,
  firstError,
  idField,
  optionalHttpUrl,
  parseForm,
  requiredText,
  succeed,
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

const toggleSchema = z.object({ id: idField, active: booleanField });

export const toggleStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(toggleSchema, form);
  if (!parsed.ok) return fail("toggleStory", { title: "Erro ao atualizar história", description: firstError(parsed.errors) });
  const { id, active } = parsed.data;
  const updated = await auditedChange(admin, async (tx, audit) => {
    const row = await updateStoryActive(tx, id, active);
    if (row) await audit({ action: active ? "story.activate" : "story.deactivate", entity: "story", entityId: id, details: { title: row.title } });
    return row;
  });
  if (!updated) return fail("toggleStory", { title: "Erro ao atualizar história", description: "Esta história não existe mais. Atualize a página." }, { status: 404 });
  return succeed("toggleStory", null);
};

const deleteSchema = z.object({ id: idField, confirmed: z.string().optional() });

export const deleteStoryAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(deleteSchema, form);
  if (!parsed.ok) return fail("deleteStory", { title: "Erro ao excluir história", description: firstError(parsed.errors) });
  const { id, confirmed } = parsed.data;
  if (confirmed !== "sim") {
    return data<AdminActionData>({ intent: "deleteStory", ok: false, confirm: { id, prompt: "Tem certeza que deseja excluir esta história?" } });
  }
  const deleted = await auditedChange(admin, async (tx, audit) => {
    const row = await deleteStoryRow(tx, id);
    if (row) await audit({ action: "story.delete", entity: "story", entityId: id, details: { title: row.title } });
    return row;
  });
  if (!deleted) return fail("deleteStory", { title: "Erro ao excluir história", description: "Esta história já foi excluída." }, { status: 404 });
  return succeed("deleteStory", { title: "História excluída com sucesso!" });
};
