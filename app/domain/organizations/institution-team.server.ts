/**
 * An institution's team (decision 178): who belongs to it, the owner's invitations (a signed link
 * e-mailed to the address, valid 7 days, used once) and removals. Ownership is in every where: a
 * query for institution A never reads institution B's rows.
 */
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { institutionInviteEmail } from "~/domain/organizations/emails/institution-invite.server";
import { getConfig } from "~/platform/config.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import type { InstitutionRole } from "./institution-team";

const { institutionMembers: members, institutionInvites: invites, organizations, user } = schema;

const INVITE_TTL_SECONDS = 7 * 24 * 3600;

/** The institution of `slug` and the role `userId` has in it, or null when they are not in its team. */
export async function findMembership(slug: string, userId: string, executor: Executor = db) {
  const [row] = await executor
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, role: members.role })
    .from(organizations)
    .innerJoin(members, and(eq(members.organizationId, organizations.id), eq(members.userId, userId)))
    .where(eq(organizations.slug, slug));
  return row ?? null;
}

/** An institution by its slug (an admin looking at its dashboard), or null. */
export async function findInstitutionBySlug(slug: string, executor: Executor = db) {
  const [row] = await executor
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  return row ?? null;
}

/** The institutions whose team `userId` is in (/conta links their dashboards). */
export async function listMembershipsOf(userId: string, executor: Executor = db) {
  return executor
    .select({ name: organizations.name, slug: organizations.slug, role: members.role })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(eq(members.userId, userId))
    .orderBy(asc(organizations.name));
}

export async function listTeam(organizationId: string, executor: Executor = db) {
  const team = await executor
    .select({ userId: members.userId, role: members.role, name: user.name, email: user.email, since: members.createdAt })
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(eq(members.organizationId, organizationId))
    .orderBy(sql`${members.role} = 'owner' desc`, asc(user.name));
  const pending = await executor
    .select({ id: invites.id, email: invites.email, expiresAt: invites.expiresAt })
    .from(invites)
    .where(and(eq(invites.organizationId, organizationId), isNull(invites.acceptedAt), gt(invites.expiresAt, new Date())))
    .orderBy(asc(invites.createdAt));
  return { team, pending };
}

export const TEAM_MESSAGES = {
  alreadyMember: "Esta pessoa já faz parte da equipe.",
  inviteSent: (email: string) => `Convite enviado para ${email}. O link vale por 7 dias.`,
  ownerStays: "O responsável pela instituição não pode ser removido da equipe.",
  notMember: "Esta pessoa não faz parte da equipe.",
  inviteInvalid: "Este convite não é válido. Peça um novo convite ao responsável pela instituição.",
  inviteExpired: "Este convite expirou. Peça um novo convite ao responsável pela instituição.",
  inviteUsed: "Este convite já foi usado.",
  inviteOtherEmail: (email: string) => `Este convite foi enviado para ${email}. Entre com essa conta para aceitar.`,
} as const;

/** Invites `email` to the owner's institution: the invitation row and its e-mail in one transaction. */
export async function inviteMember(
  institution: { id: string; name: string },
  inviter: { id: string; name: string },
  email: string,
  deps: { mailer: Mailer },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: members.userId })
      .from(members)
      .innerJoin(user, eq(user.id, members.userId))
      .where(and(eq(members.organizationId, institution.id), sql`lower(${user.email}) = ${address}`));
    if (existing) return { ok: false, message: TEAM_MESSAGES.alreadyMember };
    const expiresAt = new Date(Date.now() + INVITE_TTL_SECONDS * 1000);
    const [invite] = await tx
      .insert(invites)
      .values({ organizationId: institution.id, email: address, invitedBy: inviter.id, expiresAt })
      .returning({ id: invites.id });
    const token = signToken("institution-invite", { i: invite!.id }, INVITE_TTL_SECONDS);
    const url = `${getConfig().PUBLIC_URL}/ong/convite?t=${encodeURIComponent(token)}`;
    await deps.mailer.enqueue(tx, {
      to: address,
      ...institutionInviteEmail({ inviterName: inviter.name, institutionName: institution.name, url }),
    });
    return { ok: true } as const;
  });
}

export type InviteCheck =
  | { ok: true; invite: { id: string; email: string; organizationId: string; institutionName: string; institutionSlug: string } }
  | { ok: false; message: string };

/** Reads a signed invitation link: valid signature, not expired, not used. */
export async function readInvite(token: unknown, executor: Executor = db): Promise<InviteCheck> {
  const verified = verifyToken<{ i: string }>("institution-invite", token);
  if (!verified.ok) return { ok: false, message: verified.error === "expired" ? TEAM_MESSAGES.inviteExpired : TEAM_MESSAGES.inviteInvalid };
  const [row] = await executor
    .select({
      id: invites.id,
      email: invites.email,
      organizationId: invites.organizationId,
      acceptedAt: invites.acceptedAt,
      expiresAt: invites.expiresAt,
      institutionName: organizations.name,
      institutionSlug: organizations.slug,
    })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(eq(invites.id, String(verified.data.i)));
  if (!row) return { ok: false, message: TEAM_MESSAGES.inviteInvalid };
  if (row.acceptedAt) return { ok: false, message: TEAM_MESSAGES.inviteUsed };
  if (row.expiresAt <= new Date()) return { ok: false, message: TEAM_MESSAGES.inviteExpired };
  const { acceptedAt: _a, expiresAt: _e, ...invite } = row;
  return { ok: true, invite };
}

/** Accepts an invitation for the signed-in person, if it was sent to their address. Used once. */
export async function acceptInvite(token: unknown, person: { id: string; email: string }): Promise<InviteCheck> {
  return db.transaction(async (tx) => {
    const checked = await readInvite(token, tx);
    if (!checked.ok) return checked;
    const { invite } = checked;
    if (invite.email !== person.email.trim().toLowerCase()) return { ok: false, message: TEAM_MESSAGES.inviteOtherEmail(invite.email) };
    const used = await tx
      .update(invites)
      .set({ acceptedAt: new Date(), acceptedBy: person.id })
      .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    if (used.length === 0) return { ok: false, message: TEAM_MESSAGES.inviteUsed };
    await tx.insert(members).values({ organizationId: invite.organizationId, userId: person.id, role: "member" }).onConflictDoNothing();
    return checked;
  });
}

/** Removes a member from the owner's institution; the owner stays. */
export async function removeMember(organizationId: string, userId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const [row] = await db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.userId, userId)));
  if (!row) return { ok: false, message: TEAM_MESSAGES.notMember };
  if (row.role === ("owner" satisfies InstitutionRole)) return { ok: false, message: TEAM_MESSAGES.ownerStays };
  await db.delete(members).where(and(eq(members.organizationId, organizationId), eq(members.userId, userId), eq(members.role, "member")));
  return { ok: true };
}
