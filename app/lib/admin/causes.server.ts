import { data } from "react-router";
import { z } from "zod";
import type { AdminActionData } from "./tabs";
import { listAllCauses, countCauseUsage, deleteCauseRow, findCauseForUpdate, insertCause, updateCauseActive } from "~/models/admin-causes.server";
import {
  type AdminActionHandler,
  auditedChange,
  booleanField,
  fail,
  firstError,
  idField,
  inform,
  optionalText,
  parseForm,
  requiredText,
  succeed,
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

const toggleSchema = z.object({ id: idField, active: booleanField });

export const toggleCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(toggleSchema, form);
  if (!parsed.ok) return fail("toggleCause", { title: "Erro ao atualizar causa", description: firstError(parsed.errors) });
  const { id, active } = parsed.data;
  const updated = await auditedChange(admin, async (tx, audit) => {
    const row = await updateCauseActive(tx, id, active);
    if (row) await audit({ action: active ? "cause.activate" : "cause.deactivate", entity: "cause", entityId: id, details: { name: row.name } });
    return row;
  });
  if (!updated) return fail("toggleCause", { title: "Erro ao atualizar causa", description: "Esta causa não existe mais. Atualize a página." }, { status: 404 });
  return succeed("toggleCause", null);
};

const deleteSchema = z.object({ id: idField, confirmed: z.string().optional() });

export const deleteCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(deleteSchema, form);
  if (!parsed.ok) return fail("deleteCause", { title: "Erro ao excluir causa", description: firstError(parsed.errors) });
  const { id, confirmed } = parsed.data;
  if (confirmed !== "sim") {
    // Without JavaScript there is no dialog: ask on the page before deleting.
    return data<AdminActionData>({ intent: "deleteCause", ok: false, confirm: { id, prompt: "Tem certeza que deseja excluir esta causa?" } });
  }
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
