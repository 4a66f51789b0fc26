import { testContext, testSandboxQueue } from "@tests/context";
import { testConnection, useTestDatabase, readableRows } from "@tests/database";
useTestDatabase();

import { authedRequest, cookieHeaderFrom, createTestUser } from "@tests/auth";
import { insertCause, insertParty, insertPaidGift } from "@tests/parties";
import { sandboxSubscriber, subscriptionEvent, subscriptionRow } from "@tests/subscriptions";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "~/domain/accounts/auth-config.server";
import { signIn, signUp } from "~/domain/accounts/auth-flows.server";
import { TERMS_VERSION } from "~/domain/accounts/privacy-policy";
import { CLOSED_BY_DELETION_MESSAGE } from "~/domain/accounts/privacy-policy";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { db, schema } from "~/platform/db.server";
import { signToken } from "~/platform/signed-link.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { submitContactMessage } from "~/domain/content/contact.server";
import { action, loader } from "./conta";
import { loader as confirmLoader } from "./conta.confirmar-email";
import { loader as exportLoader } from "./conta.exportar.$formato";
import { loader as festaLoader } from "./festa.$id";

const ctx = testContext();
const args = (request: Request, params: Record<string, string> = {}, context = ctx) => ({ request, params, context }) as never;
const post = (cookie: string, fields: Record<string, string>) =>
  authedRequest("/conta", { method: "POST", cookie, body: new URLSearchParams(fields) });

/**
 * Every text-like column of every table (text, varchar, json, arrays as text), searched for each
 * needle: what a deleted person leaves behind, if anything.
 */
async function findPersonalData(needles: string[]): Promise<string[]> {
  const conn = testConnection();
  const columns = (await db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')`,
  )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  void conn;
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const result = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${"%" + needle + "%"}`,
      )) as unknown as { rows: Array<{ n: number }> };
      if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name} ∋ ${needle}`);
    }
  }
  return found;
}

