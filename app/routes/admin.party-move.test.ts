/**
 * One truth about who receives a party's gifts (issue 27 item 6, decision 165): the cause shown is
 * the institution's, an admin moves a party with a reason (audited, e-mailed), paid gifts stay with
 * the institution that received them — in the ledger, the payouts and on the page — and a late
 * guest of an ended party is offered the party's own institution.
 */
import { adminPost, countAudit, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertPaidGift, insertParty, insertUser } from "@tests/parties";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { partiesAmountsDue } from "~/domain/ledger/index.server";
import { findPartyForPage } from "~/domain/parties/parties.server";
import { listOpenInstitutionItems } from "~/domain/payouts/index.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { addCalendarDays, formatDate, todayInSaoPaulo } from "~/platform/dates";
import { db, schema } from "~/platform/db.server";
import { adminTabAction as adminAction } from "@tests/admin";
import { loader as doarLoader } from "./doar";
import { loader as partyLoader } from "./festa.$id";

useTestDatabase();

async function world() {
  const animals = await insertCause({ name: "Proteção Animal", icon: "🐾" });
  const environment = await insertCause({ name: "Meio Ambiente", icon: "🌱" });
  const patinhas = await insertInstitution(animals.id, { name: "Associação Patinhas do Bem", email: "contato@patinhas.org.br" });
  const verde = await insertInstitution(environment.id, { name: "Instituto Verde Vivo", email: "ola@verdevivo.org.br" });
  const host = await createTestUser({ name: "Mariana Costa" });
  const party = await insertParty({ userId: host.user.id, causeId: animals.id, organizationId: patinhas.id, name: "Natal Solidário" });
  return { animals, environment, patinhas, verde, host, party };
}

const move = (cookie: string, fields: Record<string, string>) =>
  outcome(() => adminAction(routeArgs(adminPost(cookie, { intent: "moveParty", ...fields }))));

describe("a party's cause is its institution's", () => {
  it("cannot be set apart: a diverging cause is corrected, and an institution's new cause reaches its parties", async () => {
    const { environment, animals, patinhas, party } = await world();
    // What Admin → Festas → Editar could do before: the cause changed, the institution not.
    await db.update(schema.parties).set({ causeId: environment.id }).where(eq(schema.parties.id, party.id));
    expect((await findPartyForPage(party.shareCode))!.causeName).toBe("Proteção Animal");
    const [row] = await db.select({ causeId: schema.parties.causeId }).from(schema.parties).where(eq(schema.parties.id, party.id));
    expect(row!.causeId).toBe(animals.id);

    await db.update(schema.organizations).set({ causeId: environment.id }).where(eq(schema.organizations.id, patinhas.id));
    expect((await findPartyForPage(party.shareCode))!.causeName).toBe("Meio Ambiente");
  });

  it("the admin's edit form no longer takes a cause: a posted one is ignored", async () => {
    const { environment, party } = await world();
    const admin = await createTestUser({ admin: true });
    const done = await outcome(() =>
      adminAction(
        routeArgs(
          adminPost(admin.cookie, {
            intent: "updateParty",
            id: party.id,
            name: "Natal Solidário",
            eventType: "Aniversário",
            eventDate: addCalendarDays(todayInSaoPaulo(), 10),
            goal: "",
            message: "",
            causeId: environment.id,
          }),
        ),
      ),
    );
    expect(done.status).toBe(200);
    expect((await findPartyForPage(party.shareCode))!.causeName).toBe("Proteção Animal");
  });
});

