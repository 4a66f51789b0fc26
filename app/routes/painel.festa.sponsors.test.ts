import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser, type TestUser } from "@tests/auth";
import { insertCause, insertInstitution, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { readableEmail } from "~/platform/mail/outbox.server";
import { action, loader } from "./painel.festa.$id";
import { action as confirmAction, loader as confirmLoader } from "./patrocinio.confirmar";

// The dashboard's sponsors (decision 219): the owner invites, a co-host sees the list but gets the
// 404 of a stranger's party when asking to invite or cancel; the sponsor's link page answers.

const CODE = "pat01";
const SPONSOR = "financeiro@padaria.exemplo.com.br";

async function world() {
  const owner = await createTestUser({ name: "Olga Dona" });
  const cohost = await createTestUser({ name: "Carla Co" });
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const party = await insertParty({
    userId: owner.user.id,
    causeId: cause.id,
    organizationId: org.id,
    shareCode: CODE,
    name: "Festa da Olga",
  });
  await db.insert(schema.partyCohosts).values({
    partyId: party.id,
    invitedEmail: cohost.user.email,
    userId: cohost.user.id,
    status: "accepted",
    acceptedAt: new Date(),
  });
  return { owner, cohost, party };
}

const invite = {
  intent: "convidar-patrocinador",
  sponsorName: "Padaria Pão Quente",
  sponsorDocument: "11.222.333/0001-81",
  sponsorEmail: SPONSOR,
  ratioPercent: "200",
  cap: "300,00",
  deadline: addCalendarDays(todayInSaoPaulo(), 5),
};

async function post(handler: typeof action | typeof confirmAction, path: string, fields: Record<string, string>, person?: TestUser) {
  const request = authedRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie: person?.cookie });
  const result = await handler({ request, params: { id: CODE }, context: testContext() } as never).catch((r: unknown) => r);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null as unknown };
  const r = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, location: null, body: r.data };
  return { status: 200, location: null, body: result };
}

async function get(handler: typeof loader | typeof confirmLoader, path: string, person?: TestUser) {
  const request = authedRequest(path, { cookie: person?.cookie });
  const result = await handler({ request, params: { id: CODE }, context: testContext() } as never);
  const r = result as { type?: string; data?: unknown };
  return (r?.type === "DataWithResponseInit" ? r.data : result) as Record<string, unknown>;
}

describe("the dashboard's sponsors", () => {
  it("the owner invites; a co-host sees the list without the sponsor's e-mail and cannot invite; the sponsor confirms on the link page", async () => {
    const { owner, cohost, party } = await world();
    expect(await post(action, `/painel/festa/${CODE}`, invite, cohost)).toMatchObject({ status: 404 });
    expect(await post(action, `/painel/festa/${CODE}`, invite, owner)).toMatchObject({
      status: 302,
      location: `/painel/festa/${CODE}#patrocinio`,
    });
    // A second one is refused on the form, in words.
    const again = await post(action, `/painel/festa/${CODE}`, { ...invite, sponsorName: "Outro" }, owner);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("aguardando confirmação");
    // A refused field comes back on the form.
    const bad = await post(action, `/painel/festa/${CODE}`, { ...invite, sponsorEmail: "" }, owner);
    expect(JSON.stringify(bad.body)).toContain("o pedido de confirmação vai para ele");

    const view = await get(loader, `/painel/festa/${CODE}`, cohost);
    expect(view.sponsors).toMatchObject({
      pledges: [{ sponsorName: "Padaria Pão Quente", status: "pendente_confirmacao", capCents: 30_000 }],
    });
    expect(JSON.stringify(view)).not.toContain(SPONSOR);
    const [pledge] = await db.select().from(schema.matchPledges).where(eq(schema.matchPledges.partyId, party.id));
    expect(await post(action, `/painel/festa/${CODE}`, { intent: "cancelar-patrocinio", pledgeId: pledge!.id }, cohost)).toMatchObject({
      status: 404,
    });

    const [mail] = (await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, SPONSOR))).map(readableEmail);
    const token = decodeURIComponent(/\/patrocinio\/confirmar\?t=(\S+)/.exec(mail!.text)![1]!);
    const page = await get(confirmLoader, `/patrocinio/confirmar?t=${encodeURIComponent(token)}`);
    expect(page).toMatchObject({
      view: "ask",
      invite: { hostFirstName: "Olga", cap: "R$ 300,00", headline: expect.stringContaining("vale três") },
    });
    expect(JSON.stringify(page)).not.toContain(SPONSOR);
    expect(await post(confirmAction, "/patrocinio/confirmar", { t: token, resposta: "confirmar" })).toMatchObject({
      status: 200,
      body: { ok: true, confirmed: true, partyCode: CODE },
    });
    expect(await post(confirmAction, "/patrocinio/confirmar", { t: token, resposta: "confirmar" })).toMatchObject({ status: 409 });
    const after = await get(loader, `/painel/festa/${CODE}`, owner);
    expect(after.sponsors).toMatchObject({ pledges: [{ status: "ativa" }] });
  });
});
