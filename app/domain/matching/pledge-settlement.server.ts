/**
 * The end of a match and the sponsor's bill (decision 220). A pledge stops matching when its
 * deadline passes or its party ends (the hourly job) or an admin cancels it; then, if paid gifts
 * claimed something, the sponsor is e-mailed ONCE the amount due and a signed link to
 * /patrocinio/pagar — the e-mail queued in the outbox in the transaction that sets
 * `payment_requested_at` where it was still null, so any number of workers send it once.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { type Clock, systemClock } from "~/platform/clock";
import { todayInSaoPaulo } from "~/platform/dates";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { institutionSummary } from "~/domain/organizations";
import { MAIN_INSTITUTION_ID_SQL } from "~/domain/organizations/index.server";
import { oldestLiveEventDate } from "~/domain/parties";
import { pledgePaymentEmail } from "./emails/pledge-payment.server";
import { dueCents, sponsorPaidCents } from "./sponsor-paid.server";

const { matchPledges, parties, organizations, donations } = schema;

const PAYMENT_LINK_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A gift paid just before the deadline may be confirmed by its webhook a little later: the job
 * closes a pledge only this long after its deadline, so such a gift still claims its match.
 */
const PLEDGE_CLOSE_GRACE_MS = 60 * 60 * 1000;
export const ENDED_STATUSES = ["encerrada", "cancelada"] as const;

export type PaymentRequestDeps = { mailer: Mailer; publicUrl: string; clock?: Clock };

export function pledgePaymentUrl(publicUrl: string, pledgeId: string, now: Date) {
  const token = signToken("pledge-payment", { p: pledgeId }, PAYMENT_LINK_TTL_SECONDS, now);
  return `${publicUrl}/patrocinio/pagar?t=${encodeURIComponent(token)}`;
}

export type PledgeLink = { ok: true; pledgeId: string } | { ok: false; error: "invalid" | "expired" };

export function verifyPledgePaymentToken(token: unknown, now: Date): PledgeLink {
  const verified = verifyToken<{ p?: unknown }>("pledge-payment", token, now);
  if (!verified.ok) return verified;
  const id = verified.data?.p;
  return typeof id === "string" ? { ok: true, pledgeId: id } : { ok: false, error: "invalid" };
}

/** The pledge, its party and institution, and what the sponsor promised, paid and owes. */
function pledgeBill(executor: Executor, pledgeId: string) {
  return (
    executor
      .select({
        id: matchPledges.id,
        status: matchPledges.status,
        sponsorName: matchPledges.sponsorName,
        sponsorEmail: matchPledges.sponsorEmail,
        ratioPercent: matchPledges.ratioPercent,
        capCents: matchPledges.capCents,
        matchedCents: matchPledges.matchedCents,
        deadline: matchPledges.deadline,
        endedAt: matchPledges.endedAt,
        paidCents: sponsorPaidCents(),
        partyId: parties.id,
        partyName: parties.name,
        partyCode: parties.shareCode,
        org: {
          name: organizations.name,
          slug: organizations.slug,
          cnpj: organizations.cnpj,
          city: organizations.city,
          state: organizations.state,
          verifiedAt: organizations.verifiedAt,
        },
      })
      .from(matchPledges)
      .innerJoin(parties, eq(parties.id, matchPledges.partyId))
      // The party's institution, else the main charity (where the ledger sends its gifts).
      .leftJoin(organizations, sql`${organizations.id} = coalesce(${parties.organizationId}, ${sql.raw(MAIN_INSTITUTION_ID_SQL)})`)
      .where(eq(matchPledges.id, pledgeId))
      .limit(1)
  );
}

/**
 * What /patrocinio/pagar shows: computed here from the pledge and the ledger, never from the link
 * or the browser. `open`: a checkout already started and not yet paid or closed (reused).
 */
export async function readPledgeBill(pledgeId: string, executor: Executor = db) {
  const [row] = await pledgeBill(executor, pledgeId);
  if (!row) return null;
  const [open] = await executor
    .select({ id: donations.id, paymentMethod: donations.paymentMethod, amountCents: donations.amountCents })
    .from(donations)
    .where(and(eq(donations.matchPledgeId, pledgeId), eq(donations.status, "pendente")));
  const { org, ...rest } = row;
  return {
    ...rest,
    ended: (ENDED_STATUSES as readonly string[]).includes(row.status),
    dueCents: dueCents(row.matchedCents, row.paidCents),
    institution: institutionSummary(org),
    open: open ?? null,
  };
}

/**
 * Queues the sponsor's payment e-mail, once: `payment_requested_at` is set only where still null,
 * in the caller's transaction, and only for an ended pledge that promised something and has an
 * address. Returns whether this call queued it.
 */
