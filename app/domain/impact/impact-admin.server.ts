/** Admin queries for impact units and impact updates (the admin tab's actions audit them). */
import { and, desc, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { impactUnits, impactUpdates, organizations } = schema;

export type NewImpactUnit = { organizationId: string; singular: string; plural: string; costCents: number };
export type NewImpactUpdate = { organizationId: string; month: string; title: string; body: string };

export async function insertImpactUnit(executor: Executor, unit: NewImpactUnit) {
  const [row] = await executor.insert(impactUnits).values(unit).returning();
  return row!;
}

export async function deleteImpactUnitRow(executor: Executor, id: string) {
  const [row] = await executor.delete(impactUnits).where(eq(impactUnits.id, id)).returning();
  return row ?? null;
}

export async function insertImpactUpdate(executor: Executor, update: NewImpactUpdate) {
  const [row] = await executor.insert(impactUpdates).values(update).returning();
  return row!;
}

export async function deleteImpactUpdateRow(executor: Executor, id: string) {
  const [row] = await executor.delete(impactUpdates).where(eq(impactUpdates.id, id)).returning();
  return row ?? null;
}

/** The newest published updates first (the admin list), with their institution's name; the queue lists those waiting. */
export async function listImpactUpdates(limit = 100, executor: Executor = db) {
  return executor
    .select({
      id: impactUpdates.id,
      organizationId: impactUpdates.organizationId,
      organizationName: organizations.name,
      month: impactUpdates.month,
      title: impactUpdates.title,
      body: impactUpdates.body,
      createdAt: impactUpdates.createdAt,
    })
    .from(impactUpdates)
    .innerJoin(organizations, eq(organizations.id, impactUpdates.organizationId))
    .where(eq(impactUpdates.status, "aprovada"))
    .orderBy(desc(impactUpdates.month), desc(impactUpdates.createdAt))
    .limit(limit);
}

/** An institution's published updates of one month ("YYYY-MM"), for the monthly report. */
export async function impactUpdatesOf(organizationId: string, month: string, executor: Executor = db) {
  return executor
    .select({ title: impactUpdates.title, body: impactUpdates.body })
    .from(impactUpdates)
    .where(and(eq(impactUpdates.organizationId, organizationId), eq(impactUpdates.month, month), eq(impactUpdates.status, "aprovada")))
    .orderBy(impactUpdates.createdAt);
}
