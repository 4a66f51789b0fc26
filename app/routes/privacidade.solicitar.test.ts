import { testContext } from "@tests/context";
import { useTestDatabase, readableRows } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertParty, insertPaidGift } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { signToken } from "~/platform/signed-link.server";
import { action, loader } from "./privacidade.solicitar";
import { loader as exportLoader } from "./privacidade.exportar.$formato";

const ctx = testContext({ clientIp: "203.0.113.7" });
const args = (request: Request, params: Record<string, string> = {}, context = ctx) => ({ request, params, context }) as never;
const post = (fields: Record<string, string>) =>
  authedRequest("/privacidade/solicitar", { method: "POST", body: new URLSearchParams(fields) });

async function requestLink(email: string) {
  await action(args(post({ email })));
  const mails = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "privacy-request")));
  const mail = mails.at(-1)!;
  return { to: mail.to, url: new URL(mail.text.match(/http\S+privacidade\/solicitar\?token=\S+/)![0]) };
}

async function setup() {
  const owner = await createTestUser();
  const cause = await insertCause();
  const party = await insertParty({ userId: owner.user.id, causeId: cause.id, name: "Festa da Rua" });
  const mine = await insertPaidGift(party.id, { name: "Doadora Sem Conta", email: "doadora@exemplo.com.br", message: "Força!" });
  const other = await insertPaidGift(party.id, { name: "Vizinho", email: "vizinho@exemplo.com.br", message: "Abraço" });
  return { mine, other };
}

describe("/privacidade/solicitar", () => {
  it("sends the link to the typed address, with the same answer whether we know it or not", async () => {
    const unknown = (await action(args(post({ email: "ninguem@exemplo.com.br" })))) as { data: { view: string } };
    expect(unknown.data.view).toBe("sent");
    const { to, url } = await requestLink("Doadora@Exemplo.com.br");
    expect(to).toBe("doadora@exemplo.com.br");
    expect(url.pathname).toBe("/privacidade/solicitar");
  });

  it("shows and exports only the data tied to the proved address", async () => {
    const { mine } = await setup();
    const { url } = await requestLink("doadora@exemplo.com.br");
    const page = (await loader(args(authedRequest(url.pathname + url.search)))) as {
      view: string;
      gifts: Array<{ receiptNumber: number }>;
    };
    expect(page.view).toBe("data");
    expect(page.gifts.map((g) => g.receiptNumber)).toEqual([mine.receiptNumber]);
    expect(JSON.stringify(page)).not.toContain("vizinho");

    const token = url.searchParams.get("token")!;
    const json = (await exportLoader(
      args(authedRequest(`/privacidade/exportar/json?token=${encodeURIComponent(token)}`), { formato: "json" }),
    )) as Response;
    const body = await json.text();
    expect(JSON.parse(body).gifts).toHaveLength(1);
    expect(body).toContain("Força!");
    for (const foreign of ["vizinho", "Vizinho", "Abraço"]) expect(body).not.toContain(foreign);
    const csv = (await exportLoader(
      args(authedRequest(`/privacidade/exportar/csv?token=${encodeURIComponent(token)}`), { formato: "csv" }),
    )) as Response;
    expect(await csv.text()).toContain("doacoes;1;donorName;Doadora Sem Conta");
  });

  it("reveals and changes nothing with a tampered, foreign-purpose or expired link", async () => {
    const { mine } = await setup();
    const { url } = await requestLink("doadora@exemplo.com.br");
    const token = url.searchParams.get("token")!;
    const [body, sig] = token.split(".") as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ p: "privacy-request", d: { e: "vizinho@exemplo.com.br" }, e: 9_999_999_999 })).toString(
      "base64url",
    );
    const later = testContext({ clock: { now: () => new Date(Date.now() + 25 * 60 * 60 * 1000) } });
    const cases: Array<[string, ReturnType<typeof testContext>, string]> = [
      [`${forgedBody}.${sig}`, ctx, "Link inválido"],
      [`${body}.${sig.slice(0, -2)}xx`, ctx, "Link inválido"],
      [signToken("email-change", { e: "doadora@exemplo.com.br" }, 600), ctx, "Link inválido"],
      [token, later, "Link expirado"],
    ];
    for (const [bad, context, title] of cases) {
      const page = (await loader(args(authedRequest(`/privacidade/solicitar?token=${encodeURIComponent(bad)}`), {}, context))) as {
        data: { view: string; title: string };
      };
      expect(page.data).toMatchObject({ view: "bad-link", title });
      expect(JSON.stringify(page)).not.toContain("@exemplo");
      const download = (await exportLoader(
        args(authedRequest(`/privacidade/exportar/json?token=${encodeURIComponent(bad)}`), { formato: "json" }, context),
      )) as Response;
      expect(download.status).toBeGreaterThanOrEqual(400);
      expect(await download.text()).not.toContain("Doadora");
      const erase = (await action(args(post({ intent: "apagar", token: bad, confirm: "sim" }), {}, context))) as { data: { view: string } };
      expect(erase.data.view).toBe("error");
    }
    const [row] = await db.select().from(schema.donations).where(eq(schema.donations.id, mine.id));
    expect(row).toMatchObject({ donorName: "Doadora Sem Conta", donorEmail: "doadora@exemplo.com.br" });
  });

  it("erases the address's data: its gifts become anonymous, other donors' stay", async () => {
    const { mine, other } = await setup();
    const { url } = await requestLink("doadora@exemplo.com.br");
    const token = url.searchParams.get("token")!;
    const unconfirmed = (await action(args(post({ intent: "apagar", token })))) as { data: { view: string } };
    expect(unconfirmed.data.view).toBe("error");
    const done = (await action(args(post({ intent: "apagar", token, confirm: "sim" })))) as { data: { view: string; gifts: number } };
    expect(done.data).toEqual({ view: "erased", gifts: 1 });
    const rows = new Map((await db.select().from(schema.donations)).map((d) => [d.id, d]));
    expect(rows.get(mine.id)).toMatchObject({
      donorName: null,
      donorEmail: null,
      message: null,
      anonymous: true,
      amountCents: mine.amountCents,
    });
    expect(rows.get(other.id)).toMatchObject({ donorName: "Vizinho", donorEmail: "vizinho@exemplo.com.br" });
    const mails = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, "doadora@exemplo.com.br")));
    expect(mails).toHaveLength(0);
  });
});
