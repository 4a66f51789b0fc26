/**
 * A party's co-hosts (decision 217): the owner invites by e-mail (a signed link, valid 7 days,
 * bound to the address invited), a signed-in account whose verified address is that one accepts,
 * and the owner revokes. Inviting and revoking are the owner's alone (`parties.user_id` in the
 * where); every change is audited in its own transaction.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit.server";
import { getConfig } from "~/platform/config.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { cohostInviteEmail } from "./emails/cohost-invite.server";

const { parties, partyCohosts: cohosts, user } = schema;

const COHOST_INVITE_TTL_SECONDS = 7 * 24 * 3600;

export const COHOST_MESSAGES = {
  inviteSent: (email: string) => `Convite enviado para ${email}. O link vale por 7 dias.`,
  alreadyCohost: "Esta pessoa já é co-anfitriã desta festa.",
  ownAddress: "Você já é o anfitrião desta festa.",
  notFound: "Festa não encontrada.",
  revoked: "Co-anfitrião removido.",
  notCohost: "Esta pessoa não é co-anfitriã desta festa.",
  inviteInvalid: "Este convite não é válido. Peça um novo convite a quem organiza a festa.",
  inviteExpired: "Este convite expirou. Peça um novo convite a quem organiza a festa.",
  inviteUsed: "Este convite já foi usado ou foi cancelado.",
  inviteOtherEmail: (email: string) => `Este convite foi enviado para ${email}. Entre com a conta desse e-mail para aceitar.`,
  unverified: (email: string) =>
    `Confirme o endereço ${email} (pelo link do e-mail de boas-vindas, ou em Minha conta) e abra o convite de novo.`,
  ownerCannotAccept: "Você já é o anfitrião desta festa.",
} as const;

type Result = { ok: true; message: string } | { ok: false; message: string };

/** The co-hosts of a party the caller already may see (owner or co-host), pending and accepted. */
export async function listCohosts(partyId: string, executor: Executor = db) {
  return executor
    .select({ id: cohosts.id, email: cohosts.invitedEmail, status: cohosts.status, name: user.name, invitedAt: cohosts.invitedAt })
    .from(cohosts)
    .leftJoin(user, eq(user.id, cohosts.userId))
    .where(and(eq(cohosts.partyId, partyId), ne(cohosts.status, "revoked")))
    .orderBy(asc(cohosts.invitedAt));
}

/**
 * The owner invites `email` to co-host: the row (new, or a revoked one invited again, or a pending
 * one sent again) and its e-mail in one transaction. Not the owner: not found.
 */
export async function inviteCohost(ownerId: string, partyId: string, email: string, deps: { mailer: Mailer; now?: Date }): Promise<Result> {
  const address = email.trim().toLowerCase();
  const now = deps.now ?? new Date();
  return db.transaction(async (tx): Promise<Result> => {
    const [party] = await tx
      .select({ id: parties.id, name: parties.name, ownerName: user.name, ownerEmail: user.email })
      .from(parties)
      .innerJoin(user, eq(user.id, parties.userId))
      .where(and(eq(parties.id, partyId), eq(parties.userId, ownerId), eq(parties.active, true)))
      .for("update", { of: parties });
    if (!party) return { ok: false, message: COHOST_MESSAGES.notFound };
    if (party.ownerEmail.toLowerCase() === address) return { ok: false, message: COHOST_MESSAGES.ownAddress };
    const [existing] = await tx
      .select({ id: cohosts.id, status: cohosts.status })
      .from(cohosts)
      .where(and(eq(cohosts.partyId, partyId), eq(cohosts.invitedEmail, address)));
    if (existing?.status === "accepted") return { ok: false, message: COHOST_MESSAGES.alreadyCohost };
    const fresh = { status: "invited", userId: null, invitedBy: ownerId, invitedAt: now, acceptedAt: null, revokedAt: null };
    const [row] = existing
      ? await tx.update(cohosts).set(fresh).where(eq(cohosts.id, existing.id)).returning({ id: cohosts.id })
      : await tx
          .insert(cohosts)
          .values({ partyId, invitedEmail: address, ...fresh })
          .returning({ id: cohosts.id });
    // The invitation's moment travels in the link: a new invitation makes older links useless.
    const token = signToken("party-cohost-invite", { c: row!.id, e: address, t: now.getTime() }, COHOST_INVITE_TTL_SECONDS, now);
    const url = `${getConfig().PUBLIC_URL}/painel/coanfitriao?t=${encodeURIComponent(token)}`;
    await deps.mailer.enqueue(tx, { to: address, ...cohostInviteEmail({ inviterName: party.ownerName, partyName: party.name, url }) });
    await recordAudit(tx, {
      actorUserId: ownerId,
      action: "party.cohost_invite",
      entity: "party",
      entityId: partyId,
      details: { cohostId: row!.id },
    });
    return { ok: true, message: COHOST_MESSAGES.inviteSent(address) };
  });
}

