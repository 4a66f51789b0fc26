/**
 * After a party ends, its creator may send ONE thank-you message to the donors who ticked "Quero
 * receber notícias desta festa". The `party_thank_yous` row (one per party) is written in the same
 * transaction as the messages, so a second send — a double click, two tabs — changes nothing.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { enqueueListEmail } from "~/platform/mail/mailing-lists.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { partyVisibility } from "~/domain/parties";
import { partyThankYouEmail } from "~/domain/impact/emails/party-thank-you.server";

const { parties, donations, partyThankYous, user } = schema;

async function ownedEndedParty(partyId: string, ownerId: string, now: Date, executor: Executor) {
  const [party] = await executor
    .select({ id: parties.id, name: parties.name, eventDate: parties.eventDate, active: parties.active, creatorName: user.name })
    .from(parties)
    .innerJoin(user, eq(user.id, parties.userId))
    .where(and(eq(parties.id, partyId), eq(parties.userId, ownerId)));
  if (!party || partyVisibility(party, todayInSaoPaulo(now)) !== "ended") return null;
  return party;
}

/** Distinct addresses of the party's paid donors who asked for its news. */
async function optedInDonors(partyId: string, executor: Executor): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ email: sql<string>`lower(${donations.donorEmail})` })
    .from(donations)
    .where(
      and(
        eq(donations.partyId, partyId),
        eq(donations.status, "paga"),
        eq(donations.wantsPartyNews, true),
        isNotNull(donations.donorEmail),
      ),
    );
  return rows.map((r) => r.email);
}

export type ThankYouView = { partyName: string; recipients: number; sent: { at: Date; recipients: number; message: string } | null };

/** What /painel/festas/{id}/agradecer shows; null when the party is not the user's or has not ended. */
export async function partyThankYouView(partyId: string, ownerId: string, now: Date): Promise<ThankYouView | null> {
  const party = await ownedEndedParty(partyId, ownerId, now, db);
  if (!party) return null;
  const [sent] = await db.select().from(partyThankYous).where(eq(partyThankYous.partyId, partyId));
  return {
    partyName: party.name,
    recipients: (await optedInDonors(partyId, db)).length,
    sent: sent ? { at: sent.createdAt, recipients: sent.recipients, message: sent.message } : null,
  };
}

export type SendThanksResult = { ok: true; recipients: number } | { ok: false; reason: "not-found" | "already-sent" };

export async function sendPartyThankYou(
  partyId: string,
  ownerId: string,
  message: string,
  deps: { mailer: Mailer; publicUrl: string; now: Date },
): Promise<SendThanksResult> {
  return db.transaction(async (tx) => {
    const party = await ownedEndedParty(partyId, ownerId, deps.now, tx);
    if (!party) return { ok: false, reason: "not-found" };
    const [claimed] = await tx
      .insert(partyThankYous)
      .values({ partyId, message, recipients: 0 })
      .onConflictDoNothing()
      .returning({ partyId: partyThankYous.partyId });
    if (!claimed) return { ok: false, reason: "already-sent" };
    let recipients = 0;
    for (const to of await optedInDonors(partyId, tx)) {
      const id = await enqueueListEmail(
        deps.mailer,
        tx,
        { to, list: "noticias-festas", publicUrl: deps.publicUrl, dedupeKey: `party-thanks:${partyId}:${to}`, now: deps.now },
        (unsubscribeUrl) => partyThankYouEmail({ creatorName: party.creatorName, partyName: party.name, message, unsubscribeUrl }),
      );
      if (id) recipients++;
    }
    await tx.update(partyThankYous).set({ recipients }).where(eq(partyThankYous.partyId, partyId));
    return { ok: true, recipients };
  });
}
