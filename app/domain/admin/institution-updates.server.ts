/** Impacto → "Atualizações das ONGs" (decision 190): an admin publishes an institution's impact update, or refuses it with a reason; both audited. */
import { reviewInstitutionUpdate } from "~/domain/impact/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { approveInstitutionUpdateSchema, refuseInstitutionUpdateSchema } from "./forms";

const alreadyReviewed = (intent: string) =>
  fail(
    intent,
    { title: "Atualização já revisada", description: "Outra pessoa da equipe já aprovou ou recusou esta atualização." },
    { status: 409 },
  );

export const approveInstitutionUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, approveInstitutionUpdateSchema);
  if (submission.status !== "success") return refuse("approveInstitutionUpdate", "Erro ao aprovar", submission.reply());
  const row = await auditedChange(admin, async (tx, audit) => {
    const reviewed = await reviewInstitutionUpdate(tx, { id: submission.value.id, approve: true, reviewerId: admin.id, note: null });
    if (reviewed)
      await audit({ action: "impact_update.approve", entity: "impact_update", entityId: reviewed.id, details: { title: reviewed.title } });
    return reviewed;
  });
  if (!row) return alreadyReviewed("approveInstitutionUpdate");
  return succeed("approveInstitutionUpdate", { title: "Atualização publicada", description: row.title });
};

export const refuseInstitutionUpdateAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, refuseInstitutionUpdateSchema);
  if (submission.status !== "success") return refuse("refuseInstitutionUpdate", "Erro ao recusar", submission.reply());
  const { id, reason } = submission.value;
  const row = await auditedChange(admin, async (tx, audit) => {
    const reviewed = await reviewInstitutionUpdate(tx, { id, approve: false, reviewerId: admin.id, note: reason });
    if (reviewed)
      await audit({
        action: "impact_update.refuse",
        entity: "impact_update",
        entityId: reviewed.id,
        details: { title: reviewed.title, reason },
      });
    return reviewed;
  });
  if (!row) return alreadyReviewed("refuseInstitutionUpdate");
  return succeed("refuseInstitutionUpdate", { title: "Atualização recusada", description: "A instituição vê o motivo no painel dela." });
};
