/** The parties still on the air, with how far each is from its goal (the admin dashboard's list). */
import { and, asc, eq, gte } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { oldestLiveEventDate } from "./party-status";

const { parties } = schema;

/** Parties still public (active and not past the 5-day window), soonest event first. */
export async function listLivePartiesProgress(today: string) {
  return db
    .select({
      id: parties.id,
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      raisedCents: parties.raisedCents,
      goalCents: parties.goalCents,
      shareCode: parties.shareCode,
    })
    .from(parties)
    .where(and(eq(parties.active, true), gte(parties.eventDate, oldestLiveEventDate(today))))
    .orderBy(asc(parties.eventDate), asc(parties.name));
}