describe("moving a party to another institution", () => {
  it("needs a reason and a confirmation, refuses an unverified institution and the same one", async () => {
    const { patinhas, party, animals } = await world();
    const admin = await createTestUser({ admin: true });
    const unverified = await insertInstitution(animals.id, { verifiedAt: null });
    const audits = await countAudit();
    const noReason = await move(admin.cookie, { id: party.id, organizationId: patinhas.id, reason: "", confirmed: "sim" });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain("Escreva o motivo da mudança");
    const unconfirmed = await move(admin.cookie, { id: party.id, organizationId: unverified.id, reason: "Pedido da família" });
    expect(JSON.stringify(unconfirmed.body)).toContain("Confirme que as doações já pagas continuam");
    const notVerified = await move(admin.cookie, {
      id: party.id,
      organizationId: unverified.id,
      reason: "Pedido da família",
      confirmed: "sim",
    });
    expect(notVerified.status).toBe(400);
    expect(JSON.stringify(notVerified.body)).toContain("ainda está em verificação");
    const same = await move(admin.cookie, { id: party.id, organizationId: patinhas.id, reason: "Pedido da família", confirmed: "sim" });
    expect(JSON.stringify(same.body)).toContain("A festa já arrecada para esta instituição.");
    expect(await countAudit()).toBe(audits);
  });

  it("moves: audited with the reason, three e-mails, paid gifts keep their ledger institution and are paid out to it", async () => {
    const { patinhas, verde, host, party } = await world();
    const admin = await createTestUser({ admin: true });
    const before = await insertPaidGift(party.id, { amountCents: 10_000, name: "Bia" });
    const ledgerBefore = await db.select().from(schema.ledgerEntries).orderBy(asc(schema.ledgerEntries.id));

    const done = await move(admin.cookie, {
      id: party.id,
      organizationId: verde.id,
      reason: "A família pediu para apoiar o Verde Vivo",
      confirmed: "sim",
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ intent: "moveParty", ok: true });

    // The ledger is untouched; the party's cause and institution are the new one's.
    expect(await db.select().from(schema.ledgerEntries).orderBy(asc(schema.ledgerEntries.id))).toEqual(ledgerBefore);
    expect(ledgerBefore.find((r) => r.donationId === before.id)!.organizationId).toBe(patinhas.id);
    const page = (await findPartyForPage(party.shareCode))!;
    expect(page.causeName).toBe("Meio Ambiente");
    expect(page.organization?.name).toBe("Instituto Verde Vivo");

    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "party.move"));
    expect(audit).toMatchObject({ entity: "party", entityId: party.id, actorUserId: admin.user.id });
    expect(audit!.details).toMatchObject({ from: patinhas.id, to: verde.id, reason: "A família pediu para apoiar o Verde Vivo" });

    const mails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "party-moved"));
    expect(mails.map((m) => m.to).sort()).toEqual([host.user.email, "contato@patinhas.org.br", "ola@verdevivo.org.br"].sort());
    for (const m of mails) expect(m.text).toContain("Motivo: A família pediu para apoiar o Verde Vivo");
    expect(mails.find((m) => m.to === "contato@patinhas.org.br")!.text).toContain("continuam com vocês");

    // A gift after the move goes to the new institution; the party's payout carries only those.
    await insertPaidGift(party.id, { amountCents: 5_000, name: "Caio" });
    expect((await partiesAmountsDue([party.id])).get(party.id)).toMatchObject({ grossCents: 5_000 });
    const patinhasItems = await listOpenInstitutionItems(patinhas.id);
    expect(patinhasItems.map((i) => i.donationId)).toEqual([before.id]);
    expect(await listOpenInstitutionItems(verde.id)).toEqual([]);
    expect((await reconcile({ providers: [], range: { from: new Date(0), to: new Date() } })).discrepancies).toEqual([]);
  });

  it("the party page says until when the gifts went to the earlier institution", async () => {
    const { verde, party } = await world();
    const admin = await createTestUser({ admin: true });
    await move(admin.cookie, { id: party.id, organizationId: verde.id, reason: "Pedido da anfitriã", confirmed: "sim" });
    const result = (await partyLoader({ params: { id: party.shareCode }, request: new Request("http://x/"), context: {} } as never)) as {
      data: { party: { earlierInstitutions: string[]; causeName: string } };
    };
    expect(result.data.party.causeName).toBe("Meio Ambiente");
    expect(result.data.party.earlierInstitutions).toEqual([
      `As doações feitas até ${formatDate(new Date())} foram para Associação Patinhas do Bem.`,
    ]);
  });

  it("a party whose payout was transferred stays with the institution that was paid", async () => {
    const { verde, party } = await world();
    const admin = await createTestUser({ admin: true });
    const [payout] = await db
      .insert(schema.payouts)
      .values({
        partyId: party.id,
        status: "transferido",
        grossCents: 0,
        feeCents: 0,
        netCents: 0,
        settlementDate: "2026-01-01",
        transferDeadline: "2026-01-02",
      })
      .returning();
    expect(payout).toBeDefined();
    const refused = await move(admin.cookie, { id: party.id, organizationId: verde.id, reason: "Pedido da anfitriã", confirmed: "sim" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("O repasse desta festa já foi feito");
  });
});

describe("a late guest of an ended party", () => {
  it("is offered the party's own institution, not the main one", async () => {
    const cause = await insertCause({ name: "Proteção Animal" });
    await insertInstitution(cause.id, { name: "Instituição Principal", isMain: true });
    const own = await insertInstitution(cause.id, { name: "Associação Patinhas do Bem" });
    const owner = await insertUser();
    const ended = await insertParty({
      userId: owner.id,
      causeId: cause.id,
      organizationId: own.id,
      eventDate: addCalendarDays(todayInSaoPaulo(), -30),
    });
    const doar = await outcome(() => doarLoader(routeArgs(new Request(`http://localhost:3000/doar?festa=${ended.shareCode}`))));
    expect(doar.status).toBe(410);
    expect(doar.body).toMatchObject({ refused: { offer: { slug: own.slug, name: "Associação Patinhas do Bem" } } });
    const page = await outcome(() =>
      partyLoader({
        params: { id: ended.shareCode },
        request: new Request("http://x/"),
        context: { config: { PLATFORM_FEE_PERCENT: 10 } },
      } as never),
    );
    expect(page.status).toBe(410);
    expect(page.body).toMatchObject({ lateGift: { href: `/doar?ong=${own.slug}`, name: "Associação Patinhas do Bem" } });
  });
});