describe("/conta", () => {
  it("records at sign-up the terms and privacy policy version accepted, and when", async () => {
    const before = Date.now();
    const result = await signUp({
      name: "Nova Pessoa",
      email: "nova.pessoa@exemplo.com.br",
      password: "senha-segura",
      request: authedRequest("/auth"),
      ip: "127.0.0.1",
      adminEmails: [],
    });
    expect(result.ok).toBe(true);
    const [row] = await db.select().from(schema.user).where(eq(schema.user.email, "nova.pessoa@exemplo.com.br"));
    expect(row?.termsVersion).toBe(TERMS_VERSION);
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("shows which version of the terms the account accepted, with that version's date, and when", async () => {
    const me = await createTestUser();
    const at = new Date("2026-11-25T15:00:00Z");
    await db.update(schema.user).set({ termsVersion: TERMS_VERSION, termsAcceptedAt: at }).where(eq(schema.user.id, me.user.id));
    const page = (await loader(args(authedRequest("/conta", { cookie: me.cookie })))) as { profile: { consent: unknown } };
    expect(page.profile.consent).toEqual({ version: "versão 2026-11, de 24/11/2026", at: "25/11/2026", current: null });
    // An older version: the page also says which one is in force now.
    await db.update(schema.user).set({ termsVersion: "2025-01" }).where(eq(schema.user.id, me.user.id));
    const older = (await loader(args(authedRequest("/conta", { cookie: me.cookie })))) as { profile: { consent: unknown } };
    expect(older.profile.consent).toEqual({ version: "versão 2025-01", at: "25/11/2026", current: "versão 2026-11, de 24/11/2026" });
  });

  it("sends a visitor to log in, and shows the signed-in person's gifts with their receipt numbers", async () => {
    const visitor = (await loader(args(authedRequest("/conta"))).catch((r) => r)) as Response;
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fconta");

    const me = await createTestUser({ name: "Júlia Prado" });
    const cause = await insertCause();
    const party = await insertParty({ userId: (await createTestUser()).user.id, causeId: cause.id, name: "Festa do Caio" });
    const gift = await insertPaidGift(party.id, { name: "Júlia", email: me.user.email });
    await db.update(schema.donations).set({ userId: me.user.id }).where(eq(schema.donations.id, gift.id));
    await insertPaidGift(party.id, { name: "Outra Pessoa", email: "outra@exemplo.com.br" });

    const data = await loader(args(authedRequest("/conta", { cookie: me.cookie })));
    expect(data.profile.email).toBe(me.user.email);
    expect(data.gifts).toHaveLength(1);
    expect(data.gifts[0]).toMatchObject({ receiptNumber: gift.receiptNumber, to: "Festa do Caio" });
    expect(JSON.stringify(data)).not.toContain("outra@exemplo.com.br");
  });

  it("exports the person's data as JSON and CSV, never another person's", async () => {
    const me = await createTestUser({ name: "Marta Quintela" });
    const other = await createTestUser({ name: "Otávio Estranho" });
    const cause = await insertCause();
    const myParty = await insertParty({ userId: me.user.id, causeId: cause.id, name: "Festa da Marta" });
    // A guest's gift on MY party is the guest's data, not mine.
    await insertPaidGift(myParty.id, { name: "Convidada Secreta", email: "convidada@exemplo.com.br", message: "Parabéns!" });
    const otherParty = await insertParty({ userId: other.user.id, causeId: cause.id, name: "Festa do Otávio" });
    const mine = await insertPaidGift(otherParty.id, { name: "Marta", email: me.user.email, message: "Com carinho" });
    await db.update(schema.donations).set({ userId: me.user.id }).where(eq(schema.donations.id, mine.id));
    // Typed with my address but not signed in, while my address is unverified: not shown to the account.
    await insertPaidGift(otherParty.id, { name: "Alguém", email: me.user.email, message: "sem conta" });
    await submitContactMessage(
      { name: "Marta Quintela", email: me.user.email, phone: "11999990000", message: "Olá" },
      { mailer: ctx.mailer, to: "contato@exemplo.com.br" },
    );

    const json = (await exportLoader(args(authedRequest("/conta/exportar/json", { cookie: me.cookie }), { formato: "json" }))) as Response;
    expect(json.headers.get("Content-Disposition")).toMatch(/attachment; filename="meus-dados-festa-solidaria-\d{4}-\d{2}-\d{2}\.json"/);
    const body = await json.text();
    const parsed = JSON.parse(body);
    expect(parsed.account.email).toBe(me.user.email);
    expect(parsed.gifts.map((g: { message: string }) => g.message)).toEqual(["Com carinho"]);
    expect(parsed.parties.map((p: { name: string }) => p.name)).toEqual(["Festa da Marta"]);
    expect(parsed.contactMessages).toHaveLength(1);
    for (const foreign of ["convidada@", "Convidada Secreta", "Otávio Estranho", other.user.email, "sem conta"])
      expect(body).not.toContain(foreign);

    const csv = (await exportLoader(args(authedRequest("/conta/exportar/csv", { cookie: me.cookie }), { formato: "csv" }))) as Response;
    const text = await csv.text();
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(text).toContain("doacoes;1;message;Com carinho");
    expect(text).toContain(`conta;1;email;${me.user.email}`);
    expect(text).not.toContain("convidada@");

    const anonymous = (await exportLoader(args(authedRequest("/conta/exportar/json"), { formato: "json" })).catch((r) => r)) as Response;
    expect(anonymous.status).toBe(302);
  });

  it("changes the name, and the password only with the current one", async () => {
    const me = await createTestUser({ name: "Nome Antigo" });
    await action(args(post(me.cookie, { intent: "nome", name: "Nome Novo" })));
    expect((await loader(args(authedRequest("/conta", { cookie: me.cookie })))).profile.name).toBe("Nome Novo");

    const wrong = (await action(args(post(me.cookie, { intent: "senha", currentPassword: "errada", newPassword: "nova-senha-1" })))) as {
      data: { ok: boolean };
    };
    expect(wrong.data.ok).toBe(false);
    const right = (await action(args(post(me.cookie, { intent: "senha", currentPassword: me.password, newPassword: "nova-senha-1" })))) as {
      data: { ok: boolean };
    };
    expect(right.data.ok).toBe(true);
    const meta = { request: authedRequest("/auth"), ip: "127.0.0.1", adminEmails: [] };
    expect((await signIn({ email: me.user.email, password: me.password, ...meta })).ok).toBe(false);
    expect((await signIn({ email: me.user.email, password: "nova-senha-1", ...meta })).ok).toBe(true);
    const [mail] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "password-changed")));
    expect(mail?.to).toBe(me.user.email);
  });

  it("changes the e-mail only through the link sent to the new address; an expired or tampered link changes nothing", async () => {
    const me = await createTestUser();
    await action(args(post(me.cookie, { intent: "email", email: "Novo.Endereco@Exemplo.com.br", currentPassword: me.password })));
    const [mail] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "email-change")));
    expect(mail?.to).toBe("novo.endereco@exemplo.com.br");
    const link = new URL(mail!.text.match(/http\S+confirmar-email\S+/)![0]);
    const token = link.searchParams.get("token")!;
    expect((await loader(args(authedRequest("/conta", { cookie: me.cookie })))).profile.email).toBe(me.user.email);

    const tampered = token.slice(0, -3) + (token.endsWith("AAA") ? "BBB" : "AAA");
    expect(await confirmLoader(args(authedRequest(`/conta/confirmar-email?token=${tampered}`)))).toMatchObject({
      ok: false,
      title: "Link inválido",
    });
    const later = testContext({ clock: { now: () => new Date(Date.now() + 25 * 60 * 60 * 1000) } });
    expect(await confirmLoader(args(authedRequest(link.pathname + link.search), {}, later))).toMatchObject({
      ok: false,
      title: "Link expirado",
    });
    const forged = signToken("email-change", { u: me.user.id, from: "outro@exemplo.com.br", to: "x@exemplo.com.br" }, 60);
    expect(await confirmLoader(args(authedRequest(`/conta/confirmar-email?token=${forged}`)))).toMatchObject({ ok: false });
    expect((await loader(args(authedRequest("/conta", { cookie: me.cookie })))).profile.email).toBe(me.user.email);

    expect(await confirmLoader(args(authedRequest(link.pathname + link.search)))).toMatchObject({
      ok: true,
      email: "novo.endereco@exemplo.com.br",
    });
    const profile = (await loader(args(authedRequest("/conta", { cookie: me.cookie })))).profile;
    expect(profile).toMatchObject({ email: "novo.endereco@exemplo.com.br", emailVerified: true });
    // Used once: the address changed, so the same link no longer fits.
    expect(await confirmLoader(args(authedRequest(link.pathname + link.search)))).toMatchObject({ ok: false });
  });

  it("an e-mail change asks for the password, tells the old address, and ends the account's other sessions (issue 31)", async () => {
    const me = await createTestUser({ email: "antigo.endereco@exemplo.com.br" });
    const elsewhere = await signIn({
      email: me.user.email,
      password: me.password,
      request: authedRequest("/auth"),
      ip: "198.51.100.4",
      adminEmails: [],
    });
    expect(elsewhere.ok).toBe(true);
    const otherCookie = cookieHeaderFrom((elsewhere as { setCookies: string[] }).setCookies);
    const change = (fields: Record<string, string>) =>
      action(args(post(me.cookie, { intent: "email", email: "trocado@exemplo.com.br", ...fields }))) as Promise<{
        data: { ok: boolean; errors?: Record<string, string> };
        init: { status: number } | null;
      }>;
    const mails = () => readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "email-change")));

    const without = await change({});
    expect(without.data.ok).toBe(false);
    expect(without.data.errors?.currentPassword).toBe("Informe sua senha atual.");
    const wrong = await change({ currentPassword: "nao-e-essa" });
    expect(wrong.data.ok).toBe(false);
    expect(wrong.data.errors?.currentPassword).toBe("A senha atual não confere.");
    expect(await mails()).toHaveLength(0);

    expect((await change({ currentPassword: me.password })).data.ok).toBe(true);
    const [mail] = await mails();
    const link = new URL(mail!.text.match(/http\S+confirmar-email\S+/)![0]);
    // Opened in the mail app (no session): the change happens, the old address is told, and every
    // session but the one that asked for the change ends.
    await confirmLoader(args(authedRequest(link.pathname + link.search)));
    const [notice] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "email-changed")));
    expect(notice?.to).toBe("antigo.endereco@exemplo.com.br");
    expect(notice?.text).toContain("trocado@exemplo.com.br");
    expect((await loader(args(authedRequest("/conta", { cookie: me.cookie })))).profile.email).toBe("trocado@exemplo.com.br");
    await expect(loader(args(authedRequest("/conta", { cookie: otherCookie })))).rejects.toBeInstanceOf(Response);
  });

  it("keeps everything on a wrong password", async () => {
    const me = await createTestUser();
    const res = (await action(args(post(me.cookie, { intent: "excluir", password: "nao-e-essa" })))) as {
      data: { ok: boolean };
      init: { status: number };
    };
    expect(res.data.ok).toBe(false);
    expect(res.init.status).toBe(400);
    expect((await loader(args(authedRequest("/conta", { cookie: me.cookie })))).profile.email).toBe(me.user.email);
  });

  it("deletes the account: subscription cancelled first, sessions gone, parties closed with a message, no personal data left anywhere", async () => {
    const sandbox = testSandboxQueue();
    const context = testContext({ payments: { sandboxEvents: sandbox } });
    const name = "Zuleica Anonimizável";
    const me = await createTestUser({ name, email: "zuleica.apagar@exemplo.com.br" });
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, me.user.id));
    const second = await getAuth().api.signInEmail({ body: { email: me.user.email, password: me.password } });
    expect(second.token).toBeTruthy();

    // A live subscription.
    const customerId = await sandboxSubscriber(me.user.id);
    await processPaymentEvent(
      subscriptionEvent("updated", {
        subscriptionId: "sub_sbx_zu",
        customerId,
        userId: me.user.id,
        plan: "prata",
        at: new Date(Date.now() - 60_000),
      }),
      context,
    );
    expect((await subscriptionRow("sub_sbx_zu"))?.status).toBe("active");

    // Her party (still on line) with a guest's gift, and her own gifts (signed in, and typed with her address).
    const cause = await insertCause();
    const party = await insertParty({ userId: me.user.id, causeId: cause.id, name: "Chá solidário", message: "Venham todos" });
    const guest = await insertPaidGift(party.id, { name: "Convidado Mantido", email: "mantido@exemplo.com.br", message: "Oi" });
    const otherOwner = await createTestUser();
    const otherParty = await insertParty({ userId: otherOwner.user.id, causeId: cause.id, name: "Festa de outro" });
    const signedIn = await insertPaidGift(otherParty.id, { name, email: me.user.email, message: "Mensagem da Zuleica", amountCents: 7000 });
    await db.update(schema.donations).set({ userId: me.user.id }).where(eq(schema.donations.id, signedIn.id));
    const typed = await insertPaidGift(otherParty.id, { name: "Zuleica A.", email: "ZULEICA.apagar@exemplo.com.br", message: "sem login" });
    await submitContactMessage(
      { name, email: me.user.email, phone: "11988887777", message: "Quero ajudar" },
      { mailer: ctx.mailer, to: "contato@exemplo.com.br" },
    );
    await db.transaction((tx) =>
      enqueueEmail(tx, { to: me.user.email, subject: "Oi", html: `<p>${name}</p>`, text: name, template: "test" }),
    );

    const response = (await action(args(post(me.cookie, { intent: "excluir", password: me.password }), {}, context))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/festa\.session_token=; Max-Age=0/);

    // The subscription was cancelled at the provider; its event still applies (without the person).
    expect(sandbox.queued.map((e) => e.type)).toEqual(["subscription.deleted"]);
    expect((await sandbox.flush()).map((r) => r.status)).toEqual([200]);
    const sub = await subscriptionRow("sub_sbx_zu");
    expect(sub).toMatchObject({ status: "canceled", userId: null });

    // Sessions: both gone, and the password no longer opens anything.
    expect(await db.select().from(schema.session).where(eq(schema.session.userId, me.user.id))).toHaveLength(0);
    const gone = (await loader(args(authedRequest("/conta", { cookie: me.cookie }))).catch((r) => r)) as Response;
    expect(gone.headers.get("Location")).toBe("/auth?redirectTo=%2Fconta");

    // Financial records stay, without the person; the guest's gift is untouched.
    const gifts = await db.select().from(schema.donations);
    const byId = new Map(gifts.map((g) => [g.id, g]));
    for (const id of [signedIn.id, typed.id])
      expect(byId.get(id)).toMatchObject({
        donorName: null,
        donorEmail: null,
        message: null,
        anonymous: true,
        userId: null,
        status: "paga",
      });
    expect(byId.get(signedIn.id)?.amountCents).toBe(7000);
    expect(byId.get(guest.id)).toMatchObject({ donorName: "Convidado Mantido", donorEmail: "mantido@exemplo.com.br" });

    // Her party is closed with a message to its visitors.
    const closed = (await festaLoader(args(authedRequest(`/festa/${party.shareCode}`), { id: party.shareCode }))) as {
      data: { party: { closedMessage: string } };
      init: { status: number };
    };
    expect(closed.init.status).toBe(410);
    expect(closed.data.party.closedMessage).toBe(CLOSED_BY_DELETION_MESSAGE);

    // Nothing of hers in any text column of any table.
    expect(await findPersonalData([name, "Zuleica A.", "zuleica.apagar@exemplo.com.br", "11988887777"])).toEqual([]);
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "account.delete"));
    expect(audit?.details).toMatchObject({ anonymisedGifts: 2, closedParties: 1, subscriptionCanceled: true });
    // (Last: a sign-in attempt counts the typed address in the rate limits for 15 minutes.)
    expect(
      (await signIn({ email: me.user.email, password: me.password, request: authedRequest("/auth"), ip: "127.0.0.1", adminEmails: [] })).ok,
    ).toBe(false);
  });
});
