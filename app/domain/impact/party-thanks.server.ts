/**
 * The creator's news to the donors who ticked "Quero receber notícias desta festa": an update while
 * the party is on, a thank-you after it (decision 212). At most one message per party every 24
 * hours: the party row is locked while the last message's time is read and the new one written,
 * so two tabs or a double click send one. Each message goes through the outbox as list mail (the
 * one-click unsubscribe link; an address that left the list is skipped).
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { enqueueListEmail, isUnsubscribed } from "~/platform/mail/mailing-lists.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { partyVisibility } from "~/domain/parties";
import { hostedBy } from "~/domain/parties/index.server";
import { partyThankYouEmail } from "~/domain/impact/emails/party-thank-you.server";
import { PARTY_UPDATE_INTERVAL_HOURS } from "./thank-you-form";

const { parties, donations, partyThankYous, user } = schema;

const INTERVAL_MS = PARTY_UPDATE_INTERVAL_HOURS * 3600 * 1000;

/** The user's own party, live or ended (a deactivated one sends nothing); locked inside a send. */
async function ownedParty(partyId: string, ownerId: string, now: Date, executor: Executor, lock = false) {
  const query = executor
    .select({
      id: parties.id,
      name: parties.name,
      shareCode: parties.shareCode,
      eventDate: parties.eventDate,
      active: parties.active,
      creatorName: user.name,
    })
    .from(parties)
    .innerJoin(user, eq(user.id, parties.userId))
    .where(and(eq(parties.id, partyId), hostedBy(ownerId)));
  const [party] = lock ? await query.for("update", { of: parties }) : await query;
  if (!party) return null;
  const stage = partyVisibility(party, todayInSaoPaulo(now));
  return stage === "inactive" ? null : { ...party, ended: stage === "ended" };
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

async function lastMessages(partyId: string, executor: Executor, limit: number) {
  return executor
    .select({ at: partyThankYous.createdAt, recipients: partyThankYous.recipients, message: partyThankYous.message })
    .from(partyThankYous)
    .where(eq(partyThankYous.partyId, partyId))
    .orderBy(desc(partyThankYous.createdAt))
    .limit(limit);
}

/** When the party may send its next message (null: now). */
function nextAllowedAt(last: { at: Date } | undefined, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.at.getTime() + INTERVAL_MS);
  return next > now ? next : null;
}

type SentMessage = { at: Date; recipients: number; message: string };
export type ThankYouView = {
  partyName: string;
  shareCode: string;
  ended: boolean;
  /** Addresses that would receive a message now (asked for the news and did not leave the list). */
  recipients: number;
  sent: SentMessage[];
  nextAt: Date | null;
};

/** What /painel/festas/{id}/agradecer shows; null when the party is not the user's or is deactivated. */
export async function partyThankYouView(partyId: string, ownerId: string, now: Date): Promise<ThankYouView | null> {
  const party = await ownedParty(partyId, ownerId, now, db);
  if (!party) return null;
  const sent = await lastMessages(partyId, db, 10);
  let recipients = 0;
  for (const email of await optedInDonors(partyId, db)) if (!(await isUnsubscribed(email, "noticias-festas"))) recipients++;
  return { partyName: party.name, shareCode: party.shareCode, ended: party.ended, recipients, sent, nextAt: nextAllowedAt(sent[0], now) };
}

export type SendThanksResult =
  { ok: true; recipients: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "too-soon"; nextAt: Date };

export async function sendPartyThankYou(
  partyId: string,
  ownerId: string,
  message: string,
  deps: { mailer: Mailer; publicUrl: string; now: Date },
): Promise<SendThanksResult> {
  return db.transaction(async (tx): Promise<SendThanksResult> => {
    const party = await ownedParty(partyId, ownerId, deps.now, tx, true);
    if (!party) return { ok: false, reason: "not-found" };
    const [last] = await lastMessages(partyId, tx, 1);
    const nextAt = nextAllowedAt(last, deps.now);
    if (nextAt) return { ok: false, reason: "too-soon", nextAt };
    const [row] = await tx
      .insert(partyThankYous)
      .values({ partyId, message, recipients: 0, createdAt: deps.now })
      .returning({ id: partyThankYous.id });
    let recipients = 0;
    for (const to of await optedInDonors(partyId, tx)) {
      const id = await enqueueListEmail(
        deps.mailer,
        tx,
        { to, list: "noticias-festas", publicUrl: deps.publicUrl, dedupeKey: `party-news:${row!.id}:${to}`, now: deps.now },
        (unsubscribeUrl) =>
          partyThankYouEmail({ creatorName: party.creatorName, partyName: party.name, message, unsubscribeUrl, ended: party.ended }),
      );
      if (id) recipients++;
    }
    await tx.update(partyThankYous).set({ recipients }).where(eq(partyThankYous.id, row!.id));
    return { ok: true, recipients };
  });
}
