/**
 * The sponsor's answer to a host's invitation (decision 219), by the signed link e-mailed to them:
 * no account needed — the sealed link is the key, and the pledge's status makes it single-use in
 * effect (only a `pendente_confirmacao` pledge is answered). Confirming makes the pledge `ativa`
 * (`confirmed_at` = now) and declining `cancelada`, each in one audited transaction that also
 * queues the host's e-mail.
 */
import { and, eq, ne } from "drizzle-orm";
import { recordAudit } from "~/platform/audit.server";
import { getConfig } from "~/platform/config.server";
import { formatDate } from "~/platform/dates";
import { db, type Executor, schema } from "~/platform/db.server";
import { firstName } from "~/platform/mail/render.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { verifyToken } from "~/platform/signed-link.server";
import { isPartyAcceptingGifts } from "~/domain/parties";
import { pledgeAnsweredEmail } from "./emails/pledge-invite.server";
import { matchHeadline } from "./match-banner";
import { institutionLabel } from "./pledge-invite.server";

const { matchPledges, parties, organizations, causes, user } = schema;

export const PLEDGE_ANSWER_MESSAGES = {
  invalid: "Este link de patrocínio não é válido. Peça um novo a quem organiza a festa.",
  expired: "Este link de patrocínio expirou. Peça um novo a quem organiza a festa.",
  answered: "Este pedido de patrocínio já foi respondido ou cancelado.",
  ended: "Esta festa não recebe mais doações: o patrocínio não pode mais começar.",
  otherActive: "Esta festa já tem outro patrocínio ativo: só um patrocinador por vez. Fale com quem organiza a festa.",
  confirmed: "Obrigado! A partir de agora cada doação paga à festa soma o seu patrocínio, até o teto. Avisamos quem organiza a festa.",
  declined: "Avisamos quem organiza a festa. Nada será cobrado de você.",
} as const;

export type PledgeInvite = {
  pledgeId: string;
  hostFirstName: string;
  partyName: string;
  partyCode: string;
  /** With its CNPJ, to say who receives; `institutionName` alone where it is said again. */
  institution: string;
  institutionName: string;
  sponsorName: string;
  ratioPercent: number;
  capCents: number;
  deadline: string;
  headline: string;
};

type Check = { ok: true; invite: PledgeInvite; ownerEmail: string; partyId: string } | { ok: false; message: string };

/** Reads a sponsor's link: our seal, not expired, a pledge still waiting, a party still taking gifts. */
async function checkInvite(token: unknown, now: Date, executor: Executor, lock: boolean): Promise<Check> {
  const verified = verifyToken<{ p?: unknown }>("match-pledge-invite", token, now);
  if (!verified.ok) return { ok: false, message: PLEDGE_ANSWER_MESSAGES[verified.error] };
  const pledgeId = verified.data?.p;
  if (typeof pledgeId !== "string" || !/^[0-9a-f-]{36}$/i.test(pledgeId)) return { ok: false, message: PLEDGE_ANSWER_MESSAGES.invalid };
  const query = executor
    .select({
      pledgeId: matchPledges.id,
      status: matchPledges.status,
      sponsorName: matchPledges.sponsorName,
      ratioPercent: matchPledges.ratioPercent,
      capCents: matchPledges.capCents,
      deadline: matchPledges.deadline,
      partyId: parties.id,
      partyName: parties.name,
      partyCode: parties.shareCode,
      active: parties.active,
      eventDate: parties.eventDate,
      ownerName: user.name,
      ownerEmail: user.email,
      institutionName: organizations.name,
      institutionCnpj: organizations.cnpj,
      causeName: causes.name,
    })
    .from(matchPledges)
    .innerJoin(parties, eq(parties.id, matchPledges.partyId))
    .innerJoin(user, eq(user.id, parties.userId))
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    .leftJoin(causes, eq(causes.id, parties.causeId))
    .where(eq(matchPledges.id, pledgeId));
  const [row] = lock ? await query.for("update", { of: matchPledges }) : await query;
  if (!row) return { ok: false, message: PLEDGE_ANSWER_MESSAGES.invalid };
  if (row.status !== "pendente_confirmacao") return { ok: false, message: PLEDGE_ANSWER_MESSAGES.answered };
  if (row.deadline.getTime() < now.getTime()) return { ok: false, message: PLEDGE_ANSWER_MESSAGES.expired };
  if (!isPartyAcceptingGifts(row, now)) return { ok: false, message: PLEDGE_ANSWER_MESSAGES.ended };
  return {
    ok: true,
    ownerEmail: row.ownerEmail,
    partyId: row.partyId,
    invite: {
      pledgeId: row.pledgeId,
      hostFirstName: firstName(row.ownerName),
      partyName: row.partyName,
      partyCode: row.partyCode,
      institution: institutionLabel(row),
      institutionName: row.institutionName ?? row.causeName ?? "a causa da festa",
      sponsorName: row.sponsorName,
      ratioPercent: row.ratioPercent,
      capCents: row.capCents,
      deadline: formatDate(row.deadline),
      headline: matchHeadline(row),
    },
  };
}

