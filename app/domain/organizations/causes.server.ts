import { asc, eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";

/** Causes offered to users (filters, selects, carousels): only active ones, by name. */
export async function listActiveCauses() {
  return db
    .select({ id: schema.causes.id, name: schema.causes.name, description: schema.causes.description, icon: schema.causes.icon })
    .from(schema.causes)
    .where(eq(schema.causes.active, true))
    .orderBy(asc(schema.causes.name));
}
