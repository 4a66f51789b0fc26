/**
 * Impact updates an institution's team writes (decision 190): saved `pendente`, published only when
 * an admin approves them (Admin → Impacto, "Atualizações das ONGs"). Every query names its
 * institution in the where: a team reads and writes only its own.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { impactUpdates, organizations, user } = schema;

export type NewInstitutionUpdate = { organizationId: string; submittedBy: string; month: string; title: string; body: string };

export async function insertInstitutionUpdate(input: NewInstitutionUpdate, executor: Executor = db) {
  const [row] = await executor
    .insert(impactUpdates)
    .values({ ...input, status: "pendente" })
    .returning({ id: impactUpdates.id });
  return row!;
}

/** The institution's own updates, newest first, with their review. */
export async function listInstitutionUpdates(organizationId: string, executor: Executor = db) {
  return executor
    .select({
      id: impactUpdates.id,
      month: impactUpdates.month,
      title: impactUpdates.title,
      body: impactUpdates.body,
      status: impactUpdates.status,
      reviewNote: impactUpdates.reviewNote,
      createdAt: impactUpdates.createdAt,
    })
    .from(impactUpdates)
    .where(eq(impactUpdates.organizationId, organizationId))
    .orderBy(desc(impactUpdates.createdAt))
    .limit(50);
}

/** Published updates of an institution for its public page, newest month first. */
export async function listPublishedUpdates(organizationId: string, limit = 12, executor: Executor = db) {
  return executor
    .select({ id: impactUpdates.id, month: impactUpdates.month, title: impactUpdates.title, body: impactUpdates.body })
    .from(impactUpdates)
    .where(and(eq(impactUpdates.organizationId, organizationId), eq(impactUpdates.status, "aprovada")))
    .orderBy(desc(impactUpdates.month), desc(impactUpdates.createdAt))
    .limit(limit);
}

/** The admins' queue: what institutions wrote and nobody reviewed yet, oldest first. */
export async function listPendingInstitutionUpdates(executor: Executor = db) {
  return executor
    .select({
      id: impactUpdates.id,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
      month: impactUpdates.month,
      title: impactUpdates.title,
      body: impactUpdates.body,
      authorName: user.name,
      createdAt: impactUpdates.createdAt,
    })
    .from(impactUpdates)
    .innerJoin(organizations, eq(organizations.id, impactUpdates.organizationId))
    .leftJoin(user, eq(user.id, impactUpdates.submittedBy))
    .where(eq(impactUpdates.status, "pendente"))
    .orderBy(asc(impactUpdates.createdAt))
    .limit(100);
}

/** Approves or refuses a waiting update; null when it was already reviewed (a second click changes nothing). */
export async function reviewInstitutionUpdate(
  executor: Executor,
  input: { id: string; approve: boolean; reviewerId: string; note: string | null },
) {
  const [row] = await executor
    .update(impactUpdates)
    .set({
      status: input.approve ? "aprovada" : "recusada",
      reviewedBy: input.reviewerId,
      reviewedAt: sql`now()`,
      reviewNote: input.approve ? null : input.note,
    })
    .where(and(eq(impactUpdates.id, input.id), eq(impactUpdates.status, "pendente")))
    .returning({ id: impactUpdates.id, title: impactUpdates.title, organizationId: impactUpdates.organizationId });
  return row ?? null;
}
