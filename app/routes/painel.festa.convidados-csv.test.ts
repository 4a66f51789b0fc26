import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution, insertParty } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { loader as csvLoader } from "./painel.festa.$id.convidados[.]csv";
import { loader as dashboardLoader } from "./painel.festa.$id";

// Issue 29, item 6 (decision 212): the host's CSV of the guests who agreed to be contacted, and the
// dashboard's guest list, for the party's creator only.

async function world() {
  const host = await createTestUser({ name: "Joana Festeira" });
  const other = await createTestUser();
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const party = await insertParty({ userId: host.user.id, causeId: cause.id, organizationId: org.id, shareCode: "csv01" });
  const gift = (g: Partial<typeof schema.donations.$inferInsert>) => ({
    partyId: party.id,
    organizationId: org.id,
    amountCents: 5000,
    status: "paga" as const,
    provider: "sandbox",
    paidAt: new Date("2026-03-14T15:30:00Z"),
    ...g,
  });
  const consent = { wantsPartyNews: true, sharesContactWithHost: true };
  await db.insert(schema.donations).values([
    gift({ donorName: "Ana; Lima", donorEmail: "ana@exemplo.com.br", amountCents: 123_456, ...consent }),
    gift({
      donorName: '=HYPERLINK("http://x","clique")',
      donorEmail: "formula@exemplo.com.br",
      paidAt: new Date("2026-03-15T10:05:00Z"),
      ...consent,
    }),
    gift({ donorName: "Sem Contato", donorEmail: "sem@exemplo.com.br", wantsPartyNews: true }),
    gift({ anonymous: true, donorName: null, donorEmail: "anonima@exemplo.com.br", wantsPartyNews: true }),
  ]);
  return { host, other, party };
}

const call = (fn: typeof csvLoader | typeof dashboardLoader, path: string, cookie?: string) =>
  Promise.resolve(
    fn({
      request: cookie ? authedRequest(path, { cookie }) : new Request(`http://localhost:3000${path}`),
      params: { id: "csv01" },
      context: testContext(),
    } as never),
  ).catch((r: unknown) => r);

describe("/painel/festa/:id/convidados.csv", () => {
  it("has name, e-mail, date and amount of the opted-in paid gifts only, formula-safe", async () => {
    const { host } = await world();
    const response = (await call(csvLoader, "/painel/festa/csv01/convidados.csv", host.cookie)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="convidados-csv01-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await response.text()).replace(/^\ufeff/, "").split("\r\n");
    expect(lines).toEqual([
      "Nome;E-mail;Data da doação;Valor (R$)",
      '"Ana; Lima";ana@exemplo.com.br;14/03/2026 12:30;1234,56',
      `"'=HYPERLINK(""http://x"",""clique"")";formula@exemplo.com.br;15/03/2026 07:05;50,00`,
      "",
    ]);
  });

  it("sends a visitor to sign in and answers another account (an admin too) with the 404 of a missing party", async () => {
    const { other } = await world();
    const visitor = (await call(csvLoader, "/painel/festa/csv01/convidados.csv")) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/painel/festa/csv01/convidados.csv")}`);
    const stranger = (await call(csvLoader, "/painel/festa/csv01/convidados.csv", other.cookie)) as { init: { status: number } };
    expect(stranger.init.status).toBe(404);
    const admin = await createTestUser({ admin: true });
    const byAdmin = (await call(csvLoader, "/painel/festa/csv01/convidados.csv", admin.cookie)) as { init: { status: number } };
    expect(byAdmin.init.status).toBe(404);
  });
});

describe("/painel/festa/:id: the guest list", () => {
  it("shows every paid gift without e-mails, anonymous as such, and how many contacts the CSV has", async () => {
    const { host } = await world();
    const page = (await call(dashboardLoader, "/painel/festa/csv01", host.cookie)) as {
      guests: { total: number; contacts: number; gifts: Array<{ name: string | null }>; csvHref: string };
    };
    expect(page.guests).toMatchObject({ total: 4, contacts: 2, csvHref: "/painel/festa/csv01/convidados.csv" });
    expect(page.guests.gifts.filter((g) => g.name === null)).toHaveLength(1);
    expect(JSON.stringify(page)).not.toMatch(/@exemplo\.com\.br/);
    const searched = (await call(dashboardLoader, "/painel/festa/csv01?busca=lima&pagina=7", host.cookie)) as {
      guests: { total: number; page: number; search: string; gifts: Array<{ name: string | null }> };
    };
    expect(searched.guests).toMatchObject({ total: 1, page: 1, search: "lima", gifts: [{ name: "Ana; Lima" }] });
  });
});
