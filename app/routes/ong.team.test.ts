import { testContext } from "@tests/context";
import { readableRows, useTestDatabase } from "@tests/database";
useTestDatabase();

import { outcome } from "@tests/admin";
import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution } from "@tests/parties";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEAM_MESSAGES } from "~/domain/organizations/institution-team.server";
import { db, schema } from "~/platform/db.server";
import { signToken } from "~/platform/signed-link.server";
import { action as acceptAction, loader as inviteLoader } from "./ong.convite";
import { action as teamAction, loader as teamLoader } from "./ong.$slug.equipe";

const ctx = testContext();

async function institutionWithOwner() {
  const cause = await insertCause({ name: `Causa ${Math.random()}` });
  const org = await insertInstitution(cause.id);
  const owner = await createTestUser();
  await db.insert(schema.institutionMembers).values({ organizationId: org.id, userId: owner.user.id, role: "owner" });
  return { org, owner };
}

const team = (slug: string, cookie?: string) =>
  outcome(() => teamLoader({ request: authedRequest(`/ong/${slug}/equipe`, { cookie }), params: { slug }, context: ctx } as never));

async function post(slug: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return outcome(() =>
    teamAction({
      request: authedRequest(`/ong/${slug}/equipe`, { method: "POST", body, cookie }),
      params: { slug },
      context: ctx,
    } as never),
  );
}

async function accept(token: string, cookie: string) {
  const body = new FormData();
  body.set("t", token);
  return outcome(() =>
    acceptAction({ request: authedRequest("/ong/convite", { method: "POST", body, cookie }), params: {}, context: ctx } as never),
  );
}

/** The token from the invitation e-mail's link. */
async function invitationToken(to: string) {
  const [mail] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)));
  const match = /\/ong\/convite\?t=([^\s"]+)/.exec(mail!.text);
  return decodeURIComponent(match![1]!);
}

const isMember = async (organizationId: string, userId: string) =>
  (
    await db
      .select()
      .from(schema.institutionMembers)
      .where(and(eq(schema.institutionMembers.organizationId, organizationId), eq(schema.institutionMembers.userId, userId)))
  ).length > 0;

describe("an institution's team", () => {
  it("the owner invites by e-mail; the invited person accepts once and joins as a member", async () => {
    const { org, owner } = await institutionWithOwner();
    const member = await createTestUser();
    const sent = await post(org.slug, owner.cookie, { intent: "convidar", email: member.user.email.toUpperCase() });
    expect(sent.status).toBe(302);
    const token = await invitationToken(member.user.email.toLowerCase());
    const shown = await outcome(() =>
      inviteLoader({
        request: authedRequest(`/ong/convite?t=${encodeURIComponent(token)}`, { cookie: member.cookie }),
        params: {},
        context: ctx,
      } as never),
    );
    expect(shown.body).toMatchObject({ ok: true, institutionName: org.name });
    expect((await accept(token, member.cookie)).location).toBe(`/ong/${org.slug}/equipe`);
    expect(await isMember(org.id, member.user.id)).toBe(true);
    expect((await team(org.slug, member.cookie)).body).toMatchObject({
      role: "member",
      team: [expect.objectContaining({ role: "owner" }), expect.objectContaining({ role: "member" })],
    });
    // Used once.
    expect((await accept(token, member.cookie)).body).toEqual({ message: TEAM_MESSAGES.inviteUsed });
  });

  it("an invitation works only for the address it was sent to, and not after it expires", async () => {
    const { org, owner } = await institutionWithOwner();
    await post(org.slug, owner.cookie, { intent: "convidar", email: "convidada@exemplo.com.br" });
    const token = await invitationToken("convidada@exemplo.com.br");
    const stranger = await createTestUser();
    expect((await accept(token, stranger.cookie)).body).toEqual({ message: TEAM_MESSAGES.inviteOtherEmail("convidada@exemplo.com.br") });
    expect(await isMember(org.id, stranger.user.id)).toBe(false);
    const [invite] = await db.select().from(schema.institutionInvites);
    const expired = signToken("institution-invite", { i: invite!.id }, -1);
    expect((await accept(expired, stranger.cookie)).body).toEqual({ message: TEAM_MESSAGES.inviteExpired });
    expect((await accept("forjado.token", stranger.cookie)).body).toEqual({ message: TEAM_MESSAGES.inviteInvalid });
  });

  it("a member of institution A cannot read or change institution B's team (404, like a missing page)", async () => {
    const a = await institutionWithOwner();
    const b = await institutionWithOwner();
    const before = await db.select().from(schema.institutionMembers);
    expect((await team(b.org.slug, a.owner.cookie)).status).toBe(404);
    expect((await post(b.org.slug, a.owner.cookie, { intent: "convidar", email: "x@exemplo.com.br" })).status).toBe(404);
    expect((await post(b.org.slug, a.owner.cookie, { intent: "remover", userId: b.owner.user.id })).status).toBe(404);
    expect(await db.select().from(schema.institutionMembers)).toEqual(before);
    expect(await db.select().from(schema.institutionInvites)).toEqual([]);
  });

  it("a person may belong to several institutions", async () => {
    const a = await institutionWithOwner();
    const b = await institutionWithOwner();
    await db.insert(schema.institutionMembers).values({ organizationId: b.org.id, userId: a.owner.user.id, role: "member" });
    expect((await team(a.org.slug, a.owner.cookie)).body).toMatchObject({ role: "owner" });
    expect((await team(b.org.slug, a.owner.cookie)).body).toMatchObject({ role: "member" });
  });

  it("a member cannot invite or remove; the owner removes a member, who is refused from then on; the owner stays", async () => {
    const { org, owner } = await institutionWithOwner();
    const member = await createTestUser();
    await db.insert(schema.institutionMembers).values({ organizationId: org.id, userId: member.user.id, role: "member" });
    expect((await post(org.slug, member.cookie, { intent: "convidar", email: "y@exemplo.com.br" })).status).toBe(403);
    expect((await post(org.slug, member.cookie, { intent: "remover", userId: owner.user.id })).status).toBe(403);
    expect((await post(org.slug, owner.cookie, { intent: "remover", userId: owner.user.id })).status).toBe(302);
    expect(await isMember(org.id, owner.user.id)).toBe(true);
    expect((await post(org.slug, owner.cookie, { intent: "remover", userId: member.user.id })).status).toBe(302);
    expect(await isMember(org.id, member.user.id)).toBe(false);
    expect((await team(org.slug, member.cookie)).status).toBe(404);
    expect((await team(org.slug)).status).toBe(302);
  });
});
