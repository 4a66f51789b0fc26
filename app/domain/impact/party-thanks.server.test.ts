import { useTestDatabase } from "@tests/database";
import { testContext } from "@tests/context";
import { insertCause, insertInstitution, insertPaidGift, insertParty, insertUser } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { isUnsubscribed, unsubscribeUrl } from "~/platform/mail/mailing-lists.server";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/descadastrar";
import { partyThankYouView, sendPartyThankYou } from "./party-thanks.server";

useTestDatabase();

const today = todayInSaoPaulo();
const deps = (now = new Date()) => ({ mailer: outboxMailer, publicUrl: "http://localhost:3000", now });
const HOUR = 3600 * 1000;

async function setup() {
  const owner = await insertUser("Joana Festeira");
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: addCalendarDays(today, -8) });
  const gift = async (email: string, wants: boolean, status: "paga" | "pendente" = "paga") => {
    const row = await insertPaidGift(party.id, { email });
    await db.update(schema.donations).set({ wantsPartyNews: wants, status }).where(eq(schema.donations.id, row.id));
  };
  await gift("quer@exemplo.com.br", true);
  await gift("QUER@exemplo.com.br", true); // the same person twice: one message
  await gift("nao-quer@exemplo.com.br", false);
  await gift("pendente@exemplo.com.br", true, "pendente");
  return { owner, cause, org, party };
}

const thankYous = () => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "party-thank-you"));

function post(url: string) {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

describe("the creator's news and thank-you (decision 212)", () => {
  it("reaches only the paid donors who asked for the party's news, once per address, with a one-click unsubscribe", async () => {
    const { owner, party } = await setup();
    const result = await sendPartyThankYou(party.id, owner.id, "Muito obrigada por celebrar comigo!", deps());
    expect(result).toEqual({ ok: true, recipients: 1 });
    const mails = await thankYous();
    expect(mails.map((m) => m.to)).toEqual(["quer@exemplo.com.br"]);
    expect(mails[0]!.text).toContain("Muito obrigada por celebrar comigo!");
    expect(mails[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const link = /^<(.+)>$/.exec(mails[0]!.headers!["List-Unsubscribe"]!)![1]!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/descadastrar\?t=/);
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.html).toContain(link.replace(/&/g, "&amp;"));
  });

  it("sends at most one message per party every 24 hours, during the party as well as after", async () => {
    const { owner, cause, org } = await setup();
    const live = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: addCalendarDays(today, 3) });
    const guest = await insertPaidGift(live.id, { email: "ao-vivo@exemplo.com.br" });
    await db.update(schema.donations).set({ wantsPartyNews: true }).where(eq(schema.donations.id, guest.id));
    const t0 = new Date();
    expect(await sendPartyThankYou(live.id, owner.id, "A festa começou, obrigada!", deps(t0))).toEqual({ ok: true, recipients: 1 });
    // The same day (a double click, another tab, or a new message 23 h later): refused, with when the next may go.
    const soon = await sendPartyThankYou(live.id, owner.id, "Mais uma notícia!", deps(new Date(t0.getTime() + 23 * HOUR)));
    expect(soon).toEqual({ ok: false, reason: "too-soon", nextAt: new Date(t0.getTime() + 24 * HOUR) });
    expect(await sendPartyThankYou(live.id, owner.id, "Mais uma notícia!", deps(new Date(t0.getTime() + 24 * HOUR)))).toEqual({
      ok: true,
      recipients: 1,
    });
    const mails = await thankYous();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Um recado de Joana Festeira: Aniversário da Ana");
    expect(mails.map((m) => m.text.includes("Notícias de Aniversário da Ana"))).toEqual([true, true]);
    const view = await partyThankYouView(live.id, owner.id, new Date(t0.getTime() + 25 * HOUR));
    expect(view).toMatchObject({ ended: false, recipients: 1, nextAt: new Date(t0.getTime() + 48 * HOUR) });
    expect(view!.sent.map((m) => m.message)).toEqual(["Mais uma notícia!", "A festa começou, obrigada!"]);
  });

  it("two sends at once: one goes, the other waits (the party row is locked)", async () => {
    const { owner, party } = await setup();
    const results = await Promise.all([
      sendPartyThankYou(party.id, owner.id, "Obrigada, primeira aba!", deps()),
      sendPartyThankYou(party.id, owner.id, "Obrigada, segunda aba!", deps()),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await thankYous()).toHaveLength(1);
  });

  it("is refused for a party that is not the user's or was deactivated", async () => {
    const { owner, cause, org, party } = await setup();
    const stranger = await insertUser("Outra");
    expect(await sendPartyThankYou(party.id, stranger.id, "Obrigado a todos!", deps())).toEqual({ ok: false, reason: "not-found" });
    expect(await partyThankYouView(party.id, stranger.id, new Date())).toBeNull();
    const off = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: today, active: false });
    expect(await sendPartyThankYou(off.id, owner.id, "Obrigado a todos!", deps())).toEqual({ ok: false, reason: "not-found" });
    expect(await thankYous()).toHaveLength(0);
  });
});

describe("one-click unsubscribe", () => {
  it("GET only asks; the POST (RFC 8058) records it; later list mail skips the address", async () => {
    const { owner, party } = await setup();
    const url = unsubscribeUrl("http://localhost:3000", "Quer@Exemplo.com.br", "noticias-festas");
    const asked = await unsubscribeLoader({ request: new Request(url), context: testContext(), params: {} } as never);
    expect(asked).toMatchObject({ state: "ask" });
    expect(await isUnsubscribed("quer@exemplo.com.br", "noticias-festas")).toBe(false);

    const done = await unsubscribeAction({ request: post(url), context: testContext(), params: {} } as never);
    expect(done).toMatchObject({ state: "done" });
    expect(await isUnsubscribed("quer@exemplo.com.br", "noticias-festas")).toBe(true);
    expect(await isUnsubscribed("quer@exemplo.com.br", "relatorio-mensal")).toBe(false);

    expect(await sendPartyThankYou(party.id, owner.id, "Obrigada, gente querida!", deps())).toEqual({ ok: true, recipients: 0 });
    expect(await thankYous()).toHaveLength(0);
  });

  it("a tampered or expired link changes nothing and says so in pt-BR", async () => {
    const url = unsubscribeUrl("http://localhost:3000", "alguem@exemplo.com.br", "relatorio-mensal");
    const token = new URL(url).searchParams.get("t")!;
    const tampered = `http://localhost:3000/descadastrar?t=${encodeURIComponent(token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA"))}`;
    const refused = (await unsubscribeAction({ request: post(tampered), context: testContext(), params: {} } as never)) as unknown as {
      data: { state: string; error: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ state: "bad", error: expect.stringContaining("não é válido") });

    const later = { now: () => new Date(Date.now() + 3 * 366 * 24 * 3600 * 1000) };
    const expired = (await unsubscribeAction({
      request: post(url),
      context: testContext({ clock: later }),
      params: {},
    } as never)) as unknown as {
      data: { state: string; error: string };
    };
    expect(expired.data.error).toContain("expirou");
    expect(await db.select().from(schema.emailUnsubscribes)).toHaveLength(0);
  });
});
