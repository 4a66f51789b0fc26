/** Every party, active or not, for the team's edits and cancellations (decisions.md, Parties). */
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import type { EventType } from "./event-types";

const { parties, causes, user, organizations } = schema;

/** `%` and `_` typed by an admin are literal characters, not wildcards. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `withoutInstitution`: only parties whose gifts have nobody to receive them (organization_id null). */
export type PartySearchFilter = { withoutInstitution?: boolean };

function searchWhere(q: string | undefined, filter: PartySearchFilter = {}): SQL | undefined {
  const pattern = q ? likePattern(q) : null;
  return and(
    pattern
      ? or(ilike(parties.name, pattern), ilike(parties.shareCode, pattern), ilike(user.name, pattern), ilike(user.email, pattern))
      : undefined,
    filter.withoutInstitution ? isNull(parties.organizationId) : undefined,
  );
}

export async function searchParties(q: string | undefined, page: number, pageSize: number, filter: PartySearchFilter = {}) {
  return db
    .select({
      id: parties.id,
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      goalCents: parties.goalCents,
      raisedCents: parties.raisedCents,
      paidCount: parties.paidCount,
      active: parties.active,
      shareCode: parties.shareCode,
      causeName: causes.name,
      organizationName: organizations.name,
      creatorName: user.name,
      creatorEmail: user.email,
    })
    .from(parties)
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .innerJoin(causes, eq(causes.id, sql`coalesce(${organizations.causeId}, ${parties.causeId})`))
    .leftJoin(user, eq(user.id, parties.userId))
    .where(searchWhere(q, filter))
    .orderBy(desc(parties.createdAt), desc(parties.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countPartiesMatching(q: string | undefined, filter: PartySearchFilter = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parties).leftJoin(user, eq(user.id, parties.userId)).where(searchWhere(q, filter));
  return row?.n ?? 0;
}

/** The party an admin edits, with its institution and that institution's cause (its only cause, decision 165). */
export async function findPartyForAdmin(id: string) {
  const [row] = await db
    .select({
      id: parties.id,
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      goalCents: parties.goalCents,
      message: parties.message,
      active: parties.active,
      shareCode: parties.shareCode,
      paidCount: parties.paidCount,
      organizationId: parties.organizationId,
      organizationName: organizations.name,
      causeName: causes.name,
    })
    .from(parties)
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .innerJoin(causes, eq(causes.id, sql`coalesce(${organizations.causeId}, ${parties.causeId})`))
    .where(eq(parties.id, id));
  return row ?? null;
}

/** Every field the creator set on /criar-festa but the institution, which moves with movePartyToInstitution. */
export type AdminPartyUpdate = {
  name: string;
  eventType: EventType;
  eventDate: string;
  goalCents: number;
  message: string | null;
};

/** Returns the previous values (for the audit log), or null when the party does not exist. */
export async function updatePartyByAdmin(executor: Executor, id: string, input: AdminPartyUpdate) {
  const [before] = await executor
    .select({
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      goalCents: parties.goalCents,
      message: parties.message,
    })
    .from(parties)
    .where(eq(parties.id, id))
    .for("update");
  if (!before) return null;
  await executor
    .update(parties)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(parties.id, id));
  return before;
}

export async function setPartyActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor
    .update(parties)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(parties.id, id))
    .returning({ name: parties.name });
  return row ?? null;
}
