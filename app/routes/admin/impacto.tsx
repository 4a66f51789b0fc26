import type { Route } from "./+types/impacto";
import { ImpactTab } from "~/components/admin/impact";
import {
  approveImpactUnitProposalSchema,
  approveInstitutionUpdateSchema,
  impactUnitSchema,
  impactUpdateSchema,
  refuseImpactUnitProposalSchema,
  refuseInstitutionUpdateSchema,
} from "~/domain/impact/impact-forms";
import {
  approveImpactUnitProposal,
  approveInstitutionUpdate,
  createImpactUnit,
  createImpactUpdate,
  deleteImpactUnit,
  deleteImpactUpdate,
  loadImpactPanel,
  refuseImpactUnitProposal,
  refuseInstitutionUpdate,
} from "~/domain/impact/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader, parseDeletion } from "./kit.server";

export const loader = adminLoader(() => loadImpactPanel());

const createImpactUnitAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, impactUnitSchema);
  if (submission.status !== "success") return refuse("createImpactUnit", "Erro ao criar unidade de impacto", submission.reply());
  const { organizationId, singular, plural, cost } = submission.value;
  const unit = await createImpactUnit(admin.id, { organizationId, singular, plural, costCents: cost });
  return succeed("createImpactUnit", { title: "Unidade de impacto criada!", description: `1 ${unit.singular}` });
};

const deleteImpactUnitAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteImpactUnit", form, {
    errorTitle: "Erro ao excluir unidade",
    prompt: "Tem certeza que deseja excluir esta unidade de impacto?",
  });
  if (request.response) return request.response;
  const deleted = await deleteImpactUnit(admin.id, request.id);
  if (!deleted)
    return fail("deleteImpactUnit", { title: "Erro ao excluir unidade", description: "Esta unidade já foi excluída." }, { status: 404 });
  return succeed("deleteImpactUnit", { title: "Unidade excluída." });
};

const createImpactUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, impactUpdateSchema);
  if (submission.status !== "success") return refuse("createImpactUpdate", "Erro ao publicar atualização", submission.reply());
  const update = await createImpactUpdate(admin.id, submission.value);
  return succeed("createImpactUpdate", { title: "Atualização de impacto publicada!", description: update.title });
};

const deleteImpactUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteImpactUpdate", form, {
    errorTitle: "Erro ao excluir atualização",
    prompt: "Tem certeza que deseja excluir esta atualização de impacto?",
  });
  if (request.response) return request.response;
  const deleted = await deleteImpactUpdate(admin.id, request.id);
  if (!deleted)
    return fail(
      "deleteImpactUpdate",
      { title: "Erro ao excluir atualização", description: "Esta atualização já foi excluída." },
      { status: 404 },
    );
  return succeed("deleteImpactUpdate", { title: "Atualização excluída." });
};

/** Someone else on the team approved or refused it first. */
const alreadyReviewed = (intent: string, what: { title: string; description: string }) => fail(intent, what, { status: 409 });
const UPDATE_REVIEWED = {
  title: "Atualização já revisada",
  description: "Outra pessoa da equipe já aprovou ou recusou esta atualização.",
};
const PROPOSAL_REVIEWED = {
  title: "Proposta já revisada",
  description: "Outra pessoa da equipe já aprovou ou recusou esta unidade de impacto.",
};

/** Impacto → "Atualizações das ONGs" (decision 190). */
const approveInstitutionUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, approveInstitutionUpdateSchema);
  if (submission.status !== "success") return refuse("approveInstitutionUpdate", "Erro ao aprovar", submission.reply());
  const row = await approveInstitutionUpdate(admin.id, submission.value.id);
  if (!row) return alreadyReviewed("approveInstitutionUpdate", UPDATE_REVIEWED);
  return succeed("approveInstitutionUpdate", { title: "Atualização publicada", description: row.title });
};

const refuseInstitutionUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, refuseInstitutionUpdateSchema);
  if (submission.status !== "success") return refuse("refuseInstitutionUpdate", "Erro ao recusar", submission.reply());
  const row = await refuseInstitutionUpdate(admin.id, submission.value.id, submission.value.reason);
  if (!row) return alreadyReviewed("refuseInstitutionUpdate", UPDATE_REVIEWED);
  return succeed("refuseInstitutionUpdate", { title: "Atualização recusada", description: "A instituição vê o motivo no painel dela." });
};

/** Impacto → "Unidades propostas pelas ONGs" (decision 191). */
const approveImpactUnitProposalAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, approveImpactUnitProposalSchema);
  if (submission.status !== "success") return refuse("approveImpactUnitProposal", "Erro ao aprovar", submission.reply());
  const row = await approveImpactUnitProposal(admin.id, submission.value.id);
  if (!row) return alreadyReviewed("approveImpactUnitProposal", PROPOSAL_REVIEWED);
  return succeed("approveImpactUnitProposal", { title: "Unidade de impacto publicada", description: `1 ${row.singular}` });
};

const refuseImpactUnitProposalAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, refuseImpactUnitProposalSchema);
  if (submission.status !== "success") return refuse("refuseImpactUnitProposal", "Erro ao recusar", submission.reply());
  const row = await refuseImpactUnitProposal(admin.id, submission.value.id, submission.value.reason);
  if (!row) return alreadyReviewed("refuseImpactUnitProposal", PROPOSAL_REVIEWED);
  return succeed("refuseImpactUnitProposal", { title: "Unidade recusada", description: "A instituição vê o motivo no painel dela." });
};

export const action = adminAction({
  createImpactUnit: createImpactUnitAction,
  deleteImpactUnit: deleteImpactUnitAction,
  createImpactUpdate: createImpactUpdateAction,
  deleteImpactUpdate: deleteImpactUpdateAction,
  approveInstitutionUpdate: approveInstitutionUpdateAction,
  refuseInstitutionUpdate: refuseInstitutionUpdateAction,
  approveImpactUnitProposal: approveImpactUnitProposalAction,
  refuseImpactUnitProposal: refuseImpactUnitProposalAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <ImpactTab data={loaderData} />;
}
