/**
 * Impact units an institution's team proposes (decision 191): saved `pendente` in their own table,
 * so /doar's panel and certificates (which read `impact_units`) never see them; an admin's approval
 * copies them into `impact_units` (a new unit, or new words/cost for the unit it names). Every query
 * names its institution in the where: a team reads and proposes only for its own.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { impactUnitProposals, impactUnits, organizations, user } = schema;

export type NewImpactUnitProposal = {
  organizationId: string;
  submittedBy: string;
  unitId: string | null;
  singular: string;
  plural: string;
  costCents: number;
};

/** Saves a proposal; null when the unit it changes is not this institution's (or no longer exists). */
export async function insertImpactUnitProposal(input: NewImpactUnitProposal, executor: Executor = db) {
  if (input.unitId) {
    const [own] = await executor
      .select({ id: impactUnits.id })
      .from(impactUnits)
      .where(and(eq(impactUnits.id, input.unitId), eq(impactUnits.organizationId, input.organizationId)));
    if (!own) return null;
  }
  const [row] = await executor
    .insert(impactUnitProposals)
    .values({ ...input, status: "pendente" })
    .returning({ id: impactUnitProposals.id });
  return row!;
}

/** The institution's own proposals, newest first, with their review. */
export async function listImpactUnitProposals(organizationId: string, executor: Executor = db) {
  return executor
    .select({
      id: impactUnitProposals.id,
      unitId: impactUnitProposals.unitId,
      singular: impactUnitProposals.singular,
      plural: impactUnitProposals.plural,
      costCents: impactUnitProposals.costCents,
      status: impactUnitProposals.status,
      reviewNote: impactUnitProposals.reviewNote,
      createdAt: impactUnitProposals.createdAt,
    })
    .from(impactUnitProposals)
    .where(eq(impactUnitProposals.organizationId, organizationId))
    .orderBy(desc(impactUnitProposals.createdAt))
    .limit(50);
}

/** The admins' queue: proposals nobody reviewed yet, oldest first, with the unit they would change. */
export async function listPendingImpactUnitProposals(executor: Executor = db) {
  return executor
    .select({
      id: impactUnitProposals.id,
      organizationName: organizations.name,
      singular: impactUnitProposals.singular,
      plural: impactUnitProposals.plural,
      costCents: impactUnitProposals.costCents,
      current: { singular: impactUnits.singular, costCents: impactUnits.costCents },
      authorName: user.name,
      createdAt: impactUnitProposals.createdAt,
    })
    .from(impactUnitProposals)
    .innerJoin(organizations, eq(organizations.id, impactUnitProposals.organizationId))
    .leftJoin(impactUnits, eq(impactUnits.id, impactUnitProposals.unitId))
    .leftJoin(user, eq(user.id, impactUnitProposals.submittedBy))
    .where(eq(impactUnitProposals.status, "pendente"))
    .orderBy(asc(impactUnitProposals.createdAt))
    .limit(100);
}

/**
 * Approves (publishing it in `impact_units`) or refuses a waiting proposal, in the caller's
 * transaction; null when it was already reviewed (a second click changes nothing).
 */
export async function reviewImpactUnitProposal(
  executor: Executor,
  input: { id: string; approve: boolean; reviewerId: string; note: string | null },
) {
  const [proposal] = await executor
    .update(impactUnitProposals)
    .set({
      status: input.approve ? "aprovada" : "recusada",
      reviewedBy: input.reviewerId,
      reviewedAt: sql`now()`,
      reviewNote: input.approve ? null : input.note,
    })
    .where(and(eq(impactUnitProposals.id, input.id), eq(impactUnitProposals.status, "pendente")))
    .returning();
  if (!proposal) return null;
  if (!input.approve) return proposal;
  const values = { singular: proposal.singular, plural: proposal.plural, costCents: proposal.costCents };
  if (proposal.unitId) {
    await executor
      .update(impactUnits)
      .set(values)
      .where(and(eq(impactUnits.id, proposal.unitId), eq(impactUnits.organizationId, proposal.organizationId)));
    return proposal;
  }
  const [unit] = await executor
    .insert(impactUnits)
    .values({ organizationId: proposal.organizationId, ...values })
    .returning({ id: impactUnits.id });
  return { ...proposal, unitId: unit!.id };
}
