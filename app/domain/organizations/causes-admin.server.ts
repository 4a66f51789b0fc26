/**
 * Causes as admins manage them (all of them, active or not): the Causas tab's list and its audited
 * changes, each in one transaction with its audit entry.
 */
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { auditedChange } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";
import { foldName } from "~/platform/text";
import { lockNamesOf } from "./organizations-admin.server";

const { causes, parties, organizations } = schema;

async function listAllCauses() {
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

async function insertCause(executor: Executor, input: { name: string; description: string; icon: string | null }) {
  const [row] = await executor.insert(causes).values(input).returning({ id: causes.id, name: causes.name });
  return row!;
}

/**
 * Whether another cause already has this name, ignoring case, accents and extra spaces. Call it
 * after `lockNamesOf(tx, "causes")` (organizations-admin.server.ts).
 */
async function causeNameTaken(executor: Executor, name: string, exceptId?: string): Promise<boolean> {
  const wanted = foldName(name);
  const rows = await executor.select({ id: causes.id, name: causes.name }).from(causes);
  return rows.some((r) => r.id !== exceptId && foldName(r.name) === wanted);
}

/** Returns the cause's name, or null when it no longer exists. */
async function updateCauseActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor.update(causes).set({ active }).where(eq(causes.id, id)).returning({ name: causes.name });
  return row ?? null;
}

/** Locks the cause row for a delete-or-deactivate decision. */
async function findCauseForUpdate(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: causes.id, name: causes.name, active: causes.active })
    .from(causes)
    .where(eq(causes.id, id))
    .for("update");
  return row ?? null;
}

/** How many parties and NGOs point at a cause (deleting it would orphan or detach them). */
async function countCauseUsage(executor: Executor, id: string) {
  const [[p], [o]] = await Promise.all([
    executor.select({ n: count() }).from(parties).where(eq(parties.causeId, id)),
    executor.select({ n: count() }).from(organizations).where(eq(organizations.causeId, id)),
  ]);
  return { parties: p?.n ?? 0, organizations: o?.n ?? 0 };
}

async function deleteCauseRow(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor.delete(causes).where(eq(causes.id, id)).returning({ id: causes.id });
  return rows.length > 0;
}

/** The Causas tab: every cause with how many parties use it. */
export async function loadCausesPanel() {
  return { causes: await listAllCauses() };
}

type CauseInput = { name: string; description: string; icon: string | null };

/** A new cause, unless another one has the same name (ignoring case, accents and extra spaces). */
export async function createCause(actorUserId: string, input: CauseInput) {
  return auditedChange(actorUserId, async (tx, audit) => {
    await lockNamesOf(tx, "causes");
    if (await causeNameTaken(tx, input.name)) return { ok: false as const, reason: "nameTaken" as const };
    const cause = await insertCause(tx, input);
    await audit({ action: "cause.create", entity: "cause", entityId: cause.id, details: input });
    return { ok: true as const, cause };
  });
}

/** The "Ativa" switch: the cause's name, or null when it no longer exists. */
export async function setCauseActive(actorUserId: string, id: string, active: boolean) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await updateCauseActive(tx, id, active);
    if (row)
      await audit({ action: active ? "cause.activate" : "cause.deactivate", entity: "cause", entityId: id, details: { name: row.name } });
    return row;
  });
}

/**
 * Deletes a cause no party or institution uses; one in use is deactivated instead, so the history
 * stays whole (`usage` says by how many).
 */
export async function deleteCause(actorUserId: string, id: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const cause = await findCauseForUpdate(tx, id);
    if (!cause) return { kind: "missing" as const };
    const usage = await countCauseUsage(tx, id);
    if (usage.parties > 0 || usage.organizations > 0) {
      await updateCauseActive(tx, id, false);
      await audit({ action: "cause.deactivate_instead_of_delete", entity: "cause", entityId: id, details: { name: cause.name, ...usage } });
      return { kind: "deactivated" as const, usage };
    }
    await deleteCauseRow(tx, id);
    await audit({ action: "cause.delete", entity: "cause", entityId: id, details: { name: cause.name } });
    return { kind: "deleted" as const };
  });
}
