/**
 * Admin → ONGs → Pedidos: the decision on an institution application (decision 178). "Aprovar"
 * needs the registry check (or a written reason why not) and a note, re-reads the registry, refuses
 * an inactive CNPJ, creates the verified institution with the applicant as its owner, and records
 * who, when and what was checked in the audit log. "Pedir ajustes" and "Recusar" e-mail the reason.
 */
import type * as z from "zod/mini";
import { auditedChange } from "~/platform/audit.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { applicationDisplayName, pixHolderCheck, REVIEWABLE_APPLICATION_STATUSES } from "./application";
import type { applicationReviewSchema } from "./application-review";
import { REVIEW_MESSAGES } from "./application-review";
import {
  addInstitutionMember,
  closeOlderApplications,
  cnpjBelongsToInstitution,
  createInstitutionFromApplication,
  decideApplication,
  findApplicationForReview,
  lockApplication,
  updateApplicationRegistry,
} from "./application-review.server";
import { registryColumns } from "./applications.server";
import { type CnpjRegistry, isActiveRegistryStatus, type RegistryCompany } from "./cnpj-registry";
import { institutionApplicationEmail } from "./emails/institution-application.server";
import { lockNamesOf } from "./organizations-admin.server";

export type ApplicationReview = z.output<typeof applicationReviewSchema>;

/** Why the decision was not recorded: the field it concerns (none: the application itself), and the text. */
type ApplicationReviewRefusal = { field?: "note" | "noRegistryReason"; message: string };

export type ApplicationReviewOutcome =
  { ok: false; refusal: ApplicationReviewRefusal } | { ok: true; decision: ApplicationReview["decision"]; to: string; name: string };

/** Records the admin's decision in one audited transaction, with the e-mail to the applicant. */
export async function reviewApplication(
  actorUserId: string,
  input: ApplicationReview,
  deps: { mailer: Mailer; cnpjRegistry: CnpjRegistry },
): Promise<ApplicationReviewOutcome> {
  // The registry is asked again before an approval (outside the transaction: it may take seconds).
  const before = input.decision === "aprovar" ? await findApplicationForReview(input.id) : null;
  const lookup = before ? await deps.cnpjRegistry.lookup(before.cnpj) : null;
  const refused = (refusal: ApplicationReviewRefusal) => ({ ok: false, refusal }) as const;

  return auditedChange(actorUserId, async (tx, audit): Promise<ApplicationReviewOutcome> => {
    const a = await lockApplication(tx, input.id);
    if (!a) return refused({ message: REVIEW_MESSAGES.missing });
    if (!REVIEWABLE_APPLICATION_STATUSES.includes(a.status)) return refused({ message: REVIEW_MESSAGES.notReviewable });
    const name = applicationDisplayName(a);
    const applicant = before?.applicantName ?? (await findApplicationForReview(a.id, tx))?.applicantName ?? name;

    if (input.decision !== "aprovar") {
      const status = input.decision === "ajustes" ? "changes_requested" : "rejected";
      await decideApplication(tx, a.id, { status, reviewedBy: actorUserId, reviewReason: input.reason });
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
      return { ok: true, decision: input.decision, to: a.contactEmail, name };
    }

    // Approval. The fresh answer wins when there is one; the copy taken at the application otherwise.
    const fresh = lookup && lookup.kind !== "unavailable" ? lookup : null;
    if (fresh) await updateApplicationRegistry(tx, a.id, registryColumns(fresh));
    const company = fresh ? (fresh.kind === "found" ? fresh.company : null) : (a.registryData as RegistryCompany | null);
    const registryResult = fresh ? registryColumns(fresh).registryResult : a.registryResult;
    if (company && !isActiveRegistryStatus(company.status))
      return refused({ field: "note", message: REVIEW_MESSAGES.inactive(company.status) });
    if (registryResult !== "found" && !input.noRegistryReason)
      return refused({ field: "noRegistryReason", message: REVIEW_MESSAGES.noRegistryReason });
    if (registryResult === "found" && !input.registryChecked && !input.noRegistryReason)
      return refused({ field: "noRegistryReason", message: REVIEW_MESSAGES.registryNotChecked });
    await lockNamesOf(tx, "organizations");
    if (await cnpjBelongsToInstitution(tx, a.cnpj)) return refused({ message: REVIEW_MESSAGES.alreadyInstitution });

    const institution = await createInstitutionFromApplication(tx, a, { verifiedBy: actorUserId, note: input.note! });
    if (a.userId) await addInstitutionMember(tx, { organizationId: institution.id, userId: a.userId, role: "owner" });
    await decideApplication(tx, a.id, { status: "approved", reviewedBy: actorUserId, reviewReason: null, organizationId: institution.id });
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
    return { ok: true, decision: "aprovar", to: a.contactEmail, name: institution.name };
  });
}
