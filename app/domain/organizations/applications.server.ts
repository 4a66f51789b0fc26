/**
 * Institution applications (decision 178): the applicant's side. `submitApplication` checks the
 * CNPJ with the registry again (never trusting a prefill the browser sent), refuses a CNPJ that is
 * inactive, already an institution or already waiting for a decision, stores the documents and
 * then, in one transaction, the application, its documents and the applicant's e-mail.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { institutionApplicationEmail } from "~/domain/organizations/emails/institution-application.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import type { FileStorage } from "~/platform/storage/index.server";
import { APPLICATION_MESSAGES, applicationDisplayName, OPEN_APPLICATION_STATUSES, type RegistryResult } from "./application";
import type { ApplicationInput } from "./application-form";
import { type CheckedDocument, discardApplicationDocuments, storeApplicationDocuments } from "./application-documents.server";
import { type CnpjRegistry, isActiveRegistryStatus, type RegistryLookup } from "./cnpj-registry";

const { institutionApplications: applications, institutionApplicationDocuments: documents, organizations } = schema;

/** The applicant's applications, newest first, with what they are told. */
export async function listApplicationsOfUser(userId: string, executor: Executor = db) {
  return executor
    .select({
      id: applications.id,
      cnpj: applications.cnpj,
      legalName: applications.legalName,
      tradeName: applications.tradeName,
      status: applications.status,
      reviewReason: applications.reviewReason,
      createdAt: applications.createdAt,
      reviewedAt: applications.reviewedAt,
      organizationSlug: organizations.slug,
    })
    .from(applications)
    .leftJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt));
}

async function cnpjIsInstitution(cnpj: string, executor: Executor = db) {
  const rows = await executor.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, cnpj)).limit(1);
  return rows.length > 0;
}

async function openApplicationExists(cnpj: string, executor: Executor = db) {
  const rows = await executor
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.cnpj, cnpj), inArray(applications.status, [...OPEN_APPLICATION_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

/** What the application row keeps of a lookup. */
export function registryColumns(lookup: RegistryLookup): {
  registryResult: RegistryResult;
  registryData: unknown;
  registryCheckedAt: Date | null;
} {
  if (lookup.kind === "found")
    return { registryResult: "found", registryData: lookup.company, registryCheckedAt: new Date(lookup.checkedAt) };
  if (lookup.kind === "not-found")
    return { registryResult: "not_found", registryData: null, registryCheckedAt: new Date(lookup.checkedAt) };
  return { registryResult: "unavailable", registryData: null, registryCheckedAt: null };
}

/** Why a CNPJ cannot apply now (a pt-BR message for the CNPJ field), or null. */
export async function cnpjApplicationRefusal(cnpj: string, lookup: RegistryLookup): Promise<string | null> {
  if (lookup.kind === "found" && !isActiveRegistryStatus(lookup.company.status))
    return APPLICATION_MESSAGES.inactive(lookup.company.status);
  if (await cnpjIsInstitution(cnpj)) return APPLICATION_MESSAGES.alreadyInstitution;
  if (await openApplicationExists(cnpj)) return APPLICATION_MESSAGES.openForCnpj;
  return null;
}

function isOpenCnpjConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === "23505") return pg.constraint === "institution_applications_open_cnpj_idx";
  }
  return false;
}

export type SubmitOutcome = { ok: true; id: string } | { ok: false; field: "cnpj"; message: string };

export async function submitApplication(
  applicant: { id: string; name: string },
  input: ApplicationInput,
  checkedDocuments: CheckedDocument[],
  deps: { registry: CnpjRegistry; storage: FileStorage; mailer: Mailer },
): Promise<SubmitOutcome> {
  const lookup = await deps.registry.lookup(input.cnpj);
  const refusal = await cnpjApplicationRefusal(input.cnpj, lookup);
  if (refusal) return { ok: false, field: "cnpj", message: refusal };

  const stored = await storeApplicationDocuments(checkedDocuments, deps.storage);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({ ...input, userId: applicant.id, ...registryColumns(lookup) })
        .returning({ id: applications.id });
      await tx.insert(documents).values(
        stored.map((d) => ({
          applicationId: row!.id,
          kind: d.kind,
          storageKey: d.storageKey,
          contentType: d.contentType,
          size: d.size,
          fileName: d.fileName,
          originalName: d.originalName,
        })),
      );
      await deps.mailer.enqueue(tx, {
        to: input.contactEmail,
        ...institutionApplicationEmail({ kind: "received", applicantName: applicant.name, institutionName: applicationDisplayName(input) }),
      });
      return row!.id;
    });
    return { ok: true, id };
  } catch (error) {
    await discardApplicationDocuments(stored, deps.storage);
    if (isOpenCnpjConflict(error)) return { ok: false, field: "cnpj", message: APPLICATION_MESSAGES.openForCnpj };
    throw error;
  }
}
