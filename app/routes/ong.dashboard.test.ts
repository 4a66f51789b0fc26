/**
 * The institution's dashboard and its public books (decision 190): who may see what (a member of
 * A never reads B), the gift list's filters and its CSV, the opt-in contacts, a payout's proof, the
 * statement, and an impact update that reaches the public page only after an admin approves it.
 */
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { outcome } from "@tests/admin";
import { authedRequest, createTestUser } from "@tests/auth";
import { payOutInstitution } from "@tests/institution-payouts";
import { insertCause, insertInstitution, insertPaidGift, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reviewInstitutionUpdate } from "~/domain/impact/institution-updates.server";
import { db, schema } from "~/platform/db.server";
import { loader as publicLoader } from "./causas.$slug";
import { action as dashboardAction, loader as dashboardLoader } from "./ong.$slug.painel";
import { loader as csvLoader } from "./ong.$slug.painel.doacoes[.]csv";
import { loader as statementLoader } from "./ong.$slug.painel.extrato";
import { loader as proofLoader } from "./ong.$slug.painel.repasses.$id.comprovante";

const ctx = testContext();
type Loader = (args: never) => Promise<unknown>;

const get = (loader: Loader, path: string, params: Record<string, string>, cookie?: string) =>
  outcome(() => loader({ request: authedRequest(path, { cookie }), params, context: ctx } as never));

/** A resource route's answer as the browser gets it. */
async function download(loader: Loader, path: string, params: Record<string, string>, cookie?: string) {
  const response = (await loader({ request: authedRequest(path, { cookie }), params, context: ctx } as never)) as Response;
  return { status: response.status, contentType: response.headers.get("Content-Type"), text: await response.text() };
}

async function institution(name: string) {
  const cause = await insertCause({ name: `Causa ${name}` });
  const org = await insertInstitution(cause.id, { name, verifiedAt: new Date("2026-01-10T12:00:00Z") });
  const member = await createTestUser({ name: `Equipe ${name}` });
  await db.insert(schema.institutionMembers).values({ organizationId: org.id, userId: member.user.id, role: "member" });
  return { org, cause, member };
}

