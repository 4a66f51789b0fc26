import { testContext } from "@tests/context";
import { readableRows, useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, cookieHeaderFrom, createTestUser } from "@tests/auth";
import { insertCause, insertParty, insertPaidGift } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "~/domain/accounts/auth-flows.server";
import { isAdmin } from "~/domain/accounts/users.server";
import { emailConfirmationUrl, EMAIL_VERIFY_TTL_SECONDS } from "~/domain/accounts/email-verification.server";
import { listReceiptsOfYear } from "~/domain/receipts/receipts.server";
import { db, schema } from "~/platform/db.server";
import { signToken } from "~/platform/signed-link.server";
import { parseConfig } from "~/platform/config.server";
import { action as contaAction, loader as contaLoader } from "./conta";
import { loader as emailChangeLoader } from "./conta.confirmar-email";
import { loader as exportLoader } from "./conta.exportar.$formato";
import { action, loader } from "./conta.confirmar-endereco";

const ctx = testContext();
const args = (request: Request, params: Record<string, string> = {}, context = ctx) => ({ request, params, context }) as never;
const ADMIN_EMAILS = parseConfig({ ...process.env, ADMIN_EMAILS: "chefe@exemplo.com.br" }).ADMIN_EMAILS;
const adminCtx = testContext({ config: { ...ctx.config, ADMIN_EMAILS } });

async function signUpAs(email: string, name = "Renata Guedes", adminEmails: readonly string[] = []) {
  const result = await signUp({ name, email, password: "segredo1", request: authedRequest("/auth"), ip: "198.51.100.4", adminEmails });
  if (!result.ok) throw new Error(`sign-up failed: ${result.error}`);
  return { userId: result.userId!, cookie: cookieHeaderFrom(result.setCookies) };
}

async function welcomeLinkTo(email: string): Promise<string> {
  const rows = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email)));
  const welcome = rows.filter((r) => r.template === "welcome");
  expect(welcome).toHaveLength(1);
  const url = /https?:\/\/\S+\/conta\/confirmar-endereco\?token=[\w.%-]+/.exec(welcome[0]!.text)?.[0];
  expect(url).toBeTruthy();
  return new URL(url!).pathname + new URL(url!).search;
}

const open = async (path: string, cookie?: string, context = ctx) => {
  const result = await loader(args(authedRequest(path, { cookie }), {}, context)).catch((r: unknown) => r);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const body = result as { data?: unknown; init?: { status?: number } };
  return "data" in body && body.init
    ? { status: body.init.status ?? 200, body: body.data as never }
    : { status: 200, body: result as never };
};

const emailVerified = async (userId: string) =>
  (await db.select({ v: schema.user.emailVerified }).from(schema.user).where(eq(schema.user.id, userId)))[0]!.v;

