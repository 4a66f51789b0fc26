/**
 * Impacto's review queues: an admin publishes what an institution's team sent (an impact update,
 * decision 190; an impact unit, decision 191), or refuses it with a reason the team reads. Each
 * decision is audited; null when someone else already reviewed it.
 */
import { auditedChange } from "~/platform/audit.server";
import { reviewImpactUnitProposal } from "./impact-unit-proposals.server";
import { reviewInstitutionUpdate } from "./institution-updates.server";

export async function approveInstitutionUpdate(actorUserId: string, id: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const reviewed = await reviewInstitutionUpdate(tx, { id, approve: true, reviewerId: actorUserId, note: null });
    if (reviewed)
      await audit({ action: "impact_update.approve", entity: "impact_update", entityId: reviewed.id, details: { title: reviewed.title } });
    return reviewed;
  });
}

export async function refuseInstitutionUpdate(actorUserId: string, id: string, reason: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const reviewed = await reviewInstitutionUpdate(tx, { id, approve: false, reviewerId: actorUserId, note: reason });
    if (reviewed)
      await audit({
        action: "impact_update.refuse",
        entity: "impact_update",
        entityId: reviewed.id,
        details: { title: reviewed.title, reason },
      });
    return reviewed;
  });
}

export async function approveImpactUnitProposal(actorUserId: string, id: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const reviewed = await reviewImpactUnitProposal(tx, { id, approve: true, reviewerId: actorUserId, note: null });
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
}

export async function refuseImpactUnitProposal(actorUserId: string, id: string, reason: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const reviewed = await reviewImpactUnitProposal(tx, { id, approve: false, reviewerId: actorUserId, note: reason });
    if (reviewed)
      await audit({
        action: "impact_unit_proposal.refuse",
        entity: "impact_unit_proposal",
        entityId: reviewed.id,
        details: { organizationId: reviewed.organizationId, singular: reviewed.singular, reason },
      });
    return reviewed;
  });
}
