/**
 * The admin's matching pledges (decision 215): created for a party, active at once (the admin
 * vouches for the sponsor), or cancelled. Each change in one audited transaction.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { auditedChange } from "~/platform/audit.server";
import { db, schema } from "~/platform/db.server";
import { isPartyAcceptingGifts } from "~/domain/parties";
import { deadlineEndOfDay, type PledgeCreateInput } from "./pledge-form";
import { ENDED_STATUSES, type PaymentRequestDeps, queuePaymentEmail, requestPledgePayment } from "./pledge-settlement.server";
import { dueCents, sponsorPaidCents } from "./sponsor-paid.server";

const { matchPledges, parties } = schema;

export type PledgeCreateOutcome =
  { ok: true; id: string; partyName: string } | { ok: false; reason: "missing" | "closed" | "taken" | "past" };

export async function createPledgeAsAdmin(actorUserId: string, input: PledgeCreateInput): Promise<PledgeCreateOutcome> {
  const deadline = deadlineEndOfDay(input.deadline);
  if (deadline.getTime() < Date.now()) return { ok: false, reason: "past" };
  return auditedChange(actorUserId, async (tx, audit) => {
    // The party's row locked: two admins creating at once take turns, the second sees the first's.
    const [party] = await tx
      .select({ id: parties.id, name: parties.name, active: parties.active, eventDate: parties.eventDate })
      .from(parties)
      .where(eq(parties.id, input.partyId))
      .for("no key update");
    if (!party) return { ok: false, reason: "missing" } as const;
    // Only a party still taking gifts: an ended one would show no banner and match nothing.
    if (!isPartyAcceptingGifts(party)) return { ok: false, reason: "closed" } as const;
    const [active] = await tx
      .select({ id: matchPledges.id })
      .from(matchPledges)
      .where(and(eq(matchPledges.partyId, party.id), eq(matchPledges.status, "ativa")));
    if (active) return { ok: false, reason: "taken" } as const;
    const [row] = await tx
      .insert(matchPledges)
      .values({
        partyId: party.id,
        sponsorName: input.sponsorName,
        sponsorDocument: input.sponsorDocument,
        sponsorEmail: input.sponsorEmail,
        sponsorLogoUrl: input.sponsorLogoUrl,
        ratioPercent: input.ratioPercent,
        capCents: input.cap,
        status: "ativa",
        deadline,
        createdBy: actorUserId,
        confirmedAt: new Date(),
      })
      .returning({ id: matchPledges.id });
    await audit({
      action: "match_pledge.create",
      entity: "match_pledge",
      entityId: row!.id,
      details: { partyId: party.id, sponsorName: input.sponsorName, ratioPercent: input.ratioPercent, capCents: input.cap, deadline },
    });
    return { ok: true, id: row!.id, partyName: party.name } as const;
  });
}

/**
 * Stops matching from now on; what gifts already claimed stays promised, and the match has ended:
 * the sponsor's payment e-mail is queued in the same transaction (decision 220).
 */
export async function cancelPledgeAsAdmin(actorUserId: string, pledgeId: string, deps: PaymentRequestDeps) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const now = new Date();
    const [row] = await tx
      .update(matchPledges)
      .set({ status: "cancelada", endedAt: now, updatedAt: now })
      .where(and(eq(matchPledges.id, pledgeId), eq(matchPledges.status, "ativa")))
      .returning({ id: matchPledges.id, sponsorName: matchPledges.sponsorName, matchedCents: matchPledges.matchedCents });
    if (!row) return null;
    const mailed = await requestPledgePayment(tx, row.id, deps);
    await audit({
      action: "match_pledge.cancel",
      entity: "match_pledge",
      entityId: row.id,
      details: { matchedCents: row.matchedCents, mailed },
    });
    return { ...row, mailed };
  });
}

/** An admin sends the payment e-mail again: at most this many times a day per pledge. */
const PLEDGE_RESEND_LIMIT = { limit: 3, windowSeconds: 24 * 3600 };

export type PledgeResendOutcome = { ok: true; sponsorName: string } | { ok: false; reason: "missing" | "nothing-due" | "limited" };

/** Festas → "Reenviar cobrança": audited, rate-limited, only for an ended pledge that still owes something. */
export async function resendPledgePaymentAsAdmin(
  actorUserId: string,
  pledgeId: string,
  deps: PaymentRequestDeps,
): Promise<PledgeResendOutcome> {
  const limited = await hitRateLimit(`pledge-payment-resend:${pledgeId}`, PLEDGE_RESEND_LIMIT.limit, PLEDGE_RESEND_LIMIT.windowSeconds);
  if (!limited.allowed) return { ok: false, reason: "limited" };
  return auditedChange(actorUserId, async (tx, audit): Promise<PledgeResendOutcome> => {
    const [pledge] = await tx
      .select({ id: matchPledges.id, sponsorName: matchPledges.sponsorName, status: matchPledges.status })
      .from(matchPledges)
      .where(eq(matchPledges.id, pledgeId))
      .for("update");
    if (!pledge) return { ok: false, reason: "missing" };
    if (!(ENDED_STATUSES as readonly string[]).includes(pledge.status)) return { ok: false, reason: "nothing-due" };
    if (!(await queuePaymentEmail(tx, pledge.id, deps))) return { ok: false, reason: "nothing-due" };
    await tx.update(matchPledges).set({ paymentRequestedAt: new Date() }).where(eq(matchPledges.id, pledge.id));
    await audit({ action: "match_pledge.payment_resend", entity: "match_pledge", entityId: pledge.id, details: {} });
    return { ok: true, sponsorName: pledge.sponsorName };
  });
}

/**
 * The Festas tab's list: the newest pledges with their party, what each promised, what its sponsor
 * paid (the ledger, decision 220) and still owes. `unpaid`: only "Patrocínios a receber" — ended,
 * something still due — oldest deadline first.
 */
export async function listPledges({ unpaid = false, limit = 50 }: { unpaid?: boolean; limit?: number } = {}) {
  const paid = sponsorPaidCents();
  const rows = await db
    .select({
      id: matchPledges.id,
      partyName: parties.name,
      partyCode: parties.shareCode,
      sponsorName: matchPledges.sponsorName,
      hasEmail: sql<boolean>`${matchPledges.sponsorEmail} is not null`,
      ratioPercent: matchPledges.ratioPercent,
      capCents: matchPledges.capCents,
      matchedCents: matchPledges.matchedCents,
      paidCents: paid,
      status: matchPledges.status,
      deadline: matchPledges.deadline,
      endedAt: matchPledges.endedAt,
      paymentRequestedAt: matchPledges.paymentRequestedAt,
    })
    .from(matchPledges)
    .innerJoin(parties, eq(parties.id, matchPledges.partyId))
    .where(unpaid ? and(inArray(matchPledges.status, [...ENDED_STATUSES]), sql`${matchPledges.matchedCents} > ${paid}`) : undefined)
    .orderBy(unpaid ? asc(matchPledges.deadline) : desc(matchPledges.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, dueCents: dueCents(row.matchedCents, row.paidCents) }));
}