describe("sign-up's welcome e-mail and the address confirmation (issue 30)", () => {
  it("sign-up queues a welcome e-mail whose link, opened signed in, verifies the address", async () => {
    const me = await signUpAs("renata.guedes@exemplo.com.br");
    const [mail] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "welcome")));
    expect(mail).toMatchObject({ to: "renata.guedes@exemplo.com.br", subject: "Boas-vindas à Festa Solidária! Confirme seu e-mail" });
    expect(mail!.text).toContain("Olá, Renata!");
    expect(mail!.html).toContain("Confirmar meu e-mail");
    const link = await welcomeLinkTo("renata.guedes@exemplo.com.br");
    expect(await emailVerified(me.userId)).toBe(false);

    // Without a session the link sends to /auth and back: nothing changes yet.
    const anonymous = await open(link);
    expect(anonymous).toMatchObject({ status: 302, location: `/auth?redirectTo=${encodeURIComponent(link)}` });
    expect(await emailVerified(me.userId)).toBe(false);

    const page = await open(link, me.cookie);
    expect(page.body).toMatchObject({ view: "confirmed", email: "renata.guedes@exemplo.com.br", attachedGifts: 0 });
    expect(await emailVerified(me.userId)).toBe(true);
    const conta = await contaLoader(args(authedRequest("/conta", { cookie: me.cookie })));
    expect(conta.profile.emailVerified).toBe(true);
    // Opening it again is harmless.
    expect((await open(link, me.cookie)).body).toMatchObject({ view: "confirmed" });
  });

  it("a tampered, expired, stale or someone else's link verifies nothing", async () => {
    const me = await signUpAs("tania.prova@exemplo.com.br");
    const link = await welcomeLinkTo("tania.prova@exemplo.com.br");
    const tampered = link.slice(0, -3) + (link.endsWith("A") ? "BBB" : "AAA");
    expect(await open(tampered, me.cookie)).toMatchObject({ status: 400, body: { view: "failed", title: "Link inválido" } });

    const old = new Date(Date.now() - (EMAIL_VERIFY_TTL_SECONDS + 60) * 1000);
    const expired = new URL(emailConfirmationUrl("http://localhost:3000", { id: me.userId, email: "tania.prova@exemplo.com.br" }, old));
    expect(await open(expired.pathname + expired.search, me.cookie)).toMatchObject({ status: 410, body: { title: "Link expirado" } });

    // Another purpose's token (a plan-management link) is not a confirmation.
    const foreign = signToken("plan-manage", { u: me.userId, em: "tania.prova@exemplo.com.br" }, 3600);
    expect((await open(`/conta/confirmar-endereco?token=${foreign}`, me.cookie)).status).toBe(400);

    // Someone signed up with Tânia's address; Tânia (signed in to her own account elsewhere) opens the link: refused.
    const stranger = await createTestUser({ email: "outra.conta@exemplo.com.br" });
    expect(await open(link, stranger.cookie)).toMatchObject({ status: 403, body: { title: "Este link é de outra conta" } });

    // A link sent before the address changed proves the old address only.
    await db.update(schema.user).set({ email: "tania.nova@exemplo.com.br" }).where(eq(schema.user.id, me.userId));
    expect(await open(link, me.cookie)).toMatchObject({ status: 400, body: { title: "Link já não vale" } });
    expect(await emailVerified(me.userId)).toBe(false);
  });

  it("ADMIN_EMAILS: sign-up and sign-in with an unverified listed address grant nothing; the confirmation does", async () => {
    const chefe = await signUpAs("chefe@exemplo.com.br", "Chefe", ADMIN_EMAILS);
    expect(await isAdmin(chefe.userId)).toBe(false);
    const early = await signIn({
      email: "chefe@exemplo.com.br",
      password: "segredo1",
      request: authedRequest("/auth"),
      ip: "198.51.100.4",
      adminEmails: ADMIN_EMAILS,
    });
    expect(early.ok).toBe(true);
    expect(await isAdmin(chefe.userId)).toBe(false);
    // A listed address's link, opened by another account, grants nothing to anyone.
    const link = await welcomeLinkTo("chefe@exemplo.com.br");
    const other = await createTestUser();
    await open(link, other.cookie, adminCtx);
    expect(await isAdmin(other.user.id)).toBe(false);
    expect(await isAdmin(chefe.userId)).toBe(false);

    await open(link, chefe.cookie, adminCtx);
    expect(await isAdmin(chefe.userId)).toBe(true);
  });

  it("sends a new link on request (at most 3 an hour), and none once the address is confirmed", async () => {
    const me = await signUpAs("lia.reenvio@exemplo.com.br");
    const ask = () =>
      action(
        args(
          authedRequest("/conta/confirmar-endereco", {
            method: "POST",
            cookie: me.cookie,
            body: new URLSearchParams({ intent: "reenviar" }),
          }),
        ),
      );
    const status = await open("/conta/confirmar-endereco", me.cookie);
    expect(status.body).toMatchObject({ view: "status", verified: false });
    for (let i = 0; i < 3; i++) expect(await ask()).toMatchObject({ data: { sent: true } });
    expect(await ask()).toMatchObject({ data: { sent: false }, init: { status: 429 } });
    const mails = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, "lia.reenvio@exemplo.com.br")));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Boas-vindas à Festa Solidária! Confirme seu e-mail",
      "Confirme seu e-mail na Festa Solidária",
      "Confirme seu e-mail na Festa Solidária",
      "Confirme seu e-mail na Festa Solidária",
    ]);
    const bad = await action(
      args(authedRequest("/conta/confirmar-endereco", { method: "POST", cookie: me.cookie, body: new URLSearchParams({ intent: "x" }) })),
    );
    expect(bad).toMatchObject({ init: { status: 400 } });
  });
});

