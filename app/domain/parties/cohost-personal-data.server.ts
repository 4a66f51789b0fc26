/**
 * LGPD for co-host invitations (decision 217): an invitation names a person by their address. The
 * export lists the invitations sent to it; an erasure deletes those not accepted — an accepted one
 * belongs to its account (and goes with it: `user_id` cascades), and the queued invitation e-mail
 * goes with the outbox rows to the address (accounts/personal-data.server.ts).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { parties, partyCohosts } = schema;

export async function listCohostInvitationsTo(email: string, executor: Executor = db) {
  return executor
    .select({
      party: parties.name,
      status: partyCohosts.status,
      invitedAt: partyCohosts.invitedAt,
      acceptedAt: partyCohosts.acceptedAt,
      revokedAt: partyCohosts.revokedAt,
    })
    .from(partyCohosts)
    .innerJoin(parties, eq(parties.id, partyCohosts.partyId))
    .where(eq(partyCohosts.invitedEmail, email.trim().toLowerCase()))
    .orderBy(asc(partyCohosts.invitedAt));
}

export async function eraseCohostInvitationsTo(email: string, executor: Executor) {
  await executor
    .delete(partyCohosts)
    .where(and(eq(partyCohosts.invitedEmail, email.trim().toLowerCase()), ne(partyCohosts.status, "accepted")));
}
