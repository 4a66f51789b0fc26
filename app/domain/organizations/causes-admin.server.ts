/** Causes as admins manage them (all of them, active or not). */
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { foldName } from "~/platform/text";

const { causes, parties, organizations } = schema;

export async function listAllCauses() {
  const partyCount = db
    .select({ causeId: parties.causeId, n: count().as("party_n") })
    .from(parties)
    .groupBy(parties.causeId)
    .as("pc");
  return db
    .select({
      id: causes.id,
      name: causes.name,
      description: causes.description,
      icon: causes.icon,
      active: causes.active,
      createdAt: causes.createdAt,
      partyCount: sql<number>`coalesce(${partyCount.n}, 0)`.mapWith(Number),
    })
    .from(causes)
    .leftJoin(partyCount, eq(partyCount.causeId, causes.id))
    .orderBy(desc(causes.createdAt), asc(causes.name));
}

/** Every cause for admin selects (party and NGO forms), active ones first. */
export async function listCauseOptions() {
  return db.select({ id: causes.id, name: causes.name, active: causes.active }).from(causes).orderBy(desc(causes.active), causes.name);
}

export async function insertCause(executor: Executor, input: { name: string; description: string; icon: string | null }) {
  const [row] = await executor.insert(causes).values(input).returning({ id: causes.id, name: causes.name });
  return row!;
}

/**
 * Whether another cause already has this name, ignoring case, accents and extra spaces. Call it
 * after `lockNamesOf(tx, "causes")` (organizations-admin.server.ts).
 */
export async function causeNameTaken(executor: Executor, name: string, exceptId?: string): Promise<boolean> {
  const wanted = foldName(name);
  const rows = await executor.select({ id: causes.id, name: causes.name }).from(causes);
  return rows.some((r) => r.id !== exceptId && foldName(r.name) === wanted);
}

/** Returns the cause's name, or null when it no longer exists. */
export async function updateCauseActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor.update(causes).set({ active }).where(eq(causes.id, id)).returning({ name: causes.name });
  return row ?? null;
}

/** Locks the cause row for a delete-or-deactivate decision. */
export async function findCauseForUpdate(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: causes.id, name: causes.name, active: causes.active })
    .from(causes)
    .where(eq(causes.id, id))
    .for("update");
  return row ?? null;
}

/** How many parties and NGOs point at a cause (deleting it would orphan or detach them). */
export async function countCauseUsage(executor: Executor, id: string) {
  const [[p], [o]] = await Promise.all([
    executor.select({ n: count() }).from(parties).where(eq(parties.causeId, id)),
    executor.select({ n: count() }).from(organizations).where(eq(organizations.causeId, id)),
  ]);
  return { parties: p?.n ?? 0, organizations: o?.n ?? 0 };
}

export async function deleteCauseRow(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor.delete(causes).where(eq(causes.id, id)).returning({ id: causes.id });
  return rows.length > 0;
}
