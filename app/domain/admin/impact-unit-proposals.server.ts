/** Impacto → "Unidades propostas pelas ONGs" (decision 191): an admin publishes an institution's impact unit, or refuses it with a reason; both audited. */
import { reviewImpactUnitProposal } from "~/domain/impact/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { approveImpactUnitProposalSchema, refuseImpactUnitProposalSchema } from "./forms";

const alreadyReviewed = (intent: string) =>
  fail(
    intent,
    { title: "Proposta já revisada", description: "Outra pessoa da equipe já aprovou ou recusou esta unidade de impacto." },
    { status: 409 },
  );

export const approveImpactUnitProposalAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, approveImpactUnitProposalSchema);
  if (submission.status !== "success") return refuse("approveImpactUnitProposal", "Erro ao aprovar", submission.reply());
  const row = await auditedChange(admin, async (tx, audit) => {
    const reviewed = await reviewImpactUnitProposal(tx, { id: submission.value.id, approve: true, reviewerId: admin.id, note: null });
    if (reviewed)
      await audit({
        action: "impact_unit_proposal.approve",
        entity: "impact_unit",
        entityId: reviewed.unitId ?? reviewed.id,
        details: {
          proposalId: reviewed.id,
          organizationId: reviewed.organizationId,
          singular: reviewed.singular,
          plural: reviewed.plural,
          costCents: reviewed.costCents,
        },
      });
    return reviewed;
  });
  if (!row) return alreadyReviewed("approveImpactUnitProposal");
  return succeed("approveImpactUnitProposal", { title: "Unidade de impacto publicada", description: `1 ${row.singular}` });
};

export const refuseImpactUnitProposalAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, refuseImpactUnitProposalSchema);
  if (submission.status !== "success") return refuse("refuseImpactUnitProposal", "Erro ao recusar", submission.reply());
  const { id, reason } = submission.value;
  const row = await auditedChange(admin, async (tx, audit) => {
    const reviewed = await reviewImpactUnitProposal(tx, { id, approve: false, reviewerId: admin.id, note: reason });
    if (reviewed)
      await audit({
        action: "impact_unit_proposal.refuse",
        entity: "impact_unit_proposal",
        entityId: reviewed.id,
        details: { organizationId: reviewed.organizationId, singular: reviewed.singular, reason },
      });
    return reviewed;
  });
  if (!row) return alreadyReviewed("refuseImpactUnitProposal");
  return succeed("refuseImpactUnitProposal", { title: "Unidade recusada", description: "A instituição vê o motivo no painel dela." });
};
