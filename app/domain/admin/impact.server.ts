/** The "Impacto" tab: each institution's impact units and its monthly impact updates. */
import { listAllOrganizations, listImpactUnitsByOrganization } from "~/domain/organizations/index.server";
import {
  deleteImpactUnitRow,
  deleteImpactUpdateRow,
  insertImpactUnit,
  insertImpactUpdate,
  listImpactUpdates,
  listPendingImpactUnitProposals,
  listPendingInstitutionUpdates,
} from "~/domain/impact/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, parseDeletion, refuse, succeed } from "./action-kit.server";
import { impactUnitSchema, impactUpdateSchema } from "./forms";

export async function loadImpact() {
  const organizations = (await listAllOrganizations()).map((o) => ({ id: o.id, name: o.name }));
  const units = await listImpactUnitsByOrganization(organizations.map((o) => o.id));
  return {
    organizations: organizations.map((o) => ({ ...o, units: units.get(o.id) ?? [] })),
    updates: await listImpactUpdates(),
    pendingInstitutionUpdates: await listPendingInstitutionUpdates(),
    pendingUnitProposals: await listPendingImpactUnitProposals(),
  };
}

export const createImpactUnitAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, impactUnitSchema);
  if (submission.status !== "success") return refuse("createImpactUnit", "Erro ao criar unidade de impacto", submission.reply());
  const { organizationId, singular, plural, cost } = submission.value;
  const unit = await auditedChange(admin, async (tx, audit) => {
    const row = await insertImpactUnit(tx, { organizationId, singular, plural, costCents: cost });
    await audit({
      action: "impact_unit.create",
      entity: "impact_unit",
      entityId: row.id,
      details: { organizationId, singular, plural, costCents: cost },
    });
    return row;
  });
  return succeed("createImpactUnit", { title: "Unidade de impacto criada!", description: `1 ${unit.singular}` });
};

export const deleteImpactUnitAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteImpactUnit", form, {
    errorTitle: "Erro ao excluir unidade",
    prompt: "Tem certeza que deseja excluir esta unidade de impacto?",
  });
  if (request.response) return request.response;
  const deleted = await auditedChange(admin, async (tx, audit) => {
    const row = await deleteImpactUnitRow(tx, request.id);
    if (row) await audit({ action: "impact_unit.delete", entity: "impact_unit", entityId: row.id, details: { singular: row.singular } });
    return row;
  });
  if (!deleted)
    return fail("deleteImpactUnit", { title: "Erro ao excluir unidade", description: "Esta unidade já foi excluída." }, { status: 404 });
  return succeed("deleteImpactUnit", { title: "Unidade excluída." });
};

export const createImpactUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, impactUpdateSchema);
  if (submission.status !== "success") return refuse("createImpactUpdate", "Erro ao publicar atualização", submission.reply());
  const input = submission.value;
  const update = await auditedChange(admin, async (tx, audit) => {
    const row = await insertImpactUpdate(tx, input);
    await audit({
      action: "impact_update.create",
      entity: "impact_update",
      entityId: row.id,
      details: { organizationId: input.organizationId, month: input.month, title: input.title },
    });
    return row;
  });
  return succeed("createImpactUpdate", { title: "Atualização de impacto publicada!", description: update.title });
};

export const deleteImpactUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteImpactUpdate", form, {
    errorTitle: "Erro ao excluir atualização",
    prompt: "Tem certeza que deseja excluir esta atualização de impacto?",
  });
  if (request.response) return request.response;
  const deleted = await auditedChange(admin, async (tx, audit) => {
    const row = await deleteImpactUpdateRow(tx, request.id);
    if (row)
      await audit({
        action: "impact_update.delete",
        entity: "impact_update",
        entityId: row.id,
        details: { title: row.title, month: row.month },
      });
    return row;
  });
  if (!deleted)
    return fail(
      "deleteImpactUpdate",
      { title: "Erro ao excluir atualização", description: "Esta atualização já foi excluída." },
      { status: 404 },
    );
  return succeed("deleteImpactUpdate", { title: "Atualização excluída." });
};
