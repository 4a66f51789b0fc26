/**
 * Moving a party to another institution (decision 165): an admin's decision with a reason, kept
 * in `party_institution_moves`. The party's cause follows the new institution (a trigger keeps the
 * column equal to the institution's). Gifts already paid keep the institution of their ledger row,
 * which is never touched; the public page says until when they went where.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Executor, preparedPerConnection, schema, type Transaction } from "~/platform/db.server";
import { findInstitutionForParty } from "~/domain/organizations/index.server";
import { formatDate } from "~/platform/dates";
import { partyInstitutionRefusal } from "./party-form";

const { parties, partyInstitutionMoves, organizations, user } = schema;

type Institution = { id: string; name: string; email: string | null };

type PartyMoved = {
  ok: true;
  party: { id: string; name: string; shareCode: string; userId: string | null };
  from: Institution | null;
  to: Institution;
  movedAt: Date;
  /** The host, to be told (null when the account is gone). */
  host: { name: string; email: string } | null;
};

export type PartyMoveOutcome =
  PartyMoved | { ok: false; reason: "missing" | "same" } | { ok: false; reason: "institution"; message: string };

/** The party, locked for the move (its institution must not change under a concurrent gift's checkout). */
export async function lockPartyForMove(tx: Transaction, partyId: string) {
  const [row] = await tx
    .select({
      id: parties.id,
      name: parties.name,
      shareCode: parties.shareCode,
      userId: parties.userId,
      organizationId: parties.organizationId,
    })
    .from(parties)
    .where(eq(parties.id, partyId))
    .for("update");
  return row ?? null;
}

async function institutionsById(executor: Executor, ids: string[]): Promise<Map<string, Institution>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: organizations.id, name: organizations.name, email: organizations.email })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Moves the locked party to `organizationId`, which must be able to receive parties (active,
 * verified, of an active cause: the same rule as creating one). Records the move with its reason.
 */
export async function movePartyToInstitution(
  tx: Transaction,
  party: NonNullable<Awaited<ReturnType<typeof lockPartyForMove>>>,
  input: { organizationId: string; reason: string; movedBy: string },
): Promise<PartyMoveOutcome> {
  if (party.organizationId === input.organizationId) return { ok: false, reason: "same" };
  const institution = await findInstitutionForParty(tx, input.organizationId);
  const refusal = partyInstitutionRefusal(institution);
  if (refusal !== null || !institution) return { ok: false, reason: "institution", message: refusal ?? "Instituição indisponível." };
  await tx
    .update(parties)
    .set({ organizationId: institution.id, causeId: institution.causeId, updatedAt: new Date() })
    .where(eq(parties.id, party.id));
  const [move] = await tx
    .insert(partyInstitutionMoves)
    .values({
      partyId: party.id,
      fromOrganizationId: party.organizationId,
      toOrganizationId: institution.id,
      reason: input.reason,
      movedBy: input.movedBy,
    })
    .returning({ movedAt: partyInstitutionMoves.movedAt });
  const named = await institutionsById(tx, [institution.id, ...(party.organizationId ? [party.organizationId] : [])]);
  const [host] = party.userId ? await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, party.userId)) : [];
  return {
    ok: true,
    party: { id: party.id, name: party.name, shareCode: party.shareCode, userId: party.userId },
    from: party.organizationId ? (named.get(party.organizationId) ?? null) : null,
    to: named.get(institution.id)!,
    movedAt: move!.movedAt,
    host: host ?? null,
  };
}

type PartyMoveLine = { movedAt: Date; fromName: string; fromSlug: string };

/** "As doações feitas até 28/11/2026 foram para X.": one per earlier institution, for the party page. */
export async function earlierInstitutionLines(partyId: string): Promise<string[]> {
  const moves = await listPartyMoves(partyId);
  return moves.map((m) => `As doações feitas até ${formatDate(m.movedAt)} foram para ${m.fromName}.`);
}

/**
 * A party's earlier institutions, oldest first: "As doações feitas até DD/MM foram para X" on its
 * page. A move from no institution (a legacy party) says nothing: there was nobody to name.
 */
async function listPartyMoves(partyId: string): Promise<PartyMoveLine[]> {
  return partyMoves().execute({ partyId });
}

// Every party page asks this (almost always for nothing): prepared once per connection.
const partyMoves = preparedPerConnection((d) => {
  const from = alias(organizations, "from_org");
  return d
    .select({ movedAt: partyInstitutionMoves.movedAt, fromName: from.name, fromSlug: from.slug })
    .from(partyInstitutionMoves)
    .innerJoin(from, eq(from.id, partyInstitutionMoves.fromOrganizationId))
    .where(eq(partyInstitutionMoves.partyId, sql.placeholder("partyId")))
    .orderBy(asc(partyInstitutionMoves.movedAt))
    .prepare("party_moves");
});
