import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser, type TestUser } from "@tests/auth";
import { insertCause, insertInstitution, insertPaidGift, insertParty } from "@tests/parties";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { readableEmail } from "~/platform/mail/outbox.server";
import { acceptCohostInvite, COHOST_MESSAGES } from "~/domain/parties/cohosts.server";
import { updateOwnParty } from "~/domain/parties/own-party.server";
import { listPartiesOfOwner } from "~/domain/parties/party-list.server";
import { action, loader } from "./painel.festa.$id";
import { action as acceptAction, loader as acceptLoader } from "./painel.coanfitriao";
import { loader as streamLoader } from "./painel.eventos";
import { readUntil } from "@tests/event-stream";
import { loader as editLoader } from "./painel.festa.$id.editar";
import { loader as csvLoader } from "./painel.festa.$id.convidados[.]csv";
import { loader as qrLoader } from "./painel.festa.$id.qr[.]png";

// Co-hosts (issue 29, item 2; decision 217): the owner invites by e-mail, the invited verified
// address accepts, the co-host runs the dashboard but never changes who co-hosts; a stranger gets 404.

const CODE = "coh01";

async function verified(options: { name?: string } = {}) {
  const person = await createTestUser(options);
  await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, person.user.id));
  return person;
}

async function world() {
  const owner = await verified({ name: "Olga Dona" });
  const cohost = await verified({ name: "Carla Co" });
  const stranger = await verified({ name: "Sérgio Estranho" });
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const party = await insertParty({
    userId: owner.user.id,
    causeId: cause.id,
    organizationId: org.id,
    shareCode: CODE,
    name: "Festa da Olga",
  });
  await insertPaidGift(party.id, { amountCents: 7_000, name: "Dora Doadora", email: "dora@exemplo.com.br" });
  return { owner, cohost, stranger, party };
}

async function post(person: TestUser | null, fields: Record<string, string>, path = `/painel/festa/${CODE}`) {
  const body = new URLSearchParams(fields);
  const request = authedRequest(path, { method: "POST", body, cookie: person?.cookie });
  const handler = path.startsWith("/painel/coanfitriao") ? acceptAction : action;
  const result = await handler({ request, params: { id: CODE }, context: testContext() } as never).catch((r: unknown) => r);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const r = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, location: null, body: r.data };
  return { status: 200, location: null, body: result };
}

async function dashboard(person: TestUser) {
  const request = authedRequest(`/painel/festa/${CODE}`, { cookie: person.cookie });
  return loader({ request, params: { id: CODE }, context: testContext() } as never).catch((r: unknown) => r);
}

const statusOf = (thrown: unknown) =>
  thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } }).init?.status ?? 200);

/** The owner invites `email`; the link's token, read from the (sealed) outbox e-mail. */
async function invite(owner: TestUser, email: string): Promise<string> {
  const sent = await post(owner, { intent: "convidar-coanfitriao", email });
  expect(sent).toMatchObject({ status: 302, location: `/painel/festa/${CODE}#coanfitrioes` });
  const rows = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email.toLowerCase()));
  const mail = readableEmail(rows.at(-1)!);
  expect(mail.template).toBe("party-cohost-invite");
  const match = /\/painel\/coanfitriao\?t=(\S+)/.exec(mail.text);
  return decodeURIComponent(match![1]!);
}

const cohostRows = (partyId: string) => db.select().from(schema.partyCohosts).where(eq(schema.partyCohosts.partyId, partyId));

