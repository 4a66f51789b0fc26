/**
 * The host's matching pledge and the sponsor's answer by a signed e-mail link (decision 219): on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertParty, insertUser } from "@tests/parties";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { outboxMailer, readableEmail } from "~/platform/mail/outbox.server";
import { activeMatchBanner } from "./matching.server";
import { answerPledgeInvite, PLEDGE_ANSWER_MESSAGES, readPledgeInvite } from "./pledge-answer.server";
import { type PledgeInviteInput, pledgeInviteSchema } from "./pledge-form";
import { cancelPledgeInvite, createPledgeInvite, PLEDGE_INVITE_MESSAGES, resendPledgeInvite } from "./pledge-invite.server";

useTestDatabase();

const deps = { mailer: outboxMailer };
const SPONSOR = "contato@padaria.exemplo.com.br";

function input(overrides: Record<string, string> = {}): PledgeInviteInput {
  const parsed = pledgeInviteSchema.safeParse({
    intent: "convidar-patrocinador",
    sponsorName: "Padaria Pão Quente",
    sponsorDocument: "11.222.333/0001-81",
    sponsorEmail: SPONSOR,
    sponsorLogoUrl: "",
    ratioPercent: "100",
    cap: "500,00",
    deadline: addCalendarDays(todayInSaoPaulo(), 20),
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function world() {
  const owner = await insertUser("Olga Dona Souza");
  const cause = await insertCause();
  const org = await insertInstitution(cause.id, { name: "Instituto Criança Feliz" });
  const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, name: "Festa da Olga" });
  return { owner, cause, org, party };
}

const pledgesOf = (partyId: string) => db.select().from(schema.matchPledges).where(eq(schema.matchPledges.partyId, partyId));

async function mailsTo(to: string, template: string) {
  const rows = await db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, to), eq(schema.emailOutbox.template, template)));
  return rows.map(readableEmail);
}

/** The sponsor's link, read from the (sealed) outbox e-mail. */
async function sponsorToken(): Promise<string> {
  const mails = await mailsTo(SPONSOR, "match-pledge-invite");
  const found = /\/patrocinio\/confirmar\?t=(\S+)/.exec(mails.at(-1)!.text);
  return decodeURIComponent(found![1]!);
}

