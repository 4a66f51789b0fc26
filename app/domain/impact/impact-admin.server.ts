/**
 * The admin panel's Impacto tab: each institution's impact units and the published impact updates,
 * with the queues of what institutions sent for review, and the team's audited changes to units and
 * updates. Each change runs in one transaction with its audit entry; the tab's route answers it.
 */
import { and, desc, eq } from "drizzle-orm";
import { listAllOrganizations, listImpactUnitsByOrganization } from "~/domain/organizations/index.server";
import { auditedChange } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";
import { listPendingImpactUnitProposals } from "./impact-unit-proposals.server";
import { listPendingInstitutionUpdates } from "./institution-updates.server";

const { impactUnits, impactUpdates, organizations } = schema;

type NewImpactUnit = { organizationId: string; singular: string; plural: string; costCents: number };
type NewImpactUpdate = { organizationId: string; month: string; title: string; body: string };

async function insertImpactUnit(executor: Executor, unit: NewImpactUnit) {
  const [row] = await executor.insert(impactUnits).values(unit).returning();
  return row!;
}

async function deleteImpactUnitRow(executor: Executor, id: string) {
  const [row] = await executor.delete(impactUnits).where(eq(impactUnits.id, id)).returning();
  return row ?? null;
}

async function insertImpactUpdate(executor: Executor, update: NewImpactUpdate) {
  const [row] = await executor.insert(impactUpdates).values(update).returning();
  return row!;
}

async function deleteImpactUpdateRow(executor: Executor, id: string) {
  const [row] = await executor.delete(impactUpdates).where(eq(impactUpdates.id, id)).returning();
  return row ?? null;
}

/** The newest published updates first (the admin list), with their institution's name; the queue lists those waiting. */
async function listImpactUpdates(limit = 100, executor: Executor = db) {
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

/** The Impacto tab: every institution with its units, the published updates and the two review queues. */
export async function loadImpactPanel() {
  const organizations = (await listAllOrganizations()).map((o) => ({ id: o.id, name: o.name }));
  const units = await listImpactUnitsByOrganization(organizations.map((o) => o.id));
  return {
    organizations: organizations.map((o) => ({ ...o, units: units.get(o.id) ?? [] })),
    updates: await listImpactUpdates(),
    pendingInstitutionUpdates: await listPendingInstitutionUpdates(),
    pendingUnitProposals: await listPendingImpactUnitProposals(),
  };
}

/** An admin's new impact unit for an institution, published at once. */
export async function createImpactUnit(actorUserId: string, unit: NewImpactUnit) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await insertImpactUnit(tx, unit);
    await audit({ action: "impact_unit.create", entity: "impact_unit", entityId: row.id, details: { ...unit } });
    return row;
  });
}

/** The deleted unit, or null when it was already gone. */
export async function deleteImpactUnit(actorUserId: string, id: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await deleteImpactUnitRow(tx, id);
    if (row) await audit({ action: "impact_unit.delete", entity: "impact_unit", entityId: row.id, details: { singular: row.singular } });
    return row;
  });
}

/** An admin's impact update for an institution's month, published at once. */
export async function createImpactUpdate(actorUserId: string, update: NewImpactUpdate) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await insertImpactUpdate(tx, update);
    await audit({
      action: "impact_update.create",
      entity: "impact_update",
      entityId: row.id,
      details: { organizationId: update.organizationId, month: update.month, title: update.title },
    });
    return row;
  });
}

/** The deleted update, or null when it was already gone. */
export async function deleteImpactUpdate(actorUserId: string, id: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await deleteImpactUpdateRow(tx, id);
    if (row)
      await audit({
        action: "impact_update.delete",
        entity: "impact_update",
        entityId: row.id,
        details: { title: row.title, month: row.month },
      });
    return row;
  });
}
