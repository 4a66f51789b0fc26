/**
 * Admin → ONGs → Pedidos: the review queue of institution applications (decision 178). "Aprovar"
 * needs the registry check (or a written reason why not) and a note, re-reads the registry, refuses
 * an inactive CNPJ, creates the verified institution with the applicant as its owner, and records
 * who, when and what was checked in the audit log. "Pedir ajustes" and "Recusar" e-mail the reason.
 */
import { z } from "zod";
import { institutionApplicationEmail } from "~/domain/organizations/index.server";
import {
  applicationDisplayName,
  applicationReviewSchema,
  isActiveRegistryStatus,
  pixHolderCheck,
  REVIEW_MESSAGES,
  REVIEWABLE_APPLICATION_STATUSES,
  type RegistryCompany,
} from "~/domain/organizations";
import {
  addInstitutionMember,
  closeOlderApplications,
  cnpjBelongsToInstitution,
  createInstitutionFromApplication,
  decideApplication,
  findApplicationForReview,
  listApplicationsForReview,
  lockApplication,
  lockNamesOf,
  registryColumns,
  updateApplicationRegistry,
} from "~/domain/organizations/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed } from "./action-kit.server";

export async function loadApplications(url: URL) {
  const id = z.uuid().safeParse(url.searchParams.get("pedido"));
  const [queue, reviewing] = await Promise.all([listApplicationsForReview(), id.success ? findApplicationForReview(id.data) : null]);
  return { queue, reviewing: reviewing ? { ...reviewing, pixHolder: pixHolderCheck(reviewing) } : null };
}

const INTENT = "reviewApplication";
const TITLE = "Pedido não decidido";

type Refusal = { refusal: { field?: string; message: string } };

export const reviewApplicationAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, applicationReviewSchema);
  if (submission.status !== "success") return refuse(INTENT, TITLE, submission.reply());
  const input = submission.value;

  // The registry is asked again before an approval (outside the transaction: it may take seconds).
  const before = input.decision === "aprovar" ? await findApplicationForReview(input.id) : null;
  const lookup = before ? await deps.cnpjRegistry.lookup(before.cnpj) : null;

  const outcome = await auditedChange(
    admin,
    async (tx, audit): Promise<Refusal | { done: string; to: string; name: string; applicant: string }> => {
      const a = await lockApplication(tx, input.id);
      if (!a) return { refusal: { message: REVIEW_MESSAGES.missing } };
      if (!REVIEWABLE_APPLICATION_STATUSES.includes(a.status)) return { refusal: { message: REVIEW_MESSAGES.notReviewable } };
      const name = applicationDisplayName(a);
      const applicant = before?.applicantName ?? (await findApplicationForReview(a.id, tx))?.applicantName ?? name;

      if (input.decision !== "aprovar") {
        const status = input.decision === "ajustes" ? "changes_requested" : "rejected";
        await decideApplication(tx, a.id, { status, reviewedBy: admin.id, reviewReason: input.reason });
        await audit({
          action: input.decision === "ajustes" ? "institution_application.request_changes" : "institution_application.reject",
          entity: "institution_application",
          entityId: a.id,
          details: { cnpj: a.cnpj, reason: input.reason },
        });
        await deps.mailer.enqueue(tx, {
          to: a.contactEmail,
          ...institutionApplicationEmail({ kind: status, applicantName: applicant, institutionName: name, reason: input.reason }),
        });
        return { done: input.decision === "ajustes" ? "Ajustes pedidos" : "Pedido recusado", to: a.contactEmail, name, applicant };
      }

      // Approval. The fresh answer wins when there is one; the copy taken at the application otherwise.
      const fresh = lookup && lookup.kind !== "unavailable" ? lookup : null;
      if (fresh) await updateApplicationRegistry(tx, a.id, registryColumns(fresh));
      const company = fresh ? (fresh.kind === "found" ? fresh.company : null) : (a.registryData as RegistryCompany | null);
      const registryResult = fresh ? registryColumns(fresh).registryResult : a.registryResult;
      if (company && !isActiveRegistryStatus(company.status))
        return { refusal: { field: "note", message: REVIEW_MESSAGES.inactive(company.status) } };
      if (registryResult !== "found" && !input.noRegistryReason)
        return { refusal: { field: "noRegistryReason", message: REVIEW_MESSAGES.noRegistryReason } };
      if (registryResult === "found" && !input.registryChecked && !input.noRegistryReason)
        return { refusal: { field: "noRegistryReason", message: REVIEW_MESSAGES.registryNotChecked } };
      await lockNamesOf(tx, "organizations");
      if (await cnpjBelongsToInstitution(tx, a.cnpj)) return { refusal: { message: REVIEW_MESSAGES.alreadyInstitution } };

      const institution = await createInstitutionFromApplication(tx, a, { verifiedBy: admin.id, note: input.note! });
      if (a.userId) await addInstitutionMember(tx, { organizationId: institution.id, userId: a.userId, role: "owner" });
      await decideApplication(tx, a.id, { status: "approved", reviewedBy: admin.id, reviewReason: null, organizationId: institution.id });
      await closeOlderApplications(tx, a.cnpj, a.id);
      await audit({
        action: "institution_application.approve",
        entity: "institution_application",
        entityId: a.id,
        details: {
          cnpj: a.cnpj,
          organizationId: institution.id,
          note: input.note,
          registry: {
            result: registryResult,
            status: company?.status ?? null,
            checkedAt: fresh ? fresh.checkedAt : (a.registryCheckedAt?.toISOString() ?? null),
            checkedByAdmin: input.registryChecked,
            whyNot: input.noRegistryReason,
          },
          pixHolder: pixHolderCheck(a).result,
          owner: a.userId,
        },
      });
      await deps.mailer.enqueue(tx, {
        to: a.contactEmail,
        ...institutionApplicationEmail({ kind: "approved", applicantName: applicant, institutionName: institution.name }),
      });
      return { done: "Pedido aprovado", to: a.contactEmail, name: institution.name, applicant };
    },
  );

  if ("refusal" in outcome) {
    const { field, message } = outcome.refusal;
    if (!field) return fail(INTENT, { title: TITLE, description: message }, { status: message === REVIEW_MESSAGES.missing ? 404 : 409 });
    return refuse(INTENT, TITLE, submission.reply({ fieldErrors: { [field]: [message] } }), 409);
  }
  return succeed(INTENT, { title: outcome.done, description: `${outcome.name}: avisamos ${outcome.to} por e-mail.` });
};
