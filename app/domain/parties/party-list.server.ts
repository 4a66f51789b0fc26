import { and, type AnyColumn, count, eq, gte, type SQL, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { oldestLiveEventDate } from "~/domain/parties/party-status";
import { nameContains } from "./name-search.server";
import { hostedBy, hostRoleOf } from "./party-hosts.server";

const EVENTS_PAGE_SIZE = 12;

/** The order the indexes are built in (a bare DESC means NULLS FIRST and would not use them). */
const descNullsLast = (column: AnyColumn) => sql`${column} desc nulls last`;

export type PartySearch = { name?: string | null; date?: string | null; page?: number; pageSize?: number; today?: string };

function liveWhere({ name, date, today = todayInSaoPaulo() }: PartySearch): SQL {
  const conditions: SQL[] = [eq(schema.parties.active, true), gte(schema.parties.eventDate, oldestLiveEventDate(today))];
  if (name) {
    conditions.push(nameContains(schema.parties.name, name));
  }
  if (date) conditions.push(eq(schema.parties.eventDate, date));
  return and(...conditions)!;
}

/** /eventos: public parties, newest event date first, one page at a time. */
export async function listLiveParties(search: PartySearch = {}) {
  const pageSize = search.pageSize ?? EVENTS_PAGE_SIZE;
  const page = Math.max(1, search.page ?? 1);
  const where = liveWhere(search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: schema.parties.id,
        name: schema.parties.name,
        eventType: schema.parties.eventType,
        eventDate: schema.parties.eventDate,
        shareCode: schema.parties.shareCode,
        bannerUrl: schema.parties.bannerUrl,
        coverPhotoKey: schema.parties.coverPhotoKey,
        goalCents: schema.parties.goalCents,
        raisedCents: schema.parties.raisedCents,
        paidCount: schema.parties.paidCount,
        causeName: schema.causes.name,
        causeIcon: schema.causes.icon,
        creatorName: schema.user.name,
        creatorImage: schema.user.image,
        creatorPhotoKey: schema.user.photoKey,
      })
      .from(schema.parties)
      .innerJoin(schema.causes, eq(schema.causes.id, schema.parties.causeId))
      .leftJoin(schema.user, eq(schema.user.id, schema.parties.userId))
      .where(where)
      .orderBy(descNullsLast(schema.parties.eventDate), descNullsLast(schema.parties.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(schema.parties).where(where),
  ]);
  const totalCount = Number(total?.n ?? 0);
  return { parties: rows, page, pageSize, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / pageSize)) };
}

/**
 * /painel: the signed-in creator's active parties and those they co-host (decision 217, `role`
 * "cohost"); ownership (owner or accepted co-host) is part of the where.
 */
export async function listPartiesOfOwner(userId: string) {
  return db
    .select({
      id: schema.parties.id,
      name: schema.parties.name,
      eventType: schema.parties.eventType,
      eventDate: schema.parties.eventDate,
      goalCents: schema.parties.goalCents,
      raisedCents: schema.parties.raisedCents,
      paidCount: schema.parties.paidCount,
      shareCode: schema.parties.shareCode,
      shareLink: schema.parties.shareLink,
      active: schema.parties.active,
      coverPhotoKey: schema.parties.coverPhotoKey,
      causeName: schema.causes.name,
      role: hostRoleOf(userId),
    })
    .from(schema.parties)
    .innerJoin(schema.causes, eq(schema.causes.id, schema.parties.causeId))
    .where(and(hostedBy(userId), eq(schema.parties.active, true)))
    .orderBy(descNullsLast(schema.parties.createdAt));
}
