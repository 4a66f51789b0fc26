/**
 * Pix and MED 2.0 (decision 208): a Pix is held PIX_MED_HOLD_DAYS before it is paid out, and a MED
 * devolution of a gift already paid out — here with its party — is the institution's debt, netted in
 * its next batch through the admin's real "Marcar como transferido". Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { type TestDepsOverrides, testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminGet, adminPost, outcome, routeArgs } from "@tests/admin";
import { authedRequest, createTestUser } from "@tests/auth";
import { insertPendingPixGift, pixStepBodies } from "@tests/donations";
import { insertCause, insertInstitution, insertParty, insertUser } from "@tests/parties";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { institutionOpenPartyMoney, institutionTotals } from "~/domain/ledger/institution-ledger.server";
import { institutionBalances } from "~/domain/ledger/ledger-reports.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { institutionMoneyStates } from "~/domain/payouts/institution-money";
import { listOpenInstitutionItems } from "~/domain/payouts/institution-payouts.server";
import type { DonationPaymentEvent } from "~/domain/payments/types";
import { fixedClock } from "~/platform/clock";
import { getConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";
import { loader as dashboardLoader } from "./ong.$slug.painel";

type Batch = { cutoff: string; netCents: number; itemIds: string[] };
type InstitutionView = {
  id: string;
  dueNow: Batch;
  upcoming: Array<{ date: string; netCents: number }>;
  options: Batch[];
  debt: { medCents: number; otherCents: number };
  idempotencyKey: string;
};

/** São Paulo noon of a calendar day, as a clock. */
const at = (date: string) => ({ clock: fixedClock(`${date}T15:00:00Z`) });
const noon = (date: string) => new Date(`${date}T15:00:00Z`);

async function institutionView(cookie: string, organizationId: string, deps: TestDepsOverrides) {
  const result = (await loader(routeArgs(adminGet("/admin/repasses?situacao=instituicoes", cookie), deps))) as {
    data: { institutions: { institutions: InstitutionView[] } };
  };
  return result.data.institutions.institutions.find((i) => i.id === organizationId)!;
}

async function post(cookie: string, fields: Record<string, string>, deps: TestDepsOverrides) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, fields), deps)));
  return { status: r.status, body: r.body as { ok: boolean } };
}

/** A Pix gift's webhook bodies (paid, then a MED devolution), each dated by the next of `dates`. */
async function pixGift(target: { partyId: string | null; organizationId?: string }, amountCents: number, dates: string[]) {
  const gift = await insertPendingPixGift(target.partyId, { amountCents, organizationId: target.organizationId ?? null });
  const queue = [...dates];
  const bodies = pixStepBodies(gift, ["paid", "disputed"], () => noon(queue.shift()!));
  const deliver = async (body: DonationPaymentEvent[]) => {
    for (const event of body) await processPaymentEvent(event, testDeps());
  };
  return { gift, pay: () => deliver(bodies[0]!), med: () => deliver(bodies[1]!) };
}

async function setup() {
  const cause = await insertCause();
  await insertInstitution(cause.id, { name: "AADORA", isMain: true });
  const org = await insertInstitution(cause.id, { name: "Prato Cheio", email: "repasses@pratocheio.org.br" });
  const owner = await insertUser("Mariana Costa");
  const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: "2026-03-10" });
  const admin = await createTestUser({ admin: true });
  return { org, party, admin };
}

const hold = () => getConfig().PIX_MED_HOLD_DAYS;

