/**
 * The host's matching pledges (decision 219): the party's OWNER invites a sponsor, who confirms by
 * a signed e-mail link (pledge-answer.server.ts). The pledge waits as `pendente_confirmacao` and
 * matches nothing until then. Ownership is in every where (`parties.user_id`): a co-host or a
 * stranger reads "not found". Each change is audited in its own transaction; the e-mail is queued
 * in the durable outbox in that same transaction.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { auditedChange } from "~/platform/audit.server";
import { getConfig } from "~/platform/config.server";
import { formatDate } from "~/platform/dates";
import { db, type Executor, schema } from "~/platform/db.server";
import { firstName } from "~/platform/mail/render.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { signToken } from "~/platform/signed-link.server";
import { isPartyAcceptingGifts } from "~/domain/parties";
import { formatCnpj } from "~/domain/organizations";
import { pledgeInviteEmail } from "./emails/pledge-invite.server";
import { matchHeadline } from "./match-banner";
import { deadlineEndOfDay, type PledgeInviteInput } from "./pledge-form";

const { matchPledges, parties, organizations, user } = schema;

/** The link's life: 7 days, or until the match's last moment when that comes first. */
const PLEDGE_INVITE_TTL_SECONDS = 7 * 24 * 3600;
/** E-mails sent again for one invitation, per hour. */
const RESEND_LIMIT = 3;

export const PLEDGE_INVITE_MESSAGES = {
  sent: (sponsor: string) => `Pedido enviado a ${sponsor}. O patrocínio começa quando ele confirmar pelo link do e-mail.`,
  notFound: "Festa não encontrada.",
  closed: "Esta festa não recebe mais doações: não dá para convidar um patrocinador.",
  past: "A data final já passou. Escolha hoje ou uma data futura.",
  taken: "Esta festa já tem um patrocínio ativo: só um patrocinador por vez.",
  pending: "Esta festa já tem um convite de patrocínio aguardando confirmação. Cancele-o para convidar outro patrocinador.",
  cancelled: "Convite de patrocínio cancelado.",
  notPending: "Este convite de patrocínio não está mais aguardando confirmação.",
  resent: "Enviamos o pedido de novo ao patrocinador.",
  resendLimit: "Você já reenviou este pedido algumas vezes. Tente de novo daqui a uma hora.",
} as const;

type Result = { ok: true; message: string } | { ok: false; message: string; field?: "deadline" };

/** The signed link of a pending pledge: its id travels sealed; the status check makes it single-use. */
function pledgeInviteUrl(pledgeId: string, deadline: Date, now: Date) {
  const untilDeadline = Math.floor((deadline.getTime() - now.getTime()) / 1000);
  const ttl = Math.max(1, Math.min(PLEDGE_INVITE_TTL_SECONDS, untilDeadline));
  const token = signToken("match-pledge-invite", { p: pledgeId }, ttl, now);
  return `${getConfig().PUBLIC_URL}/patrocinio/confirmar?t=${encodeURIComponent(token)}`;
}

/** "Instituto Criança Feliz (CNPJ 11.222.333/0001-81)", or the cause when the party has no institution. */
export function institutionLabel(row: { institutionName: string | null; institutionCnpj: string | null; causeName?: string | null }) {
  if (!row.institutionName) return row.causeName ?? "a causa da festa";
  return row.institutionCnpj ? `${row.institutionName} (CNPJ ${formatCnpj(row.institutionCnpj)})` : row.institutionName;
}

async function queueInvite(
  tx: Executor,
  mailer: Mailer,
  pledge: { id: string; sponsorEmail: string; sponsorName: string; ratioPercent: number; capCents: number; deadline: Date },
  party: { name: string; ownerName: string; institutionName: string | null; institutionCnpj: string | null },
  now: Date,
) {
  await mailer.enqueue(tx, {
    to: pledge.sponsorEmail,
    ...pledgeInviteEmail({
      hostFirstName: firstName(party.ownerName),
      partyName: party.name,
      institution: institutionLabel(party),
      headline: matchHeadline(pledge),
      deadline: formatDate(pledge.deadline),
      url: pledgeInviteUrl(pledge.id, pledge.deadline, now),
    }),
  });
}

const ownerParty = (tx: Executor, ownerId: string, partyId: string) =>
  tx
    .select({
      id: parties.id,
      name: parties.name,
      active: parties.active,
      eventDate: parties.eventDate,
      ownerName: user.name,
      institutionName: organizations.name,
      institutionCnpj: organizations.cnpj,
    })
    .from(parties)
    .innerJoin(user, eq(user.id, parties.userId))
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .where(and(eq(parties.id, partyId), eq(parties.userId, ownerId)));

/**
 * The owner invites a sponsor: a `pendente_confirmacao` pledge and the sponsor's e-mail with the
 * signed link, in one audited transaction. Refused for a party no longer taking gifts, and while
 * the party has an active pledge or another invitation waiting (one sponsor at a time).
 */
