/**
 * The queries the admin's review of applications runs (Admin → ONGs → Pedidos). The review service
 * (application-decision.server.ts) calls them inside its audited transaction.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, ne, notInArray } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { type ApplicationStatus, applicationDisplayName, REVIEWABLE_APPLICATION_STATUSES } from "./application";
import type { RegistryCompany } from "./cnpj-registry";
import { organizationNameTaken } from "./organizations-admin.server";

const {
  institutionApplications: applications,
  institutionApplicationDocuments: documents,
  organizations,
  institutionMembers,
  user,
  causes,
} = schema;

/** The queue: applications waiting for the team first (oldest first), then the last decided ones. */
export async function listApplicationsForReview(executor: Executor = db) {
  const columns = {
    id: applications.id,
    cnpj: applications.cnpj,
    legalName: applications.legalName,
    tradeName: applications.tradeName,
    city: applications.city,
    state: applications.state,
    status: applications.status,
    registryResult: applications.registryResult,
    createdAt: applications.createdAt,
    reviewedAt: applications.reviewedAt,
  };
  const waiting = await executor
    .select(columns)
    .from(applications)
    .where(inArray(applications.status, [...REVIEWABLE_APPLICATION_STATUSES]))
    .orderBy(asc(applications.createdAt))
    .limit(200);
  const decided = await executor
    .select(columns)
    .from(applications)
    .where(notInArray(applications.status, [...REVIEWABLE_APPLICATION_STATUSES]))
    .orderBy(desc(applications.reviewedAt))
    .limit(20);
  return { waiting, decided };
}

/** One application with everything the reviewer needs: the applicant, the cause, the documents. */
export async function findApplicationForReview(id: string, executor: Executor = db) {
  const [row] = await executor
    .select({
      application: applications,
      applicantName: user.name,
      applicantEmail: user.email,
      causeName: causes.name,
    })
    .from(applications)
    .leftJoin(user, eq(user.id, applications.userId))
    .leftJoin(causes, eq(causes.id, applications.causeId))
    .where(eq(applications.id, id));
  if (!row) return null;
  const docs = await executor
    .select({ kind: documents.kind, fileName: documents.fileName, contentType: documents.contentType, size: documents.size })
    .from(documents)
    .where(eq(documents.applicationId, id))
    .orderBy(asc(documents.kind));
  const a = row.application;
  return {
    ...a,
    registryData: (a.registryData as RegistryCompany | null) ?? null,
    applicantName: row.applicantName,
    applicantEmail: row.applicantEmail,
    causeName: row.causeName,
    documents: docs,
  };
}

/** The stored document an admin downloads (kind is one of APPLICATION_DOCUMENT_KINDS). */
export async function findApplicationDocument(
  applicationId: string,
  kind: (typeof documents.$inferSelect)["kind"],
  executor: Executor = db,
) {
  const [row] = await executor
    .select({ storageKey: documents.storageKey, contentType: documents.contentType, fileName: documents.fileName, size: documents.size })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), eq(documents.kind, kind)));
  return row ?? null;
}

/** The application, locked for the decision. */
export async function lockApplication(executor: Executor, id: string) {
  const [row] = await executor.select().from(applications).where(eq(applications.id, id)).for("update");
  return row ?? null;
}

export async function updateApplicationRegistry(
  executor: Executor,
  id: string,
  registry: { registryResult: "found" | "not_found" | "unavailable"; registryData: unknown; registryCheckedAt: Date | null },
) {
  await executor.update(applications).set(registry).where(eq(applications.id, id));
}

export async function decideApplication(
  executor: Executor,
  id: string,
  decision: { status: ApplicationStatus; reviewedBy: string; reviewReason: string | null; organizationId?: string },
) {
  await executor
    .update(applications)
    .set({ ...decision, reviewedAt: new Date(), updatedAt: new Date() })
    .where(eq(applications.id, id));
}

function slugify(name: string) {
  return (
    name
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "instituicao"
  );
}

/**
 * The institution an approved application becomes: verified by the reviewing admin, with the
 * application's CNPJ and Pix key. Name and anchor are made unique (the caller holds the names lock).
 */
export async function createInstitutionFromApplication(
  executor: Executor,
  a: typeof applications.$inferSelect,
  verification: { verifiedBy: string; note: string },
) {
  const display = applicationDisplayName(a);
  const name = (await organizationNameTaken(executor, display)) ? `${display} (${a.city} - ${a.state})` : display;
  let slug = slugify(display);
  for (
    let n = 2;
    (await executor.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug)).limit(1)).length > 0;
    n++
  ) {
    slug = n > 20 ? `${slugify(display)}-${randomUUID().slice(0, 6)}` : `${slugify(display)}-${n}`;
  }
  const [row] = await executor
    .insert(organizations)
    .values({
      name,
      slug,
      causeId: a.causeId,
      city: a.city,
      state: a.state,
      description: a.description,
      email: a.contactEmail,
      legalName: a.legalName,
      cnpj: a.cnpj,
      pixKeyType: a.pixKeyType,
      pixKey: a.pixKey,
      verifiedAt: new Date(),
      verifiedBy: verification.verifiedBy,
      verificationNote: verification.note,
    })
    .returning({ id: organizations.id, slug: organizations.slug, name: organizations.name });
  return row!;
}

export async function addInstitutionMember(
  executor: Executor,
  member: { organizationId: string; userId: string; role: "owner" | "member" },
) {
  await executor
    .insert(institutionMembers)
    .values(member)
    .onConflictDoUpdate({
      target: [institutionMembers.organizationId, institutionMembers.userId],
      set: { role: member.role },
    });
}

export async function cnpjBelongsToInstitution(executor: Executor, cnpj: string) {
  const rows = await executor.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, cnpj)).limit(1);
  return rows.length > 0;
}

/** Other applications of the same CNPJ still marked "ajustes pedidos": answered by this one. */
export async function closeOlderApplications(executor: Executor, cnpj: string, exceptId: string) {
  await executor
    .update(applications)
    .set({ status: "rejected", reviewReason: "Substituído por um pedido mais recente.", reviewedAt: new Date() })
    .where(and(eq(applications.cnpj, cnpj), ne(applications.id, exceptId), eq(applications.status, "changes_requested")));
}