describe("Pix MED 2.0: hold before payout, debt after it (decision 208)", () => {
  it("holds a Pix 11 days by default", () => {
    expect(hold()).toBe(11);
  });

  it("a MED after the party's payout becomes the institution's debt, netted in its next batch", async () => {
    const { org, party, admin } = await setup();
    // The party's Pix: paid before the event; its MED comes after the party was paid out.
    const partyPix = await pixGift({ partyId: party.id }, 10_000, ["2026-03-05", "2026-04-21"]);
    await partyPix.pay();

    // The party is paid out (card settlement 2026-04-12 passed); its payout lists its one paid row.
    const paidOut = await post(
      admin.cookie,
      { intent: "markPayoutTransferred", partyId: party.id, proofUrl: "https://banco.example/c/1" },
      at("2026-04-20"),
    );
    expect(paidOut.body.ok).toBe(true);
    const [partyPayout] = await db.select().from(schema.payouts).where(eq(schema.payouts.partyId, party.id));
    expect(partyPayout).toMatchObject({ netCents: 9_000, status: "transferido" });
    const partyItems = await db.select().from(schema.payoutItems).where(eq(schema.payoutItems.payoutId, partyPayout!.id));
    const [paidRow] = await db
      .select()
      .from(schema.ledgerEntries)
      .where(and(eq(schema.ledgerEntries.donationId, partyPix.gift.id), eq(schema.ledgerEntries.kind, "gift_paid")));
    expect(partyItems.map((i) => i.ledgerEntryId)).toEqual([paidRow!.id]);
    // Paid out with its party: not an institution item.
    expect(await listOpenInstitutionItems(org.id)).toEqual([]);

    // A direct Pix to the institution, paid on 2026-04-20: held until 2026-05-01.
    const direct = await pixGift({ partyId: null, organizationId: org.id }, 30_000, ["2026-04-20", "2026-04-30"]);
    await direct.pay();
    const paidToday = await institutionView(admin.cookie, org.id, at("2026-04-20"));
    expect(paidToday.dueNow.netCents).toBe(0);
    expect(paidToday.upcoming).toEqual([expect.objectContaining({ date: "2026-05-01", netCents: 27_000 })]);

    // The MED devolution of the party's Pix arrives.
    await partyPix.med();
    const open = await listOpenInstitutionItems(org.id);
    const chargeback = open.find((i) => i.kind === "chargeback")!;
    expect(chargeback).toMatchObject({ donationId: partyPix.gift.id, netCents: -9_000, method: "pix", giftPaidOut: true });
    expect(open).toHaveLength(2);
    // Not also counted as the party's open money (its payout is done).
    expect(await institutionOpenPartyMoney(org.id)).toEqual([]);

    // The admin sees the debt; the negative batch due now is not offered, only the early one that covers it.
    const withDebt = await institutionView(admin.cookie, org.id, at("2026-04-21"));
    expect(withDebt.debt).toEqual({ medCents: 9_000, otherCents: 0 });
    expect(withDebt.dueNow.netCents).toBe(-9_000);
    expect(withDebt.options.map((o) => [o.cutoff, o.netCents])).toEqual([["2026-05-01", 18_000]]);

    // So does the institution's dashboard (/ong/:slug/painel), and its money states still add up to its balance.
    const dashboard = await outcome(() =>
      dashboardLoader({
        request: authedRequest(`/ong/${org.slug}/painel`, { cookie: admin.cookie }),
        params: { slug: org.slug },
        context: testContext(at("2026-04-21")),
      } as never),
    );
    expect((dashboard.body as { money: { debt: unknown } }).money.debt).toEqual({ medCents: 9_000, otherCents: 0 });
    const totals = await institutionTotals(org.id);
    const states = institutionMoneyStates({
      balanceCents: totals.balanceCents,
      paidOutCents: totals.paidOutCents,
      directItems: open,
      parties: await institutionOpenPartyMoney(org.id),
      today: "2026-04-21",
      pixHoldDays: hold(),
    });
    expect(states.debt.medCents).toBe(9_000);
    expect(states.released.netCents + states.receivable.netCents).toBe(totals.balanceCents);
    const balance = (await institutionBalances()).find((b) => b.organizationId === org.id)!;
    expect(balance).toMatchObject({ balanceCents: 18_000, takenBackNetCents: -9_000, payoutNetCents: -9_000 });

    // Once the direct Pix's hold has passed, the next batch nets the debt.
    const due = await institutionView(admin.cookie, org.id, at("2026-05-01"));
    expect(due.dueNow.netCents).toBe(18_000);
    expect(due.dueNow.itemIds).toContain(chargeback.id);
    const done = await post(
      admin.cookie,
      {
        intent: "markInstitutionPayoutTransferred",
        organizationId: org.id,
        batch: `2026-05-01:18000`,
        idempotencyKey: due.idempotencyKey,
        proofUrl: "https://banco.example/c/2",
      },
      at("2026-05-01"),
    );
    expect(done.body.ok).toBe(true);
    const [batch] = await db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, org.id));
    expect(batch).toMatchObject({ netCents: 18_000, grossCents: 20_000 });
    // The proof e-mail says what this transfer already took back, and why it is smaller.
    const [proof] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "institution-payout-proof"));
    expect(proof!.text).toContain("Valor líquido transferido: R$ 180,00");
    expect(proof!.text).toContain("Já descontado: R$ 90,00 de devoluções do Pix (MED) de doações já repassadas");
    expect(proof!.text).not.toContain("estornos");

    // Nothing open, no debt left, the balance is zero, and reconciliation agrees with every item.
    expect(await listOpenInstitutionItems(org.id)).toEqual([]);
    expect((await institutionView(admin.cookie, org.id, at("2026-05-02"))).debt).toEqual({ medCents: 0, otherCents: 0 });
    expect((await institutionBalances()).find((b) => b.organizationId === org.id)!.balanceCents).toBe(0);
    const result = await reconcile({ providers: [], range: { from: new Date("2026-03-01"), to: new Date("2026-06-01") } });
    expect(result.discrepancies.filter((d) => d.check === "payout" || d.check === "institution")).toEqual([]);
  });

  it("a MED before the party's payout travels with the party: no institution debt, nothing counted twice", async () => {
    const { org, party, admin } = await setup();
    const contested = await pixGift({ partyId: party.id }, 10_000, ["2026-03-05", "2026-03-08"]);
    const kept = await pixGift({ partyId: party.id }, 20_000, ["2026-03-06", "2026-03-09"]);
    await contested.pay();
    await kept.pay();
    await contested.med();
    expect(await listOpenInstitutionItems(org.id)).toEqual([]);

    const paidOut = await post(
      admin.cookie,
      { intent: "markPayoutTransferred", partyId: party.id, proofUrl: "https://banco.example/c/3" },
      at("2026-04-20"),
    );
    expect(paidOut.body.ok).toBe(true);
    const [payout] = await db.select().from(schema.payouts).where(eq(schema.payouts.partyId, party.id));
    expect(payout!.netCents).toBe(18_000);
    expect(await db.select().from(schema.payoutItems).where(eq(schema.payoutItems.payoutId, payout!.id))).toHaveLength(3);
    expect(await listOpenInstitutionItems(org.id)).toEqual([]);
    expect((await institutionBalances()).find((b) => b.organizationId === org.id)!.balanceCents).toBe(0);
  });

  it("a party whose last Pix was paid after the event waits for that Pix's hold", async () => {
    const { party, admin } = await setup();
    // The card settlement is 2026-04-12; a Pix paid on 2026-04-10 is held until 2026-04-21.
    const late = await pixGift({ partyId: party.id }, 10_000, ["2026-04-10", "2026-04-25"]);
    await late.pay();
    const fields = { intent: "markPayoutTransferred", partyId: party.id, proofUrl: "https://banco.example/c/4" };
    const early = await post(admin.cookie, fields, at("2026-04-15"));
    expect(early.body.ok).toBe(false);
    expect(await db.select().from(schema.payouts).where(eq(schema.payouts.partyId, party.id))).toEqual([]);
    const onTime = await post(admin.cookie, fields, at("2026-04-21"));
    expect(onTime.body.ok).toBe(true);
  });
});
