import { z } from "zod";
import { listAllCauses, countCauseUsage, deleteCauseRow, findCauseForUpdate, insertCause, updateCauseActive } from "~/models/admin-causes.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  firstError,
  inform,
  optionalText,
  parseDeletion,
  parseForm,
  requiredText,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";

export async function loadCauses() {
  return { causes: await listAllCauses() };
}

const createSchema = z.object({
  name: requiredText("Informe o nome da causa.", 80),
  description: requiredText("Informe a descrição da causa.", 1000),
  icon: optionalText(40),
});

export const createCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(createSchema, form);
  if (!parsed.ok) return fail("createCause", { title: "Erro ao criar causa", description: firstError(parsed.errors) }, parsed);
  const cause = await auditedChange(admin, async (tx, audit) => {
    const row = await insertCause(tx, parsed.data);
    await audit({ action: "cause.create", entity: "cause", entityId: row.id, details: parsed.data });
    return row;
  });
  return succeed("createCause", { title: "Causa criada com sucesso!", description: cause.name });
};

export const toggleCauseAction = toggleActiveAction({
  intent: "toggleCause",
  errorTitle: "Erro ao atualizar causa",
  missing: "Esta causa não existe mais. Atualize a página.",
  setActive: updateCauseActive,
  audit: { entity: "cause", activate: "cause.activate", deactivate: "cause.deactivate", details: (row) => ({ name: row.name }) },
});

export const deleteCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteCause", form, { errorTitle: "Erro ao excluir causa", prompt: "Tem certeza que deseja excluir esta causa?" });
  if (request.response) return request.response;
  const { id } = request;
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const cause = await findCauseForUpdate(tx, id);
    if (!cause) return { kind: "missing" as const };
    const usage = await countCauseUsage(tx, id);
    if (usage.parties > 0 || usage.organizations > 0) {
      await updateCauseActive(tx, id, false);
      await audit({ action: "cause.deactivate_instead_of_delete", entity: "cause", entityId: id, details: { name: cause.name, ...usage } });
      return { kind: "deactivated" as const, usage };
    }
    await deleteCauseRow(tx, id);
    await audit({ action: "cause.delete", entity: "cause", entityId: id, details: { name: cause.name } });
    return { kind: "deleted" as const };
  });
  if (outcome.kind === "missing") {
    return fail("deleteCause", { title: "Erro ao excluir causa", description: "Esta causa já foi excluída." }, { status: 404 });
  }
  if (outcome.kind === "deactivated") {
    return inform("deleteCause", { title: "Causa desativada, não excluída", description: inUseMessage(outcome.usage) });
  }
  return succeed("deleteCause", { title: "Causa excluída com sucesso!" });
};

function inUseMessage(usage: { parties: number; organizations: number }) {
  const parts = [
    usage.parties ? `${usage.parties} ${usage.parties === 1 ? "festa" : "festas"}` : null,
    usage.organizations ? `${usage.organizations} ${usage.organizations === 1 ? "ONG" : "ONGs"}` : null,
  ].filter(Boolean);
  return `Esta causa é usada por ${parts.join(" e ")}, por isso foi desativada em vez de excluída: ela não aparece mais para os usuários e o histórico continua íntegro.`;
}
