/** Queries for institutions' impact units (admin CRUD lives in impact-units-admin.server.ts). */
import { asc, eq, inArray } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { ImpactUnit } from "./impact-units";

const { impactUnits } = schema;

export type StoredImpactUnit = ImpactUnit & { id: string; organizationId: string };

const columns = {
  id: impactUnits.id,
  organizationId: impactUnits.organizationId,
  singular: impactUnits.singular,
  plural: impactUnits.plural,
  costCents: impactUnits.costCents,
};

/** One institution's units, cheapest first. */
export async function listImpactUnits(organizationId: string, executor: Executor = db): Promise<StoredImpactUnit[]> {
  return executor
    .select(columns)
    .from(impactUnits)
    .where(eq(impactUnits.organizationId, organizationId))
    .orderBy(asc(impactUnits.costCents), asc(impactUnits.createdAt));
}

/** Units of several institutions at once (admin list), by institution. */
export async function listImpactUnitsByOrganization(organizationIds: string[], executor: Executor = db) {
  const byOrg = new Map<string, StoredImpactUnit[]>();
  if (organizationIds.length === 0) return byOrg;
  const rows = await executor
    .select(columns)
    .from(impactUnits)
    .where(inArray(impactUnits.organizationId, organizationIds))
    .orderBy(asc(impactUnits.costCents));
  for (const row of rows) byOrg.set(row.organizationId, [...(byOrg.get(row.organizationId) ?? []), row]);
  return byOrg;
}