describe("institution dashboard", () => {
  it("a member of A gets 404 on everything of B (pages, downloads, B's proof through A's URL); the admin sees both", async () => {
    const a = await institution("Casa A");
    const b = await institution("Casa B");
    const admin = await createTestUser({ admin: true });
    await insertPaidGift(null, { organizationId: b.org.id, amountCents: 10_000 });
    const payoutOfB = (await payOutInstitution(b.org.id))!;
    const month = new Date().toISOString().slice(0, 7);
    const pages = (slug: string) =>
      [
        [dashboardLoader, `/ong/${slug}/painel`, { slug }],
        [csvLoader, `/ong/${slug}/painel/doacoes.csv`, { slug }],
        [statementLoader, `/ong/${slug}/painel/extrato?mes=${month}&formato=csv`, { slug }],
        [proofLoader, `/ong/${slug}/painel/repasses/${payoutOfB}/comprovante`, { slug, id: payoutOfB }],
      ] as const;

    for (const [loader, path, params] of pages(b.org.slug)) {
      expect((await get(loader as Loader, path, params, a.member.cookie)).status, path).toBe(404);
      expect((await get(loader as Loader, path, params, admin.cookie)).status, path).toBeLessThan(400);
      expect((await get(loader as Loader, path, params, b.member.cookie)).status, path).toBeLessThan(400);
    }
    // B's proof is not A's: through A's own URL it is the same 404 as a payout that does not exist.
    const [, , , [, proofPath, proofParams]] = pages(a.org.slug);
    expect((await get(proofLoader as Loader, proofPath, proofParams, a.member.cookie)).status).toBe(404);
    // B's member is sent to the proof (a link here).
    const proof = await get(
      proofLoader as Loader,
      `/ong/${b.org.slug}/painel/repasses/${payoutOfB}/comprovante`,
      { slug: b.org.slug, id: payoutOfB },
      b.member.cookie,
    );
    expect(proof).toMatchObject({ status: 302, location: "https://banco.example/comprovante/1" });
    // Posting an impact update to B from A's team: 404, nothing written.
    const body = new FormData();
    body.set("month", "2026-03");
    body.set("title", "Intrusa");
    body.set("body", "Um texto longo o bastante para passar na validação.");
    const post = await outcome(() =>
      dashboardAction({
        request: authedRequest(`/ong/${b.org.slug}/painel`, { method: "POST", body, cookie: a.member.cookie }),
        params: { slug: b.org.slug },
        context: ctx,
      } as never),
    );
    expect(post.status).toBe(404);
    expect(await db.$count(schema.impactUpdates)).toBe(0);
  });

  it("lists gifts by period, origin and party, with the CSV of the same filter; contacts only of those who agreed", async () => {
    const { org, cause, member } = await institution("Casa Filtros");
    const host = await createTestUser();
    const party = await insertParty({ userId: host.user.id, causeId: cause.id, organizationId: org.id, name: "Festa da Lia" });
    await insertPaidGift(party.id, {
      amountCents: 5_000,
      name: "Rita",
      email: "rita@exemplo.com.br",
      createdAt: new Date("2026-03-05T15:00:00Z"),
    });
    await insertPaidGift(null, {
      organizationId: org.id,
      amountCents: 8_000,
      name: "Caio",
      email: "caio@exemplo.com.br",
      createdAt: new Date("2026-04-02T15:00:00Z"),
    });
    const anon = await insertPaidGift(null, {
      organizationId: org.id,
      amountCents: 2_000,
      name: null,
      createdAt: new Date("2026-04-03T15:00:00Z"),
    });
    // Caio agreed to share his contact; the anonymous gift cannot (a CHECK refuses it).
    await db.update(schema.donations).set({ sharesContact: true }).where(eq(schema.donations.donorName, "Caio"));
    await expect(db.update(schema.donations).set({ sharesContact: true }).where(eq(schema.donations.id, anon.id))).rejects.toThrow();

    const all = (await get(dashboardLoader as Loader, `/ong/${org.slug}/painel`, { slug: org.slug }, member.cookie)).body as {
      gifts: { count: number; totals: { grossCents: number } };
      contacts: { email: string }[];
      parties: { name: string }[];
    };
    expect(all.gifts).toMatchObject({ count: 3, totals: { grossCents: 15_000 } });
    expect(all.contacts.map((c) => c.email)).toEqual(["caio@exemplo.com.br"]);
    expect(all.parties.map((p) => p.name)).toEqual(["Festa da Lia"]);

    const query = `?de=2026-04-01&ate=2026-04-30&origem=direta`;
    const april = (await get(dashboardLoader as Loader, `/ong/${org.slug}/painel${query}`, { slug: org.slug }, member.cookie)).body as {
      gifts: { count: number; totals: { grossCents: number } };
    };
    expect(april.gifts).toMatchObject({ count: 2, totals: { grossCents: 10_000 } });
    const byParty = (await get(dashboardLoader as Loader, `/ong/${org.slug}/painel?festa=${party.id}`, { slug: org.slug }, member.cookie))
      .body as {
      gifts: { count: number };
    };
    expect(byParty.gifts.count).toBe(1);

    const csv = await download(csvLoader as Loader, `/ong/${org.slug}/painel/doacoes.csv${query}`, { slug: org.slug }, member.cookie);
    const lines = csv.text.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(csv.text).toContain("Caio");
    expect(csv.text).toContain("Anônimo");
    expect(csv.text).not.toContain("Rita");
    // Never an e-mail in the gift list, even of those who agreed (they are listed apart).
    expect(csv.text).not.toContain("@exemplo.com.br");
  });

  it("the monthly statement names both CNPJs and adds up the month; an impact update is public only after approval", async () => {
    const { org, member } = await institution("Casa Extrato");
    await db
      .update(schema.organizations)
      .set({ cnpj: "24581367000104", legalName: "Casa Extrato Associação" })
      .where(eq(schema.organizations.id, org.id));
    await insertPaidGift(null, {
      organizationId: org.id,
      amountCents: 10_000,
      createdAt: new Date("2026-03-10T15:00:00Z"),
      feePercent: 10,
    });
    const csv = await download(
      statementLoader as Loader,
      `/ong/${org.slug}/painel/extrato?mes=2026-03&formato=csv`,
      { slug: org.slug },
      member.cookie,
    );
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("24.581.367/0001-04");
    expect(csv.text).toContain(`CNPJ ${ctx.config.operator.cnpj}`);
    expect(csv.text).toMatch(/Total do mês;+100,00;10,00;90,00/);
    const pdf = await download(
      statementLoader as Loader,
      `/ong/${org.slug}/painel/extrato?mes=2026-03&formato=pdf`,
      { slug: org.slug },
      member.cookie,
    );
    expect(pdf.contentType).toBe("application/pdf");
    expect(
      (
        await download(
          statementLoader as Loader,
          `/ong/${org.slug}/painel/extrato?mes=2019-01&formato=pdf`,
          { slug: org.slug },
          member.cookie,
        )
      ).status,
    ).toBe(404);

    const body = new FormData();
    body.set("month", "2026-03");
    body.set("title", "Mutirão de consultas");
    body.set("body", "Atendemos quarenta famílias no mutirão de março, com as doações do mês.");
    const posted = await outcome(() =>
      dashboardAction({
        request: authedRequest(`/ong/${org.slug}/painel`, { method: "POST", body, cookie: member.cookie }),
        params: { slug: org.slug },
        context: ctx,
      } as never),
    );
    expect(posted.status).toBe(302);
    const publicPage = async () =>
      (await get(publicLoader as Loader, `/causas/${org.slug}`, { slug: org.slug })).body as {
        updates: { title: string }[];
        totals: { grossCents: number };
      };
    expect((await publicPage()).updates).toEqual([]);
    const [update] = await db.select().from(schema.impactUpdates).where(eq(schema.impactUpdates.organizationId, org.id));
    const admin = await createTestUser({ admin: true });
    await reviewInstitutionUpdate(db, { id: update!.id, approve: true, reviewerId: admin.user.id, note: null });
    const page = await publicPage();
    expect(page.updates.map((u) => u.title)).toEqual(["Mutirão de consultas"]);
    expect(page.totals.grossCents).toBe(10_000);
    // A second review changes nothing.
    expect(await reviewInstitutionUpdate(db, { id: update!.id, approve: false, reviewerId: admin.user.id, note: "x" })).toBeNull();
  });
});