describe("one account, every gift (issue 30, decision 182)", () => {
  it("attaches the guest gifts made with the address at confirmation: /conta, statement, export; they stay after an e-mail change", async () => {
    const cause = await insertCause();
    const host = await createTestUser();
    const party = await insertParty({ userId: host.user.id, causeId: cause.id, name: "Festa da Lua" });
    const year = new Date().getFullYear();
    const guestGift = await insertPaidGift(party.id, { name: "Paula Guest", email: "Paula.Convidada@exemplo.com.br", amountCents: 4200 });
    // Someone else's signed-in gift typed with the same address is not moved.
    const someoneElse = await createTestUser();
    const theirs = await insertPaidGift(party.id, { name: "Outra", email: "paula.convidada@exemplo.com.br" });
    await db.update(schema.donations).set({ userId: someoneElse.user.id }).where(eq(schema.donations.id, theirs.id));

    const me = await signUpAs("paula.convidada@exemplo.com.br", "Paula Convidada");
    // Before the address is proven, nothing of the guest's shows.
    expect((await contaLoader(args(authedRequest("/conta", { cookie: me.cookie })))).gifts).toEqual([]);

    const page = await open(await welcomeLinkTo("paula.convidada@exemplo.com.br"), me.cookie);
    expect(page.body).toMatchObject({ view: "confirmed", attachedGifts: 1 });
    const [row] = await db.select().from(schema.donations).where(eq(schema.donations.id, guestGift.id));
    expect(row!.userId).toBe(me.userId);
    const [untouched] = await db.select().from(schema.donations).where(eq(schema.donations.id, theirs.id));
    expect(untouched!.userId).toBe(someoneElse.user.id);

    const conta = await contaLoader(args(authedRequest("/conta", { cookie: me.cookie })));
    expect(conta.gifts.map((g) => g.receiptNumber)).toEqual([guestGift.receiptNumber]);
    expect(conta.statements.map((s) => s.year)).toEqual([year]);
    const json = (await exportLoader(args(authedRequest("/conta/exportar/json", { cookie: me.cookie }), { formato: "json" }))) as Response;
    expect(JSON.parse(await json.text()).gifts.map((g: { amountCents: number }) => g.amountCents)).toEqual([4200]);

    // The account moves to another address: the gifts proven hers stay hers.
    await contaAction(
      args(
        authedRequest("/conta", {
          method: "POST",
          cookie: me.cookie,
          body: new URLSearchParams({ intent: "email", email: "paula.nova@exemplo.com.br", currentPassword: "segredo1" }),
        }),
      ),
    );
    const [change] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, "paula.nova@exemplo.com.br")));
    const changeLink = new URL(/https?:\/\/\S+\/conta\/confirmar-email\?token=[\w.%-]+/.exec(change!.text)![0]);
    await emailChangeLoader(args(authedRequest(changeLink.pathname + changeLink.search)));
    const after = await contaLoader(args(authedRequest("/conta", { cookie: me.cookie })));
    expect(after.profile.email).toBe("paula.nova@exemplo.com.br");
    expect(after.gifts.map((g) => g.receiptNumber)).toEqual([guestGift.receiptNumber]);
    const receipts = await listReceiptsOfYear({ userId: me.userId, email: "paula.nova@exemplo.com.br", emailVerified: true }, year);
    expect(receipts.map((r) => r.grossCents)).toContain(4200);
  });

  it("deleting the account anonymises the attached guest gifts: no name, no e-mail; the amount stays", async () => {
    const cause = await insertCause();
    const host = await createTestUser();
    const party = await insertParty({ userId: host.user.id, causeId: cause.id });
    const gift = await insertPaidGift(party.id, {
      name: "Heitor Visitante",
      email: "heitor.v@exemplo.com.br",
      amountCents: 3100,
      message: "Oi",
    });
    const me = await signUpAs("heitor.v@exemplo.com.br", "Heitor Visitante");
    await open(await welcomeLinkTo("heitor.v@exemplo.com.br"), me.cookie);
    const response = (await contaAction(
      args(
        authedRequest("/conta", {
          method: "POST",
          cookie: me.cookie,
          body: new URLSearchParams({ intent: "excluir", password: "segredo1" }),
        }),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    const [row] = await db.select().from(schema.donations).where(eq(schema.donations.id, gift.id));
    expect(row).toMatchObject({
      donorName: null,
      donorEmail: null,
      message: null,
      anonymous: true,
      userId: null,
      amountCents: 3100,
      status: "paga",
    });
  });
});
