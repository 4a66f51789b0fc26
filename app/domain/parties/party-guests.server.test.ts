import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertParty, insertUser } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { unsubscribe } from "~/platform/mail/mailing-lists.server";
import {
  countGuestContacts,
  GUESTS_PAGE_SIZE,
  listGuestContacts,
  listPartyGuestGifts,
  normaliseGuestSearch,
  parseGuestPage,
} from "./party-guests.server";

useTestDatabase();

type Gift = Partial<typeof schema.donations.$inferInsert>;

/** A host's party with `named` paid gifts ("Convidado 01"…, newest last) plus the given extra gifts, in one insert. */
async function partyWithGifts(named: number, extra: Gift[] = []) {
  const host = await insertUser("Joana Festeira");
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const party = await insertParty({ userId: host.id, causeId: cause.id, organizationId: org.id });
  const base = Date.UTC(2026, 0, 1, 12);
  const rows: Gift[] = [
    ...Array.from({ length: named }, (_, i) => ({
      donorName: `Convidado ${String(i + 1).padStart(2, "0")}`,
      donorEmail: `convidado${i + 1}@exemplo.com.br`,
      createdAt: new Date(base + i * 60_000),
    })),
    ...extra.map((g, i) => ({ createdAt: new Date(base + (named + i) * 60_000), ...g })),
  ];
  if (rows.length > 0)
    await db.insert(schema.donations).values(
      rows.map((g) => ({
        partyId: party.id,
        organizationId: org.id,
        amountCents: 5000,
        status: "paga" as const,
        provider: "sandbox",
        paidAt: g.createdAt,
        ...g,
      })),
    );
  return { host, party, cause, org };
}

describe("the host's guest list (issue 29, item 6)", () => {
  it("pages through every paid gift, 20 at a time, newest first; a page past the end shows the last", async () => {
    const { host, party } = await partyWithGifts(45, [{ donorName: "Pendente Pereira", status: "pendente" }]);
    const first = await listPartyGuestGifts(host.id, party.id);
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: GUESTS_PAGE_SIZE });
    expect(first.gifts).toHaveLength(20);
    expect(first.gifts[0]!.name).toBe("Convidado 45");
    const third = await listPartyGuestGifts(host.id, party.id, { page: 3 });
    expect(third.gifts.map((g) => g.name)).toEqual(["Convidado 05", "Convidado 04", "Convidado 03", "Convidado 02", "Convidado 01"]);
    expect((await listPartyGuestGifts(host.id, party.id, { page: 99 })).page).toBe(3);
    // Only paid gifts count.
    const all = [...first.gifts, ...(await listPartyGuestGifts(host.id, party.id, { page: 2 })).gifts, ...third.gifts];
    expect(all.map((g) => g.name)).not.toContain("Pendente Pereira");
  });

  it("searches by the donor's name on the server, ignoring case and accents, with % and _ as plain characters", async () => {
    const { host, party } = await partyWithGifts(3, [{ donorName: "Júlia Araújo" }, { donorName: "Marcos 100%" }]);
    expect((await listPartyGuestGifts(host.id, party.id, { search: "julia ARAUJO" })).gifts.map((g) => g.name)).toEqual(["Júlia Araújo"]);
    expect((await listPartyGuestGifts(host.id, party.id, { search: "convidado" })).total).toBe(3);
    expect((await listPartyGuestGifts(host.id, party.id, { search: "%" })).gifts.map((g) => g.name)).toEqual(["Marcos 100%"]);
    expect(await listPartyGuestGifts(host.id, party.id, { search: "Ninguém" })).toMatchObject({ total: 0, gifts: [] });
  });

  it("shows an anonymous gift as 'Doador Anônimo', never its name or any e-mail, and a search never finds it", async () => {
    const { host, party } = await partyWithGifts(1, [
      { anonymous: true, donorName: "Segredo Silva", donorEmail: "segredo@exemplo.com.br" },
    ]);
    const page = await listPartyGuestGifts(host.id, party.id);
    expect(page.gifts.map((g) => g.name)).toEqual([null, "Convidado 01"]);
    const text = JSON.stringify(page);
    for (const secret of ["Segredo", "segredo@", "convidado1@"]) expect(text).not.toContain(secret);
    expect((await listPartyGuestGifts(host.id, party.id, { search: "Segredo" })).total).toBe(0);
  });

  it("reads nothing of another account's party (ownership in the where)", async () => {
    const { party } = await partyWithGifts(2, [{ donorName: "Bia", sharesContactWithHost: true, wantsPartyNews: true }]);
    const stranger = await insertUser("Outra Pessoa");
    expect(await listPartyGuestGifts(stranger.id, party.id)).toMatchObject({ total: 0, gifts: [] });
    expect(await listGuestContacts(stranger.id, party.id)).toEqual([]);
    expect(await countGuestContacts(stranger.id, party.id)).toBe(0);
  });

  it("reads ?pagina= and ?busca= defensively", () => {
    expect([parseGuestPage("2"), parseGuestPage("0"), parseGuestPage("-1"), parseGuestPage("1e3"), parseGuestPage(null)]).toEqual([
      2, 1, 1, 1000, 1,
    ]);
    expect(parseGuestPage("2.5")).toBe(1);
    expect(normaliseGuestSearch("  Ana   Maria ")).toBe("Ana Maria");
    expect(normaliseGuestSearch("x".repeat(500))).toHaveLength(100);
  });
});

describe("the guests who agreed to be contacted (decision 212)", () => {
  it("lists only paid gifts ticked under the text that tells the host gets the contact, minus who left the news list", async () => {
    const consent = { wantsPartyNews: true, sharesContactWithHost: true };
    const { host, party } = await partyWithGifts(0, [
      { donorName: "Ana Lima", donorEmail: "Ana@Exemplo.com.br", amountCents: 2550, ...consent },
      // Ticked "notícias" before the text said the host would get the e-mail: news yes, contact no.
      { donorName: "Antiga Opção", donorEmail: "antiga@exemplo.com.br", wantsPartyNews: true },
      { donorName: "Sem Opção", donorEmail: "sem@exemplo.com.br" },
      { donorName: "Pendente", donorEmail: "pendente@exemplo.com.br", status: "pendente", ...consent },
      { donorName: "Reembolsada", donorEmail: "reembolso@exemplo.com.br", status: "reembolsada", ...consent },
      { anonymous: true, donorName: null, donorEmail: "anonima@exemplo.com.br", wantsPartyNews: true },
      { donorName: "Saiu da Lista", donorEmail: "saiu@exemplo.com.br", ...consent },
    ]);
    await unsubscribe("SAIU@exemplo.com.br", "noticias-festas");
    const contacts = await listGuestContacts(host.id, party.id);
    expect(contacts).toEqual([{ name: "Ana Lima", email: "ana@exemplo.com.br", paidAt: expect.any(Date), amountCents: 2550 }]);
    expect(await countGuestContacts(host.id, party.id)).toBe(1);
  });

  it("a consent to the host can never sit on an anonymous gift (the database refuses it)", async () => {
    const { party, org } = await partyWithGifts(0);
    await expect(
      db.insert(schema.donations).values({
        partyId: party.id,
        organizationId: org.id,
        amountCents: 5000,
        provider: "sandbox",
        anonymous: true,
        wantsPartyNews: true,
        sharesContactWithHost: true,
      }),
    ).rejects.toThrow();
  });
});