/** What /patrocinio/confirmar shows: who asks and the terms, or why the link no longer works. */
export async function readPledgeInvite(
  token: unknown,
  now: Date = new Date(),
): Promise<{ ok: true; invite: PledgeInvite } | { ok: false; message: string }> {
  const checked = await checkInvite(token, now, db, false);
  return checked.ok ? { ok: true, invite: checked.invite } : checked;
}

function isOneActiveConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === "23505") return pg.constraint === "match_pledges_one_active_per_party";
  }
  return false;
}

type PledgeAnswer = "confirmar" | "recusar";

/**
 * The sponsor answers. The pledge's row is locked, so two clicks (or two tabs) answer once; a
 * confirmation is refused when another pledge of the party became active meanwhile (checked, and
 * the one-active-per-party index as the last guard, its violation answered in plain words).
 */
export async function answerPledgeInvite(
  token: unknown,
  answer: PledgeAnswer,
  deps: { mailer: Mailer; now?: Date },
): Promise<{ ok: true; message: string; partyCode: string; confirmed: boolean } | { ok: false; message: string }> {
  const now = deps.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const checked = await checkInvite(token, now, tx, true);
      if (!checked.ok) return checked;
      const { invite } = checked;
      const confirmed = answer === "confirmar";
      if (confirmed) {
        const [other] = await tx
          .select({ id: matchPledges.id })
          .from(matchPledges)
          .where(and(eq(matchPledges.partyId, checked.partyId), eq(matchPledges.status, "ativa"), ne(matchPledges.id, invite.pledgeId)));
        if (other) return { ok: false, message: PLEDGE_ANSWER_MESSAGES.otherActive } as const;
      }
      await tx
        .update(matchPledges)
        .set(confirmed ? { status: "ativa", confirmedAt: now, updatedAt: now } : { status: "cancelada", updatedAt: now })
        .where(eq(matchPledges.id, invite.pledgeId));
      await recordAudit(tx, {
        actorUserId: null,
        action: confirmed ? "match_pledge.sponsor_confirm" : "match_pledge.sponsor_decline",
        entity: "match_pledge",
        entityId: invite.pledgeId,
        details: { partyId: checked.partyId },
      });
      await deps.mailer.enqueue(tx, {
        to: checked.ownerEmail,
        ...pledgeAnsweredEmail({
          hostFirstName: invite.hostFirstName,
          sponsorName: invite.sponsorName,
          partyName: invite.partyName,
          confirmed,
          dashboardUrl: `${getConfig().PUBLIC_URL}/painel/festa/${invite.partyCode}`,
        }),
      });
      return {
        ok: true,
        message: confirmed ? PLEDGE_ANSWER_MESSAGES.confirmed : PLEDGE_ANSWER_MESSAGES.declined,
        partyCode: invite.partyCode,
        confirmed,
      } as const;
    });
  } catch (error) {
    // An admin activated another sponsor between our check and our update: the index refused it.
    if (isOneActiveConflict(error)) return { ok: false, message: PLEDGE_ANSWER_MESSAGES.otherActive };
    throw error;
  }
}
