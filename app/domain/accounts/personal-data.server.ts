/**
 * LGPD self-service (issue 16, item 6): what the product knows about one person, to export it,
 * and the erasure that anonymises it. Two ways in: a signed-in account (`/conta`), or an e-mail
 * address proved by a signed link (`/privacidade/solicitar`, donors without an account).
 *
 * What is personal here: the user row (name, e-mail, avatar), sessions and accounts (Better Auth),
 * the donor name / e-mail / message typed on a gift (and the honoree named on it), contact messages, and the e-mails the outbox
 * kept. Financial records (gifts, subscriptions, charges, payouts, party totals) stay, without
 * the person: the law asks us to keep them for 5 years (decision 130).
 */
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { toCsv } from "~/platform/csv";
import { eraseCohostInvitationsTo, listCohostInvitationsTo } from "~/domain/parties/index.server";

const { donations, parties, subscriptions, subscriptionCharges, contactMessages, user, emailOutbox, rateLimits, causes, organizations } =
  schema;

/** Whose data: an account (and, once its address is verified, the gifts typed with that address), or an address. */
export type DataSubject = { kind: "account"; userId: string; email: string; emailVerified: boolean } | { kind: "email"; email: string };

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * The gifts the subject erases: an account's own (made signed in, or attached when its address was
 * verified) and, once the address is verified, every gift typed with it (an unverified sign-up
 * proves nothing about who owns the address, so it must not read or erase a stranger's gifts).
 */
function giftsOf(subject: DataSubject): SQL {
  const byEmail = eq(sql`lower(${donations.donorEmail})`, normalize(subject.email));
  if (subject.kind === "email") return byEmail;
  return subject.emailVerified ? or(eq(donations.userId, subject.userId), byEmail)! : eq(donations.userId, subject.userId);
}

/**
 * The gifts an account reads as its own (/conta, the export): its own, and the guest gifts (nobody's)
 * typed with its verified address. A gift made signed in to another account stays that account's,
 * whatever address was typed on it (decision 182).
 */
function giftsReadBy(subject: DataSubject): SQL {
  if (subject.kind === "email" || !subject.emailVerified) return giftsOf(subject);
  const guestByEmail = and(isNull(donations.userId), eq(sql`lower(${donations.donorEmail})`, normalize(subject.email)));
  return or(eq(donations.userId, subject.userId), guestByEmail)!;
}

export async function listGiftsOf(subject: DataSubject, executor: Executor = db) {
  return executor
    .select({
      id: donations.id,
      receiptNumber: donations.receiptNumber,
      receiptCode: donations.receiptCode,
      amountCents: donations.amountCents,
      status: donations.status,
      anonymous: donations.anonymous,
      donorName: donations.donorName,
      donorEmail: donations.donorEmail,
      message: donations.message,
      // "Em homenagem a …" (decision 214): what the donor typed about the honoree (the e-mail only until the card is queued).
      honoreeName: donations.honoreeName,
      honoreeEmail: donations.honoreeEmail,
      honoreeShowsAmount: donations.honoreeShowsAmount,
      honoreeOnPartyPage: donations.honoreeOnPartyPage,
      createdAt: donations.createdAt,
      paidAt: donations.paidAt,
      partyName: parties.name,
      partyShareCode: parties.shareCode,
      causeName: causes.name,
      organizationName: organizations.name,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(causes, eq(causes.id, parties.causeId))
    .leftJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(giftsReadBy(subject))
    .orderBy(sql`${donations.createdAt} desc`);
}

export type PersonalDataExport = Awaited<ReturnType<typeof collectPersonalData>>;

/** Everything tied to the subject, and nothing about anyone else (no other donor of their parties, no creator). */
export async function collectPersonalData(subject: DataSubject, now: Date, executor: Executor = db) {
  const email = normalize(subject.email);
  const gifts = await listGiftsOf(subject, executor);
  const messages = await executor
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(eq(sql`lower(${contactMessages.email})`, email))
    .orderBy(contactMessages.createdAt);
  let account = null;
  let ownParties: Array<Record<string, unknown>> = [];
  let ownSubscriptions: Array<Record<string, unknown>> = [];
  let supporterMural: Array<Record<string, unknown>> = [];
  let visitRequests: Array<Record<string, unknown>> = [];
  if (subject.kind === "account") {
    const [row] = await executor
      .select({
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image,
        createdAt: user.createdAt,
        termsVersion: user.termsVersion,
        termsAcceptedAt: user.termsAcceptedAt,
      })
      .from(user)
      .where(eq(user.id, subject.userId));
    account = row ?? null;
    ownParties = await executor
      .select({
        name: parties.name,
        eventDate: parties.eventDate,
        message: parties.message,
        goalCents: parties.goalCents,
        raisedCents: parties.raisedCents,
        paidCount: parties.paidCount,
        shareLink: parties.shareLink,
        active: parties.active,
        createdAt: parties.createdAt,
      })
      .from(parties)
      .where(eq(parties.userId, subject.userId))
      .orderBy(parties.createdAt);
    const subs = await executor
      .select({
        id: subscriptions.id,
        plan: subscriptions.plan,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, subject.userId))
      .orderBy(subscriptions.createdAt);
    const charges = subs.length
      ? await executor
          .select({
            subscriptionId: subscriptionCharges.subscriptionId,
            amountCents: subscriptionCharges.amountCents,
            paidAt: subscriptionCharges.paidAt,
          })
          .from(subscriptionCharges)
          .where(
            inArray(
              subscriptionCharges.subscriptionId,
              subs.map((s) => s.id),
            ),
          )
          .orderBy(subscriptionCharges.paidAt)
      : [];
    // The subscriber's benefits: the mural choice (name shown) and guided-visit requests.
    supporterMural = await executor
      .select({ displayName: schema.supporterMural.displayName, updatedAt: schema.supporterMural.updatedAt })
      .from(schema.supporterMural)
      .where(eq(schema.supporterMural.userId, subject.userId));
    visitRequests = await executor
      .select({
        preferredDates: schema.visitRequests.preferredDates,
        people: schema.visitRequests.people,
        message: schema.visitRequests.message,
        sentTo: schema.visitRequests.sentTo,
        createdAt: schema.visitRequests.createdAt,
      })
      .from(schema.visitRequests)
      .where(eq(schema.visitRequests.userId, subject.userId))
      .orderBy(schema.visitRequests.createdAt);
    ownSubscriptions = subs.map(({ id, ...s }) => ({
      ...s,
      charges: charges.filter((c) => c.subscriptionId === id).map(({ subscriptionId: _, ...c }) => c),
    }));
  }
  return {
    exportedAt: now.toISOString(),
    subject: subject.kind === "account" ? "conta" : "e-mail",
    account,
    gifts: gifts.map(({ id: _id, partyShareCode: _code, receiptCode: _receipt, ...g }) => g),
    parties: ownParties,
    subscriptions: ownSubscriptions,
    supporterMural,
    visitRequests,
    contactMessages: messages,
    cohostInvitations: await listCohostInvitationsTo(email, executor),
  };
}

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : value instanceof Date
      ? value.toISOString()
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

/** The same export as rows of (section, record, field, value): one CSV a spreadsheet opens. */
function exportRows(data: PersonalDataExport): string[][] {
  const rows: string[][] = [["exportacao", "1", "gerada_em", data.exportedAt]];
  const add = (section: string, records: Array<Record<string, unknown>>) =>
    records.forEach((record, i) => {
      for (const [field, value] of Object.entries(record)) rows.push([section, String(i + 1), field, cell(value)]);
    });
  if (data.account) add("conta", [data.account]);
  add("doacoes", data.gifts);
  add("festas", data.parties);
  add("assinaturas", data.subscriptions);
  add("mural_de_apoiadores", data.supporterMural);
  add("pedidos_de_visita", data.visitRequests);
  add("mensagens_de_contato", data.contactMessages);
  add("convites_de_coanfitriao", data.cohostInvitations);
  return rows;
}

/**
 * Anonymises what is tied to the subject, inside the caller's transaction: gifts lose the name,
 * e-mail and message (and show as anonymous), contact messages and kept e-mails go, rate-limit
 * counters keyed by the address go. Returns how many gifts were anonymised.
 */
export async function anonymiseSubjectData(tx: Executor, subject: DataSubject, names: string[] = []): Promise<number> {
  const email = normalize(subject.email);
  const gifts = await tx
    .update(donations)
    .set({
      donorName: null,
      donorEmail: null,
      message: null,
      anonymous: true,
      // A consent to share a contact that no longer exists ends with it (the checks forbid it on an anonymous gift).
      sharesContact: false,
      sharesContactWithHost: false,
      // The honoree the donor named goes with the donor's data (decision 214).
      honoreeName: null,
      honoreeEmail: null,
      honoreeShowsAmount: false,
      honoreeOnPartyPage: false,
      userId: null,
      updatedAt: sql`now()`,
    })
    .where(giftsOf(subject))
    .returning({ id: donations.id });
  // An honoree asking for their own address to go: a card not sent yet is not sent (its queued row goes below).
  await tx
    .update(donations)
    .set({ honoreeEmail: null, updatedAt: sql`now()` })
    .where(eq(sql`lower(${donations.honoreeEmail})`, email));
  await tx.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
  await eraseCohostInvitationsTo(email, tx);
  // Kept e-mails to the address, or that quote it (a creator's "new gift" notice names the donor).
  const quoted = [
    ilike(emailOutbox.to, email),
    ilike(emailOutbox.text, `%${escapeLike(email)}%`),
    ilike(emailOutbox.html, `%${escapeLike(email)}%`),
    // Queued and not rendered yet: the data it will be rendered from.
    ilike(sql`${emailOutbox.renderData}::text`, `%${escapeLike(email)}%`),
  ];
  for (const name of names.map((n) => n.trim()).filter((n) => n.length >= 5)) {
    quoted.push(
      ilike(emailOutbox.text, `%${escapeLike(name)}%`),
      ilike(emailOutbox.subject, `%${escapeLike(name)}%`),
      ilike(sql`${emailOutbox.renderData}::text`, `%${escapeLike(name)}%`),
    );
  }
  await tx.delete(emailOutbox).where(or(...quoted));
  await tx.delete(rateLimits).where(ilike(rateLimits.key, `%:${escapeLike(email)}`));
  return gifts.length;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The subject's donor names as typed on their gifts (to find e-mails that quote them). */
export async function donorNamesOf(subject: DataSubject, executor: Executor = db): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ name: donations.donorName })
    .from(donations)
    .where(and(giftsOf(subject)));
  return rows.map((r) => r.name).filter((n): n is string => Boolean(n));
}

/** The export as a download (JSON, or CSV for a spreadsheet), never cached. */
export function personalDataDownload(export_: PersonalDataExport, format: "json" | "csv", now: Date) {
  const day = now.toISOString().slice(0, 10);
  const body = format === "json" ? JSON.stringify(export_, null, 2) : toCsv(["secao", "registro", "campo", "valor"], exportRows(export_));
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="meus-dados-festa-solidaria-${day}.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