export async function createPledgeInvite(
  ownerId: string,
  partyId: string,
  input: PledgeInviteInput,
  deps: { mailer: Mailer; now?: Date },
): Promise<Result> {
  const now = deps.now ?? new Date();
  const deadline = deadlineEndOfDay(input.deadline);
  if (deadline.getTime() < now.getTime()) return { ok: false, message: PLEDGE_INVITE_MESSAGES.past, field: "deadline" };
  return auditedChange(ownerId, async (tx, audit): Promise<Result> => {
    // The party's row locked: two invitations sent at once take turns, the second sees the first.
    const [party] = await ownerParty(tx, ownerId, partyId).for("no key update", { of: parties });
    if (!party) return { ok: false, message: PLEDGE_INVITE_MESSAGES.notFound };
    if (!isPartyAcceptingGifts(party, now)) return { ok: false, message: PLEDGE_INVITE_MESSAGES.closed };
    const open = await tx
      .select({ status: matchPledges.status })
      .from(matchPledges)
      .where(
        and(
          eq(matchPledges.partyId, party.id),
          sql`(${matchPledges.status} = 'ativa' or (${matchPledges.status} = 'pendente_confirmacao' and ${matchPledges.deadline} >= ${now}))`,
        ),
      );
    if (open.some((p) => p.status === "ativa")) return { ok: false, message: PLEDGE_INVITE_MESSAGES.taken };
    if (open.length > 0) return { ok: false, message: PLEDGE_INVITE_MESSAGES.pending };
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
        status: "pendente_confirmacao",
        deadline,
        createdBy: ownerId,
      })
      .returning();
    await queueInvite(tx, deps.mailer, { ...row!, sponsorEmail: input.sponsorEmail }, party, now);
    await audit({
      action: "match_pledge.invite",
      entity: "match_pledge",
      entityId: row!.id,
      details: { partyId: party.id, sponsorName: input.sponsorName, ratioPercent: input.ratioPercent, capCents: input.cap, deadline },
    });
    return { ok: true, message: PLEDGE_INVITE_MESSAGES.sent(input.sponsorName) };
  });
}

/** The owner's pending pledge, locked; null for anyone else or once answered. */
async function ownPendingPledge(tx: Executor, ownerId: string, partyId: string, pledgeId: string) {
  const [row] = await tx
    .select()
    .from(matchPledges)
    .where(
      and(
        eq(matchPledges.id, pledgeId),
        eq(matchPledges.partyId, partyId),
        eq(matchPledges.status, "pendente_confirmacao"),
        sql`exists (select 1 from ${parties} where ${parties.id} = ${partyId} and ${parties.userId} = ${ownerId})`,
      ),
    )
    .for("update");
  return row ?? null;
}

/** The owner withdraws an invitation not yet answered: its link stops working (the status check). */
export async function cancelPledgeInvite(ownerId: string, partyId: string, pledgeId: string): Promise<Result> {
  return auditedChange(ownerId, async (tx, audit): Promise<Result> => {
    const pledge = await ownPendingPledge(tx, ownerId, partyId, pledgeId);
    if (!pledge) return { ok: false, message: PLEDGE_INVITE_MESSAGES.notPending };
    await tx.update(matchPledges).set({ status: "cancelada", updatedAt: new Date() }).where(eq(matchPledges.id, pledge.id));
    await audit({ action: "match_pledge.invite_cancel", entity: "match_pledge", entityId: pledge.id, details: { partyId } });
    return { ok: true, message: PLEDGE_INVITE_MESSAGES.cancelled };
  });
}

/** The owner sends the sponsor's e-mail again (a fresh link), at most RESEND_LIMIT times an hour. */
export async function resendPledgeInvite(
  ownerId: string,
  partyId: string,
  pledgeId: string,
  deps: { mailer: Mailer; now?: Date },
): Promise<Result> {
  const now = deps.now ?? new Date();
  return db.transaction(async (tx): Promise<Result> => {
    const pledge = await ownPendingPledge(tx, ownerId, partyId, pledgeId);
    const [party] = pledge ? await ownerParty(tx, ownerId, partyId) : [];
    if (!pledge || !party || !pledge.sponsorEmail || pledge.deadline.getTime() < now.getTime())
      return { ok: false, message: PLEDGE_INVITE_MESSAGES.notPending };
    if (!(await hitRateLimit(`pledge-invite-resend:${pledge.id}`, RESEND_LIMIT, 3600, tx)).allowed)
      return { ok: false, message: PLEDGE_INVITE_MESSAGES.resendLimit };
    await queueInvite(tx, deps.mailer, { ...pledge, sponsorEmail: pledge.sponsorEmail }, party, now);
    return { ok: true, message: PLEDGE_INVITE_MESSAGES.resent };
  });
}

/**
 * A party's pledges for its dashboard (the owner and co-hosts, who already passed the party's
 * guard): newest first, without the sponsor's e-mail or document.
 */
export async function listPartyPledges(partyId: string, executor: Executor = db) {
  return executor
    .select({
      id: matchPledges.id,
      sponsorName: matchPledges.sponsorName,
      ratioPercent: matchPledges.ratioPercent,
      capCents: matchPledges.capCents,
      matchedCents: matchPledges.matchedCents,
      status: matchPledges.status,
      deadline: matchPledges.deadline,
    })
    .from(matchPledges)
    .where(eq(matchPledges.partyId, partyId))
    .orderBy(desc(matchPledges.createdAt))
    .limit(20);
}