describe("a host invites a sponsor, who confirms by the signed link", () => {
  it("creates a pending pledge (audited, matching nothing), e-mails a sealed link; confirming activates it and tells the host", async () => {
    const { owner, party, org } = await world();
    expect(await createPledgeInvite(owner.id, party.id, input(), deps)).toEqual({
      ok: true,
      message: PLEDGE_INVITE_MESSAGES.sent("Padaria Pão Quente"),
    });
    const [pending] = await pledgesOf(party.id);
    expect(pending).toMatchObject({
      status: "pendente_confirmacao",
      confirmedAt: null,
      createdBy: owner.id,
      capCents: 50_000,
      sponsorEmail: SPONSOR,
    });
    expect(await activeMatchBanner(party.id)).toBeNull();
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, pending!.id));
    expect(audit).toMatchObject({ action: "match_pledge.invite", actorUserId: owner.id });
    const [stored] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "match-pledge-invite"));
    expect(stored!.text).not.toContain("patrocinio/confirmar"); // the key waits sealed

    const token = await sponsorToken();
    const read = await readPledgeInvite(token);
    expect(read).toMatchObject({
      ok: true,
      invite: {
        hostFirstName: "Olga",
        partyName: "Festa da Olga",
        sponsorName: "Padaria Pão Quente",
        headline: "Cada real vale dois até R$ 500,00 — patrocínio de Padaria Pão Quente",
      },
    });
    expect(read.ok && read.invite.institution).toMatch(/^Instituto Criança Feliz \(CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\)$/);
    expect(read.ok && read.invite.institution).toContain(org.cnpj!.slice(0, 2));
    expect(JSON.stringify(read)).not.toContain(SPONSOR);

    expect(await answerPledgeInvite(token, "confirmar", deps)).toMatchObject({ ok: true, confirmed: true, partyCode: party.shareCode });
    const [active] = await pledgesOf(party.id);
    expect(active!.status).toBe("ativa");
    expect(active!.confirmedAt).toBeInstanceOf(Date);
    expect(await activeMatchBanner(party.id)).toMatchObject({ sponsorName: "Padaria Pão Quente", remainingCents: 50_000 });
    const [hostMail] = await mailsTo(`${owner.id}@exemplo.com.br`, "match-pledge-answered");
    expect(hostMail!.subject).toBe("Padaria Pão Quente confirmou o patrocínio da festa Festa da Olga");

    // Single-use in effect: the same link answers nothing more.
    expect(await answerPledgeInvite(token, "recusar", deps)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.answered });
    expect(await readPledgeInvite(token)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.answered });
  });

  it("declining cancels the pledge and tells the host; a new invitation may follow", async () => {
    const { owner, party } = await world();
    await createPledgeInvite(owner.id, party.id, input(), deps);
    expect(await answerPledgeInvite(await sponsorToken(), "recusar", deps)).toMatchObject({ ok: true, confirmed: false });
    expect((await pledgesOf(party.id)).map((p) => p.status)).toEqual(["cancelada"]);
    const [hostMail] = await mailsTo(`${owner.id}@exemplo.com.br`, "match-pledge-answered");
    expect(hostMail!.subject).toBe("Padaria Pão Quente recusou o patrocínio da festa Festa da Olga");
    expect((await createPledgeInvite(owner.id, party.id, input(), deps)).ok).toBe(true);
  });

  it("refuses an expired link (7 days, or the deadline when sooner) and a tampered one", async () => {
    const { owner, party } = await world();
    await createPledgeInvite(owner.id, party.id, input(), deps);
    const token = await sponsorToken();
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await readPledgeInvite(token, later)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.expired });
    expect(await answerPledgeInvite(token, "confirmar", { ...deps, now: later })).toEqual({
      ok: false,
      message: PLEDGE_ANSWER_MESSAGES.expired,
    });
    const tampered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(await answerPledgeInvite(tampered, "confirmar", deps)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.invalid });
    expect(await answerPledgeInvite("forjado.token", "confirmar", deps)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.invalid });
    expect((await pledgesOf(party.id)).map((p) => p.status)).toEqual(["pendente_confirmacao"]);

    // A match ending in 2 days: its link ends with it.
    const other = await world();
    await createPledgeInvite(other.owner.id, other.party.id, input({ deadline: addCalendarDays(todayInSaoPaulo(), 2) }), deps);
    const short = await sponsorToken();
    expect(await readPledgeInvite(short, new Date(Date.now() + 4 * 86_400_000))).toEqual({
      ok: false,
      message: PLEDGE_ANSWER_MESSAGES.expired,
    });
  });

  it("only the party's owner invites: another party's owner and a co-host read 'not found'", async () => {
    const { party } = await world();
    const stranger = await world();
    expect(await createPledgeInvite(stranger.owner.id, party.id, input(), deps)).toEqual({
      ok: false,
      message: PLEDGE_INVITE_MESSAGES.notFound,
    });
    const cohost = await insertUser("Carla Co");
    await db.insert(schema.partyCohosts).values({
      partyId: party.id,
      invitedEmail: `${cohost.id}@exemplo.com.br`,
      userId: cohost.id,
      status: "accepted",
      acceptedAt: new Date(),
    });
    expect(await createPledgeInvite(cohost.id, party.id, input(), deps)).toEqual({ ok: false, message: PLEDGE_INVITE_MESSAGES.notFound });
    expect(await pledgesOf(party.id)).toEqual([]);
    expect(await mailsTo(SPONSOR, "match-pledge-invite")).toEqual([]);
  });

  it("refuses a second invitation while one waits or one is active, a past deadline and an ended party", async () => {
    const { owner, party, cause } = await world();
    expect((await createPledgeInvite(owner.id, party.id, input(), deps)).ok).toBe(true);
    expect(await createPledgeInvite(owner.id, party.id, input({ sponsorName: "Mercado Bom Preço" }), deps)).toEqual({
      ok: false,
      message: PLEDGE_INVITE_MESSAGES.pending,
    });
    await answerPledgeInvite(await sponsorToken(), "confirmar", deps);
    expect(await createPledgeInvite(owner.id, party.id, input({ sponsorName: "Mercado Bom Preço" }), deps)).toEqual({
      ok: false,
      message: PLEDGE_INVITE_MESSAGES.taken,
    });
    expect(await createPledgeInvite(owner.id, party.id, input({ deadline: addCalendarDays(todayInSaoPaulo(), -1) }), deps)).toMatchObject({
      ok: false,
      field: "deadline",
    });
    const ended = await insertParty({ userId: owner.id, causeId: cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -30) });
    expect(await createPledgeInvite(owner.id, ended.id, input(), deps)).toEqual({ ok: false, message: PLEDGE_INVITE_MESSAGES.closed });
  });

  it("a confirmation after another pledge became active is refused in plain words; two at once: one wins (the index guards it)", async () => {
    const { owner, party } = await world();
    await createPledgeInvite(owner.id, party.id, input(), deps);
    const token = await sponsorToken();
    // An admin activated another sponsor meanwhile (decision 215).
    const [admins] = await db
      .insert(schema.matchPledges)
      .values({
        partyId: party.id,
        sponsorName: "Outro",
        sponsorDocument: "52998224725",
        capCents: 10_000,
        status: "ativa",
        deadline: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect(await answerPledgeInvite(token, "confirmar", deps)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.otherActive });
    expect((await pledgesOf(party.id)).find((p) => p.id !== admins!.id)!.status).toBe("pendente_confirmacao");

    // Two invitations waiting (one written past the service's rule) confirmed at the same moment.
    await db.update(schema.matchPledges).set({ status: "cancelada" }).where(eq(schema.matchPledges.id, admins!.id));
    const second = await world();
    await createPledgeInvite(second.owner.id, second.party.id, input(), deps);
    const first = await sponsorToken();
    const [copy] = await pledgesOf(second.party.id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...row } = copy!;
    await db.insert(schema.matchPledges).values({ ...row, sponsorName: "Mercado Bom Preço" });
    await resendPledgeInvite(
      second.owner.id,
      second.party.id,
      (await pledgesOf(second.party.id)).find((p) => p.sponsorName === "Mercado Bom Preço")!.id,
      deps,
    );
    const other = await sponsorToken();
    const answers = await Promise.all([answerPledgeInvite(first, "confirmar", deps), answerPledgeInvite(other, "confirmar", deps)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, message: PLEDGE_ANSWER_MESSAGES.otherActive }]);
    expect((await pledgesOf(second.party.id)).filter((p) => p.status === "ativa")).toHaveLength(1);
  });

  it("the owner cancels a waiting invitation (its link then answers nothing) and sends it again at most 3 times an hour", async () => {
    const { owner, party } = await world();
    await createPledgeInvite(owner.id, party.id, input(), deps);
    const [pledge] = await pledgesOf(party.id);
    const cohost = await insertUser("Carla Co");
    expect(await cancelPledgeInvite(cohost.id, party.id, pledge!.id)).toEqual({ ok: false, message: PLEDGE_INVITE_MESSAGES.notPending });
    for (let i = 0; i < 3; i++)
      expect(await resendPledgeInvite(owner.id, party.id, pledge!.id, deps)).toEqual({ ok: true, message: PLEDGE_INVITE_MESSAGES.resent });
    expect(await resendPledgeInvite(owner.id, party.id, pledge!.id, deps)).toEqual({
      ok: false,
      message: PLEDGE_INVITE_MESSAGES.resendLimit,
    });
    expect(await mailsTo(SPONSOR, "match-pledge-invite")).toHaveLength(4);
    const token = await sponsorToken();
    expect(await cancelPledgeInvite(owner.id, party.id, pledge!.id)).toEqual({ ok: true, message: PLEDGE_INVITE_MESSAGES.cancelled });
    expect(await answerPledgeInvite(token, "confirmar", deps)).toEqual({ ok: false, message: PLEDGE_ANSWER_MESSAGES.answered });
    expect((await pledgesOf(party.id)).map((p) => p.status)).toEqual(["cancelada"]);
  });
});
