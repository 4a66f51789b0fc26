/**
 * Who runs a party's dashboard (decision 217): its owner (`parties.user_id`) or an accepted,
 * not revoked co-host (`party_cohosts`). Every dashboard query puts `hostedBy(userId)` in its where,
 * so a stranger's request reads nothing; what only the owner does keeps `parties.user_id = ?`.
 */
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";

const { parties, partyCohosts } = schema;

/** True for the party row when `userId` owns it or co-hosts it (an accepted invitation). */
export function hostedBy(userId: string): SQL {
  return or(
    eq(parties.userId, userId),
    sql`exists (select 1 from ${partyCohosts} where ${partyCohosts.partyId} = ${parties.id} and ${partyCohosts.userId} = ${userId} and ${partyCohosts.status} = 'accepted')`,
  )!;
}

/** "owner" or "cohost" for the selected party row (only meaningful together with `hostedBy`). */
export function hostRoleOf(userId: string) {
  return sql<"owner" | "cohost">`case when ${parties.userId} = ${userId} then 'owner' else 'cohost' end`;
}

/** The active parties `userId` co-hosts (accepted, not revoked): their gifts join the /painel stream. */
export async function listCohostedPartyIds(userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: parties.id })
    .from(partyCohosts)
    .innerJoin(parties, eq(parties.id, partyCohosts.partyId))
    .where(and(eq(partyCohosts.userId, userId), eq(partyCohosts.status, "accepted"), eq(parties.active, true)));
  return rows.map((r) => r.id).sort();
}
