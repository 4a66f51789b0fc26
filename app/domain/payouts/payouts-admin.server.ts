/**
 * Payouts (repasses): one per ended party with paid gifts. Pending payouts are computed from the
 * party's maintained total; a `payouts` row is written when the team transfers, freezing the
 * figures that were paid out.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, max, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { oldestLiveEventDate } from "~/domain/parties";
import { todayInSaoPaulo } from "~/platform/dates";

const { parties, payouts, user, organizations, causes, donations } = schema;

export type PayoutSituation = "pendentes" | "transferidos";

function situationWhere(situation: PayoutSituation, today?: string): SQL {
  // Ended: the day after the last public day (party-status.ts), whatever the active flag says.
  const ended = lt(parties.eventDate, oldestLiveEventDate(today));
  return situation === "transferidos"
    ? eq(payouts.status, "transferido")
    : and(ended, gt(parties.raisedCents, 0), or(isNull(payouts.id), eq(payouts.status, "pendente")))!;
}

export async function listPayoutRows(situation: PayoutSituation, page: number, pageSize: number, today?: string) {
  return db
    .select({
      partyId: parties.id,
      partyName: parties.name,
      eventDate: parties.eventDate,
      partyActive: parties.active,
      raisedCents: parties.raisedCents,
      paidCount: parties.paidCount,
      creatorName: user.name,
      creatorEmail: user.email,
      organizationName: organizations.name,
      organizationEmail: organizations.email,
      causeName: causes.name,
      payoutId: payouts.id,
      status: payouts.status,
      grossCents: payouts.grossCents,
      feeCents: payouts.feeCents,
      netCents: payouts.netCents,
      proofUrl: payouts.proofUrl,
      proofFileName: payouts.proofFileName,
      transferredAt: payouts.transferredAt,
    })
    .from(parties)
    .innerJoin(causes, eq(causes.id, parties.causeId))
    .leftJoin(payouts, eq(payouts.partyId, parties.id))
    .leftJoin(user, eq(user.id, parties.userId))
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .where(situationWhere(situation, today))
    .orderBy(situation === "transferidos" ? desc(payouts.transferredAt) : asc(parties.eventDate), asc(parties.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countPayoutRows(situation: PayoutSituation, today?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(parties)
    .leftJoin(payouts, eq(payouts.partyId, parties.id))
    .where(situationWhere(situation, today));
  return row?.n ?? 0;
}

/** The party being paid out, locked so its total cannot move while the payout is written. */
export async function findPartyForPayout(executor: Executor, partyId: string) {
  const [row] = await executor
    .select({
      id: parties.id,
      name: parties.name,
      eventDate: parties.eventDate,
      raisedCents: parties.raisedCents,
      userId: parties.userId,
      organizationId: parties.organizationId,
    })
    .from(parties)
    .where(eq(parties.id, partyId))
    .for("update");
  return row ?? null;
}

/**
 * The São Paulo day of each party's last paid Pix, by party id (parties without one are absent):
 * its MED hold may end after the card settlement (partyPayoutDates, decision 208).
 */
export async function lastPixPaidOnByParty(partyIds: string[], executor: Executor = db): Promise<Map<string, string>> {
  if (partyIds.length === 0) return new Map();
  const rows = await executor
    .select({ partyId: donations.partyId, paidAt: max(donations.paidAt) })
    .from(donations)
    .where(and(inArray(donations.partyId, partyIds), eq(donations.paymentMethod, "pix"), eq(donations.status, "paga")))
    .groupBy(donations.partyId);
  return new Map(rows.filter((r) => r.paidAt).map((r) => [r.partyId!, todayInSaoPaulo(new Date(r.paidAt!))]));
}

export async function findPayoutStatus(executor: Executor, partyId: string) {
  const [row] = await executor.select({ id: payouts.id, status: payouts.status }).from(payouts).where(eq(payouts.partyId, partyId));
  return row ?? null;
}

/** What every transferred payout records, a party's or an institution's batch: its sums, dates, proof and who sent it. */
export type TransferredPayoutFields = {
  grossCents: number;
  feeCents: number;
  netCents: number;
  settlementDate: string;
  transferDeadline: string;
  proofUrl: string | null;
  proofFileName: string | null;
  proofKey: string | null;
  proofContentType: string | null;
  proofSize: number | null;
  proofOriginalName: string | null;
  transferredBy: string;
};

export type TransferInput = TransferredPayoutFields & { partyId: string };

/** Writes the payout as transferred; null when it already was (a repeated submit changes nothing). */
export async function insertTransferredPayout(executor: Executor, input: TransferInput) {
  const values = { ...input, status: "transferido" as const, transferredAt: sql`now()` };
  const [row] = await executor
    .insert(payouts)
    .values(values)
    .onConflictDoUpdate({ target: payouts.partyId, set: values, setWhere: eq(payouts.status, "pendente") })
    .returning({ id: payouts.id });
  return row ?? null;
}

/** Who receives the proof: the party's creator and its institution. */
export async function findPayoutRecipients(executor: Executor, party: { userId: string | null; organizationId: string | null }) {
  const [creator] = party.userId
    ? await executor.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, party.userId))
    : [];
  const [org] = party.organizationId
    ? await executor
        .select({ name: organizations.name, email: organizations.email })
        .from(organizations)
        .where(eq(organizations.id, party.organizationId))
    : [];
  return { creator: creator ?? null, organization: org ?? null };
}

export async function findPayoutProof(payoutId: string) {
  const [row] = await db
    .select({
      id: payouts.id,
      proofUrl: payouts.proofUrl,
      proofFileName: payouts.proofFileName,
      proofKey: payouts.proofKey,
      proofContentType: payouts.proofContentType,
      proofFile: payouts.proofFile,
    })
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, "transferido")));
  return row ?? null;
}

/** One proof still kept base64 in its row (uploaded before file storage), or null when none is left. */
export async function findLegacyProof(after: string | null) {
  const [row] = await db
    .select({ id: payouts.id, proofFile: payouts.proofFile })
    .from(payouts)
    .where(and(isNotNull(payouts.proofFile), isNull(payouts.proofKey), after ? gt(payouts.id, after) : undefined))
    .orderBy(asc(payouts.id))
    .limit(1);
  return row ?? null;
}

/** Points a legacy row at its stored copy and drops the base64; false if another process already did. */
export async function setLegacyProofStored(payoutId: string, stored: { key: string; contentType: string; size: number }) {
  const rows = await db
    .update(payouts)
    .set({ proofKey: stored.key, proofContentType: stored.contentType, proofSize: stored.size, proofFile: null })
    .where(and(eq(payouts.id, payoutId), isNull(payouts.proofKey)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}