export async function requestPledgePayment(tx: Executor, pledgeId: string, deps: PaymentRequestDeps): Promise<boolean> {
  const now = (deps.clock ?? systemClock).now();
  const [claimed] = await tx
    .update(matchPledges)
    .set({ paymentRequestedAt: now })
    .where(
      and(
        eq(matchPledges.id, pledgeId),
        isNull(matchPledges.paymentRequestedAt),
        inArray(matchPledges.status, [...ENDED_STATUSES]),
        sql`${matchPledges.matchedCents} > 0`,
        isNotNull(matchPledges.sponsorEmail),
      ),
    )
    .returning({ id: matchPledges.id });
  if (!claimed) return false;
  await queuePaymentEmail(tx, pledgeId, deps, `pledge-payment:${pledgeId}`);
  return true;
}

/** The e-mail itself (also sent again by an admin, without a dedupe key). False when nothing is due. */
export async function queuePaymentEmail(tx: Executor, pledgeId: string, deps: PaymentRequestDeps, dedupeKey?: string) {
  const now = (deps.clock ?? systemClock).now();
  const [bill] = await pledgeBill(tx, pledgeId);
  const due = bill ? dueCents(bill.matchedCents, bill.paidCents) : 0;
  if (!bill?.sponsorEmail || due === 0) return false;
  const email = pledgePaymentEmail({
    sponsorName: bill.sponsorName,
    partyName: bill.partyName,
    institutionName: bill.org?.name ?? null,
    dueCents: due,
    url: pledgePaymentUrl(deps.publicUrl, pledgeId, now),
  });
  await deps.mailer.enqueue(tx, { to: bill.sponsorEmail, ...email, ...(dedupeKey ? { dedupeKey } : {}) });
  return true;
}

/**
 * The hourly job: every active pledge past its deadline (and the grace) or whose party has ended
 * becomes `encerrada`, each in its own transaction with its payment e-mail; then any ended pledge
 * still owing an e-mail (cancelled, or closed before an address was known) gets it. Conditional
 * updates: a second run, or another instance running at once, finds nothing left to do.
 */
export async function closeEndedPledges(deps: PaymentRequestDeps): Promise<{ closed: number; requested: number }> {
  const now = (deps.clock ?? systemClock).now();
  const due = await db
    .select({ id: matchPledges.id })
    .from(matchPledges)
    .innerJoin(parties, eq(parties.id, matchPledges.partyId))
    .where(
      and(
        eq(matchPledges.status, "ativa"),
        or(
          lt(matchPledges.deadline, new Date(now.getTime() - PLEDGE_CLOSE_GRACE_MS)),
          lt(parties.eventDate, oldestLiveEventDate(todayInSaoPaulo(now))),
        ),
      ),
    );
  let closed = 0;
  let requested = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(matchPledges)
        .set({ status: "encerrada", endedAt: now, updatedAt: now })
        .where(and(eq(matchPledges.id, id), eq(matchPledges.status, "ativa")))
        .returning({ id: matchPledges.id });
      if (!row) return;
      closed++;
      if (await requestPledgePayment(tx, id, deps)) requested++;
    });
  }
  // An invitation the sponsor never answered (decision 219) ends with its deadline or its party:
  // nothing was matched, so nothing is owed; the host's list stops saying "aguardando confirmação".
  const unanswered = await db
    .select({ id: matchPledges.id })
    .from(matchPledges)
    .innerJoin(parties, eq(parties.id, matchPledges.partyId))
    .where(
      and(
        eq(matchPledges.status, "pendente_confirmacao"),
        or(lt(matchPledges.deadline, now), lt(parties.eventDate, oldestLiveEventDate(todayInSaoPaulo(now)))),
      ),
    );
  if (unanswered.length > 0)
    await db
      .update(matchPledges)
      .set({ status: "cancelada", endedAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            matchPledges.id,
            unanswered.map((r) => r.id),
          ),
          eq(matchPledges.status, "pendente_confirmacao"),
        ),
      );
  const owing = await db
    .select({ id: matchPledges.id })
    .from(matchPledges)
    .where(
      and(
        inArray(matchPledges.status, [...ENDED_STATUSES]),
        isNull(matchPledges.paymentRequestedAt),
        sql`${matchPledges.matchedCents} > 0`,
        isNotNull(matchPledges.sponsorEmail),
      ),
    );
  for (const { id } of owing) {
    if (await db.transaction((tx) => requestPledgePayment(tx, id, deps))) requested++;
  }
  return { closed, requested };
}
