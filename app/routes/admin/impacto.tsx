import type { Route } from "./+types/impacto";
import { ImpactTab } from "~/components/admin/impact";
import {
  createImpactUnitAction,
  createImpactUpdateAction,
  deleteImpactUnitAction,
  deleteImpactUpdateAction,
  loadImpact,
} from "~/domain/admin/impact.server";
import { approveInstitutionUpdateAction, refuseInstitutionUpdateAction } from "~/domain/admin/institution-updates.server";
import { approveImpactUnitProposalAction, refuseImpactUnitProposalAction } from "~/domain/admin/impact-unit-proposals.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadImpact());

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