export type CohostInviteCheck =
  | { ok: true; invite: { id: string; email: string; partyId: string; partyName: string; shareCode: string; ownerId: string | null } }
  | { ok: false; message: string };

/** Reads a co-host link: our signature, not expired, still the current pending invitation. */
export async function readCohostInvite(token: unknown, now: Date = new Date(), executor: Executor = db): Promise<CohostInviteCheck> {
  const verified = verifyToken<{ c: string; e: string; t: number }>("party-cohost-invite", token, now);
  if (!verified.ok)
    return { ok: false, message: verified.error === "expired" ? COHOST_MESSAGES.inviteExpired : COHOST_MESSAGES.inviteInvalid };
  const { c, e, t } = verified.data;
  if (typeof c !== "string" || typeof e !== "string" || typeof t !== "number") return { ok: false, message: COHOST_MESSAGES.inviteInvalid };
  const [row] = await executor
    .select({
      id: cohosts.id,
      email: cohosts.invitedEmail,
      status: cohosts.status,
      invitedAt: cohosts.invitedAt,
      partyId: parties.id,
      partyName: parties.name,
      shareCode: parties.shareCode,
      ownerId: parties.userId,
      active: parties.active,
    })
    .from(cohosts)
    .innerJoin(parties, eq(parties.id, cohosts.partyId))
    .where(eq(cohosts.id, c));
  if (!row || row.email !== e || !row.active) return { ok: false, message: COHOST_MESSAGES.inviteInvalid };
  if (row.status !== "invited" || row.invitedAt.getTime() !== t) return { ok: false, message: COHOST_MESSAGES.inviteUsed };
  const { status: _s, invitedAt: _i, active: _a, ...invite } = row;
  return { ok: true, invite };
}

/**
 * The signed-in person accepts: the invitation must be theirs (their account's address, verified,
 * is the one invited). Used once; the row is locked so two tabs accept once.
 */
export async function acceptCohostInvite(token: unknown, personId: string, now: Date = new Date()): Promise<CohostInviteCheck> {
  return db.transaction(async (tx): Promise<CohostInviteCheck> => {
    const checked = await readCohostInvite(token, now, tx);
    if (!checked.ok) return checked;
    const { invite } = checked;
    const [person] = await tx.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, personId));
    if (!person) return { ok: false, message: COHOST_MESSAGES.inviteInvalid };
    if (person.email.trim().toLowerCase() !== invite.email) return { ok: false, message: COHOST_MESSAGES.inviteOtherEmail(invite.email) };
    if (!person.verified) return { ok: false, message: COHOST_MESSAGES.unverified(invite.email) };
    if (invite.ownerId === personId) return { ok: false, message: COHOST_MESSAGES.ownerCannotAccept };
    // An older row of this account for this party (revoked, under another address) lets go of it.
    await tx
      .update(cohosts)
      .set({ userId: null })
      .where(and(eq(cohosts.partyId, invite.partyId), eq(cohosts.userId, personId), eq(cohosts.status, "revoked")));
    const accepted = await tx
      .update(cohosts)
      .set({ status: "accepted", userId: personId, acceptedAt: now })
      .where(and(eq(cohosts.id, invite.id), eq(cohosts.status, "invited")))
      .returning({ id: cohosts.id });
    if (accepted.length === 0) return { ok: false, message: COHOST_MESSAGES.inviteUsed };
    await recordAudit(tx, {
      actorUserId: personId,
      action: "party.cohost_accept",
      entity: "party",
      entityId: invite.partyId,
      details: { cohostId: invite.id },
    });
    return checked;
  });
}

/** The owner revokes a co-host or cancels a pending invitation; anyone else: not found. */
export async function revokeCohost(ownerId: string, partyId: string, cohostId: string, now: Date = new Date()): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const revoked = await tx
      .update(cohosts)
      .set({ status: "revoked", revokedAt: now })
      .where(
        and(
          eq(cohosts.id, cohostId),
          eq(cohosts.partyId, partyId),
          ne(cohosts.status, "revoked"),
          sql`exists (select 1 from ${parties} where ${parties.id} = ${partyId} and ${parties.userId} = ${ownerId})`,
        ),
      )
      .returning({ id: cohosts.id, userId: cohosts.userId });
    if (revoked.length === 0) return { ok: false, message: COHOST_MESSAGES.notCohost };
    await recordAudit(tx, {
      actorUserId: ownerId,
      action: "party.cohost_revoke",
      entity: "party",
      entityId: partyId,
      details: { cohostId, userId: revoked[0]!.userId },
    });
    return { ok: true, message: COHOST_MESSAGES.revoked };
  });
}
