/**
 * The creator's digest (issue 31): for a party set to `resumo`, the first gift after a quiet spell
 * is e-mailed at once by the paying statement (donation-emails.server.ts); the gifts paid after it
 * wait here and go in ONE e-mail per party, at most every CREATOR_DIGEST_MINUTES. A pg-boss job
 * runs every minute; each party's digest is queued and its clock moved in one transaction, the
 * notice row locked (SKIP LOCKED), so two instances never send the same digest.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { creatorDigestEmail } from "~/domain/donations/emails/creator-digest.server";
import { CREATOR_DIGEST_MINUTES } from "~/domain/parties";

const QUEUE = "creator-digest";
const ANONYMOUS_DONOR_LABEL = "Doador Anônimo";
const { creatorEmailNotices, parties, donations, user } = schema;

export async function startCreatorDigests(boss: Boss, deps: { mailer: Mailer }) {
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "short" });
  await boss.schedule(QUEUE, "* * * * *");
  await boss.work(QUEUE, async () => {
    const sent = await sendCreatorDigests(deps);
    if (sent > 0) logger.info({ sent }, "creator digests queued");
  });
}

/** One run: queues every digest that is due. Returns how many were queued. */
export async function sendCreatorDigests({ mailer }: { mailer: Mailer }): Promise<number> {
  let sent = 0;
  for (;;) {
    const queued = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({
          partyId: creatorEmailNotices.partyId,
          partyName: parties.name,
          ownerName: user.name,
          ownerEmail: user.email,
        })
        .from(creatorEmailNotices)
        .innerJoin(parties, eq(parties.id, creatorEmailNotices.partyId))
        .innerJoin(user, eq(user.id, parties.userId))
        .where(
          and(
            eq(parties.creatorEmails, "resumo"),
            sql`${creatorEmailNotices.lastSentAt} <= now() - make_interval(mins => ${CREATOR_DIGEST_MINUTES})`,
            sql`exists (select 1 from ${donations} d where d.party_id = ${parties.id} and d.status = 'paga'
              and d.status_changed_at > ${creatorEmailNotices.lastSentAt})`,
          ),
        )
        .limit(1)
        .for("update", { of: creatorEmailNotices, skipLocked: true });
      if (!due) return false;
      const gifts = await tx
        .select({
          amountCents: donations.amountCents,
          anonymous: donations.anonymous,
          donorName: donations.donorName,
          message: donations.message,
        })
        .from(donations)
        // Compared in SQL: a JS Date keeps milliseconds, and the first gift, stamped in the same
        // microsecond as the notice, would pass a millisecond-rounded bound on PostgreSQL.
        .where(
          and(
            eq(donations.partyId, due.partyId),
            eq(donations.status, "paga"),
            sql`${donations.statusChangedAt} > (select ${creatorEmailNotices.lastSentAt} from ${creatorEmailNotices} where ${creatorEmailNotices.partyId} = ${due.partyId})`,
          ),
        )
        .orderBy(asc(donations.statusChangedAt));
      await mailer.enqueue(tx, {
        to: due.ownerEmail,
        ...creatorDigestEmail({
          creatorName: due.ownerName,
          partyName: due.partyName,
          gifts: gifts.map((g) => ({
            amountCents: g.amountCents,
            donorLabel: g.anonymous || !g.donorName ? ANONYMOUS_DONOR_LABEL : g.donorName,
            message: g.message,
          })),
        }),
      });
      await tx
        .update(creatorEmailNotices)
        .set({ lastSentAt: sql`now()` })
        .where(eq(creatorEmailNotices.partyId, due.partyId));
      return true;
    });
    if (!queued) return sent;
    sent++;
  }
}
