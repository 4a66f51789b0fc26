import {
  listAllCauses,
  causeNameTaken,
  countCauseUsage,
  deleteCauseRow,
  findCauseForUpdate,
  insertCause,
  lockNamesOf,
  updateCauseActive,
} from "~/domain/organizations/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  inform,
  parseDeletion,
  refuse,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";
import { CAUSE_MESSAGES, causeSchema } from "./forms";

export async function loadCauses() {
  return { causes: await listAllCauses() };
}

export const createCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, causeSchema);
  if (submission.status !== "success") return refuse("createCause", "Erro ao criar causa", submission.reply());
  const input = submission.value;
  const cause = await auditedChange(admin, async (tx, audit) => {
    await lockNamesOf(tx, "causes");
    if (await causeNameTaken(tx, input.name)) return null;
    const row = await insertCause(tx, input);
    await audit({ action: "cause.create", entity: "cause", entityId: row.id, details: input });
    return row;
  });
  if (!cause) {
    return refuse("createCause", "Erro ao criar causa", submission.reply({ fieldErrors: { name: [CAUSE_MESSAGES.nameTaken] } }));
  }
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
  const request = await parseDeletion("deleteCause", form, {
    errorTitle: "Erro ao excluir causa",
    prompt: "Tem certeza que deseja excluir esta causa?",
  });
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