describe("co-hosts of a party", () => {
  it("invites by e-mail through the outbox (sealed), and the invited verified account accepts and runs the dashboard", async () => {
    const { owner, cohost, party } = await world();
    const token = await invite(owner, cohost.user.email.toUpperCase());
    const [stored] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "party-cohost-invite"));
    expect(stored!.text).not.toContain("coanfitriao?t="); // the key waits sealed

    const page = await acceptLoader({
      request: authedRequest(`/painel/coanfitriao?t=${encodeURIComponent(token)}`, { cookie: cohost.cookie }),
      params: {},
      context: testContext(),
    } as never);
    expect(page).toMatchObject({ ok: true, partyName: "Festa da Olga", email: cohost.user.email });
    const accepted = await post(cohost, { t: token }, "/painel/coanfitriao");
    expect(accepted).toMatchObject({ status: 302, location: `/painel/festa/${CODE}` });
    expect(await cohostRows(party.id)).toMatchObject([{ userId: cohost.user.id, status: "accepted", invitedEmail: cohost.user.email }]);

    // The dashboard, its guests and its downloads; marked co-host; in "Minhas festas" as co-anfitrião.
    const view = (await dashboard(cohost)) as { role: string; guests: { gifts: { name: string }[] }; cohosts: { status: string }[] };
    expect(view.role).toBe("cohost");
    expect(view.guests.gifts.map((g) => g.name)).toEqual(["Dora Doadora"]);
    expect(view.cohosts).toMatchObject([{ status: "accepted" }]);
    const qr = (await qrLoader({
      request: authedRequest(`/painel/festa/${CODE}/qr.png`, { cookie: cohost.cookie }),
      params: { id: CODE },
      context: testContext(),
    } as never)) as Response;
    expect(qr.headers.get("Content-Type")).toBe("image/png");
    const csv = await csvLoader({
      request: authedRequest(`/painel/festa/${CODE}/convidados.csv`, { cookie: cohost.cookie }),
      params: { id: CODE },
      context: testContext(),
    } as never).catch((r: unknown) => r);
    // The guests' contacts were promised to the one who organises: not to a co-host.
    expect(statusOf(csv)).toBe(404);
    expect((view as unknown as { guests: { csvHref: string | null } }).guests.csvHref).toBeNull();
    await expect(
      editLoader({
        request: authedRequest(`/painel/festa/${CODE}/editar`, { cookie: cohost.cookie }),
        params: { id: CODE },
        context: testContext(),
      } as never),
    ).resolves.toBeTruthy();
    expect(await listPartiesOfOwner(cohost.user.id)).toMatchObject([{ id: party.id, role: "cohost" }]);
    expect(await listPartiesOfOwner(owner.user.id)).toMatchObject([{ id: party.id, role: "owner" }]);

    // A co-host's edit goes through, audited under their name.
    const edited = await updateOwnParty(cohost.user.id, party.id, {
      goal: 50_000,
      message: "Bora!",
      name: undefined,
      eventDate: undefined,
    });
    expect(edited).toEqual({ ok: true, changed: ["goalCents", "message"] });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, party.id));
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual(
      expect.arrayContaining([
        ["party.cohost_invite", owner.user.id],
        ["party.cohost_accept", cohost.user.id],
        ["party.host_update", cohost.user.id],
      ]),
    );
  });

  it("a stranger gets 404 on the dashboard and on every intent; an edit by them reads as not found", async () => {
    const { owner, stranger, party } = await world();
    expect(statusOf(await dashboard(stranger))).toBe(404);
    expect(await post(stranger, { intent: "convidar-coanfitriao", email: stranger.user.email })).toMatchObject({ status: 404 });
    expect(await post(stranger, { intent: "emails", emails: "nenhum" })).toMatchObject({ status: 404 });
    expect(await updateOwnParty(stranger.user.id, party.id, { goal: 1, message: null, name: undefined, eventDate: undefined })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await listPartiesOfOwner(stranger.user.id)).toEqual([]);
    expect(await cohostRows(party.id)).toEqual([]);
    expect(statusOf(await dashboard(owner))).toBe(200);
  });

  it("a co-host cannot remove co-hosts nor invite: 404 and nothing changes; the owner revokes and the co-host loses the dashboard", async () => {
    const { owner, cohost, party } = await world();
    const second = await verified({ name: "Segunda Co" });
    expect((await acceptCohostInvite(await invite(owner, cohost.user.email), cohost.user.id)).ok).toBe(true);
    expect((await acceptCohostInvite(await invite(owner, second.user.email), second.user.id)).ok).toBe(true);
    const [secondRow] = await db
      .select()
      .from(schema.partyCohosts)
      .where(and(eq(schema.partyCohosts.partyId, party.id), eq(schema.partyCohosts.userId, second.user.id)));

    const before = await cohostRows(party.id);
    expect(await post(cohost, { intent: "remover-coanfitriao", cohostId: secondRow!.id })).toMatchObject({ status: 404 });
    expect(await post(cohost, { intent: "convidar-coanfitriao", email: "mais.um@exemplo.com.br" })).toMatchObject({ status: 404 });
    expect(await cohostRows(party.id)).toEqual(before);

    expect(await post(owner, { intent: "remover-coanfitriao", cohostId: secondRow!.id })).toMatchObject({ status: 302 });
    expect(statusOf(await dashboard(second))).toBe(404);
    expect(await listPartiesOfOwner(second.user.id)).toEqual([]);
    expect(statusOf(await dashboard(cohost))).toBe(200);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "party.cohost_revoke"));
    expect(audit).toMatchObject([{ actorUserId: owner.user.id, entityId: party.id }]);
  });

  it("an invitation for another address cannot be accepted, nor by an unverified account with the right address", async () => {
    const { owner, cohost, stranger, party } = await world();
    const token = await invite(owner, cohost.user.email);
    expect(await acceptCohostInvite(token, stranger.user.id)).toEqual({
      ok: false,
      message: COHOST_MESSAGES.inviteOtherEmail(cohost.user.email),
    });
    expect(await post(stranger, { t: token }, "/painel/coanfitriao")).toMatchObject({ status: 400 });
    await db.update(schema.user).set({ emailVerified: false }).where(eq(schema.user.id, cohost.user.id));
    expect(await acceptCohostInvite(token, cohost.user.id)).toEqual({ ok: false, message: COHOST_MESSAGES.unverified(cohost.user.email) });
    expect(await cohostRows(party.id)).toMatchObject([{ status: "invited", userId: null }]);
    expect(statusOf(await dashboard(stranger))).toBe(404);
  });

  it("refuses an expired, a tampered, a superseded and a revoked invitation link", async () => {
    const { owner, cohost, party } = await world();
    const token = await invite(owner, cohost.user.email);
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await acceptCohostInvite(token, cohost.user.id, later)).toEqual({ ok: false, message: COHOST_MESSAGES.inviteExpired });
    const tampered = token.slice(0, 10) + (token[10] === "A" ? "B" : "A") + token.slice(11);
    expect(await acceptCohostInvite(tampered, cohost.user.id)).toEqual({ ok: false, message: COHOST_MESSAGES.inviteInvalid });
    expect(await acceptCohostInvite("forjado.token", cohost.user.id)).toEqual({ ok: false, message: COHOST_MESSAGES.inviteInvalid });

    // Invited again: the older link is spent; the newer one works once.
    await new Promise((r) => setTimeout(r, 5));
    const newer = await invite(owner, cohost.user.email);
    expect(await acceptCohostInvite(token, cohost.user.id)).toEqual({ ok: false, message: COHOST_MESSAGES.inviteUsed });
    const [row] = await cohostRows(party.id);
    expect(await post(owner, { intent: "remover-coanfitriao", cohostId: row!.id })).toMatchObject({ status: 302 });
    expect(await acceptCohostInvite(newer, cohost.user.id)).toEqual({ ok: false, message: COHOST_MESSAGES.inviteUsed });
    expect(await cohostRows(party.id)).toMatchObject([{ status: "revoked", userId: null }]);
    expect(statusOf(await dashboard(cohost))).toBe(404);
  });

  it("the owner cannot invite their own address, and an accepted co-host is not invited twice", async () => {
    const { owner, cohost } = await world();
    const own = await post(owner, { intent: "convidar-coanfitriao", email: owner.user.email });
    expect(own.status).toBe(400);
    expect(JSON.stringify(own.body)).toContain(COHOST_MESSAGES.ownAddress);
    expect((await acceptCohostInvite(await invite(owner, cohost.user.email), cohost.user.id)).ok).toBe(true);
    const again = await post(owner, { intent: "convidar-coanfitriao", email: cohost.user.email });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(COHOST_MESSAGES.alreadyCohost);
  });

  it("the co-host's /painel live stream carries the co-hosted party's gifts, and ends once revoked", async () => {
    const { owner, cohost, party } = await world();
    expect((await acceptCohostInvite(await invite(owner, cohost.user.email), cohost.user.id)).ok).toBe(true);
    const abort = new AbortController();
    const request = authedRequest("/painel/eventos", { cookie: cohost.cookie, signal: abort.signal });
    const response = (await streamLoader({ request, params: {}, context: testContext() } as never)) as Response;
    const stream = response.body!;
    await readUntil(stream, (t) => t.includes("event: ready"));
    await insertPaidGift(party.id, { amountCents: 4_200 });
    const text = await readUntil(stream, (t) => t.includes("event: donation"));
    expect(text).toContain('"amountCents":4200');

    const [row] = await cohostRows(party.id);
    expect(await post(owner, { intent: "remover-coanfitriao", cohostId: row!.id })).toMatchObject({ status: 302 });
    await insertPaidGift(party.id, { amountCents: 1_300 });
    const after = await readUntil(stream, (t) => t.includes("event: end"));
    expect(after).not.toContain("1300");
    abort.abort();
  });
});
