/**
 * The admin's matching pledges (decision 215): created for a party, active at once (the admin
 * vouches for the sponsor), or cancelled. Each change in one audited transaction.
 */
import { and, desc, eq } from "drizzle-orm";
import { auditedChange } from "~/platform/audit.server";
import { db, schema } from "~/platform/db.server";
import { isPartyAcceptingGifts } from "~/domain/parties";
import { deadlineEndOfDay, type PledgeCreateInput } from "./pledge-form";

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

/** Stops matching from now on; what gifts already claimed stays promised (the sponsor still owes it). */
export async function cancelPledgeAsAdmin(actorUserId: string, pledgeId: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const [row] = await tx
      .update(matchPledges)
      .set({ status: "cancelada", updatedAt: new Date() })
      .where(and(eq(matchPledges.id, pledgeId), eq(matchPledges.status, "ativa")))
      .returning({ id: matchPledges.id, sponsorName: matchPledges.sponsorName, matchedCents: matchPledges.matchedCents });
    if (row)
      await audit({ action: "match_pledge.cancel", entity: "match_pledge", entityId: row.id, details: { matchedCents: row.matchedCents } });
    return row ?? null;
  });
}

/** The Festas tab's list: the newest pledges with their party. */
export async function listPledges(limit = 50) {
  return db
    .select({
      id: matchPledges.id,
      partyName: parties.name,
      partyCode: parties.shareCode,
      sponsorName: matchPledges.sponsorName,
      ratioPercent: matchPledges.ratioPercent,
      capCents: matchPledges.capCents,
      matchedCents: matchPledges.matchedCents,
      status: matchPledges.status,
      deadline: matchPledges.deadline,
    })
    .from(matchPledges)
    .innerJoin(parties, eq(parties.id, matchPledges.partyId))
    .orderBy(desc(matchPledges.createdAt))
    .limit(limit);
}
