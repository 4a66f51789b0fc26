/** The parties created for an institution (its dashboard, decision 190): newest event first, with the totals the party keeps. */
import { desc, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { parties } = schema;

export async function listPartiesForInstitution(organizationId: string, limit = 200, executor: Executor = db) {
  return executor
    .select({
      id: parties.id,
      name: parties.name,
      shareCode: parties.shareCode,
      eventDate: parties.eventDate,
      active: parties.active,
      raisedCents: parties.raisedCents,
      paidCount: parties.paidCount,
    })
    .from(parties)
    .where(eq(parties.organizationId, organizationId))
    .orderBy(desc(parties.eventDate), desc(parties.createdAt))
    .limit(limit);
}
