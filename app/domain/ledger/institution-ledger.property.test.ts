/**
 * Decision 190's property: over random ledgers for two institutions — gifts through a party of
 * each and straight to each, paid, refunded in full or in part, charged back or failed, on random
 * days of four months, with party and institution payouts at random moments — every figure the
 * institution's dashboard, its monthly statements and its public "Prestação de contas" show equals
 * the reconciliation's sums for that institution (`institutionBalances`, what `reconcile` checks),
 * the ledger's own rows, and each other; and reconciliation finds nothing.
 */
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup, insertPendingGift, stepEvent, type Step } from "@tests/donations";
import { payOutInstitution, payOutParty } from "@tests/institution-payouts";
import { insertInstitution, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, monthRange, parseReportMonth } from "~/domain/content/report-month";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { institutionMoneyStates } from "~/domain/payouts/institution-money";
import { listOpenInstitutionItems } from "~/domain/payouts/institution-payouts.server";
import { getConfig, parseConfig } from "~/platform/config.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { db, schema } from "~/platform/db.server";
import {
  institutionGiftRows,
  institutionMonths,
  institutionOpenPartyMoney,
  institutionPayoutRows,
  institutionTotals,
} from "./institution-ledger.server";
import { institutionStatementCsv, loadInstitutionStatement } from "./institution-statement.server";
import { institutionBalances } from "./ledger-reports.server";
import { reconcile } from "./reconcile.server";

useTestDatabase();

const HISTORIES: Step[][] = [["paid"], ["paid"], ["failed"], ["paid", "refunded"], ["paid", "refund-part"], ["paid", "disputed"]];
const FEES = [0, 7.5, 10];
const configs = new Map(FEES.map((fee) => [fee, parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: String(fee) })]));
const operator = configs.get(10)!.operator;

const scenario = fc.record({
  gifts: fc.array(
    fc.record({
      amountCents: fc.integer({ min: 500, max: 2_000_000 }),
      history: fc.integer({ min: 0, max: HISTORIES.length - 1 }),
      // 0: party of A, 1: party of B, 2: straight to A, 3: straight to B.
      target: fc.integer({ min: 0, max: 3 }),
      // A day of January to April 2026, at noon in São Paulo, and how many days later a refund comes.
      day: fc.integer({ min: 0, max: 119 }),
      later: fc.integer({ min: 0, max: 40 }),
      fee: fc.constantFrom(...FEES),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  // After how many gifts each payout is tried (past the end: never): party A, institution A, institution B.
  payouts: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 3, maxLength: 3 }),
});

const at = (day: number) => new Date(Date.UTC(2026, 0, 1, 15, 0, 0) + day * 86_400_000);
const add = <T>(rows: T[], key: keyof T) => rows.reduce((s, r) => s + (r[key] as number), 0);

describe("institution books (property)", () => {
  it("dashboard, statements and public figures = the reconciliation's sums, for each institution", async () => {
    const { owner, cause } = await givingSetup();
    const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ gifts, payouts }) => {
        const orgA = await insertInstitution(cause.id, { name: "Instituição A" });
        const orgB = await insertInstitution(cause.id, { name: "Instituição B" });
        const ended = addCalendarDays(todayInSaoPaulo(), -60);
        const partyA = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: orgA.id, eventDate: ended });
        const partyB = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: orgB.id, eventDate: ended });
        const tryPayouts = async (done: number) => {
          if (payouts[0] === done) await payOutParty(partyA.id);
          if (payouts[1] === done) await payOutInstitution(orgA.id);
          if (payouts[2] === done) await payOutInstitution(orgB.id);
        };
        for (const [i, g] of gifts.entries()) {
          await tryPayouts(i);
          const partyId = [partyA.id, partyB.id, null, null][g.target]!;
          const organizationId = [null, null, orgA.id, orgB.id][g.target]!;
          const gift = await insertPendingGift(partyId, { amountCents: g.amountCents, organizationId });
          for (const [n, step] of HISTORIES[g.history]!.entries()) {
            const event = stepEvent(gift, step, { paymentId: `pi_${gift.id}`, occurredAt: at(g.day + (n === 0 ? 0 : g.later)) });
            await processPaymentEvent(event, testDeps({ config: configs.get(g.fee)! }));
          }
        }
        await tryPayouts(gifts.length);

        const balances = await institutionBalances();
        for (const org of [orgA, orgB]) {
          const rows = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.organizationId, org.id));
          const money = rows.filter((r) => r.kind !== "payout");
          const transfers = rows.filter((r) => r.kind === "payout");
          const reconciled = balances.find((b) => b.organizationId === org.id) ?? {
            paidNetCents: 0,
            takenBackNetCents: 0,
            payoutNetCents: 0,
            balanceCents: 0,
          };

          // The totals (dashboard header, public "Prestação de contas") = the reconciliation's sums = the rows.
          const totals = await institutionTotals(org.id);
          expect(totals.netCents).toBe(reconciled.paidNetCents + reconciled.takenBackNetCents);
          expect(totals.paidOutCents).toBe(0 - reconciled.payoutNetCents);
          expect(totals.balanceCents).toBe(reconciled.balanceCents);
          expect([totals.grossCents, totals.feeCents, totals.netCents]).toEqual([
            add(money, "grossCents"),
            add(money, "feeCents"),
            add(money, "netCents"),
          ]);

          // Month by month (both pages' table) adds up to the totals.
          const months = await institutionMonths(org.id, 1000);
          expect([add(months, "grossCents"), add(months, "feeCents"), add(months, "netCents"), add(months, "paidOutCents")]).toEqual([
            totals.grossCents,
            totals.feeCents,
            totals.netCents,
            totals.paidOutCents,
          ]);

          // The gift list (all, and split by origin) and the payout list.
          const list = await institutionGiftRows(org.id, {}, 100_000);
          expect([add(list, "grossCents"), add(list, "feeCents"), add(list, "netCents")]).toEqual([
            totals.grossCents,
            totals.feeCents,
            totals.netCents,
          ]);
          let bySource = 0;
          for (const source of ["festa", "direta", "mensal"] as const)
            bySource += add(await institutionGiftRows(org.id, { source }, 100_000), "grossCents");
          expect(bySource).toBe(totals.grossCents);
          const payoutRows = await institutionPayoutRows(org.id);
          expect(add(payoutRows, "netCents")).toBe(totals.paidOutCents);
          expect(payoutRows).toHaveLength(transfers.length);

          // Money by state: released + receivable = the balance; transferred = the ledger's transfers.
          const states = institutionMoneyStates({
            balanceCents: totals.balanceCents,
            paidOutCents: totals.paidOutCents,
            directItems: await listOpenInstitutionItems(org.id),
            parties: await institutionOpenPartyMoney(org.id),
            today: todayInSaoPaulo(),
            pixHoldDays: getConfig().PIX_MED_HOLD_DAYS,
          });
          expect(states.released.netCents + states.receivable.netCents + states.paidOutCents).toBe(
            reconciled.paidNetCents + reconciled.takenBackNetCents,
          );
          expect(add(states.released.lines, "netCents")).toBe(states.released.netCents);

          // Each month's statement = that month's row of the table, and its CSV says so.
          for (const m of months) {
            const month = parseReportMonth(m.month)!;
            const statement = await loadInstitutionStatement(org.id, {
              month: { key: month.key, label: monthLabel(month), range: monthRange(month) },
              institution: { name: org.name, legalName: null, cnpj: null },
              operator,
              generatedAt: new Date(),
            });
            expect(statement.totals).toMatchObject({
              grossCents: m.grossCents,
              feeCents: m.feeCents,
              netCents: m.netCents,
              paidOutCents: m.paidOutCents,
            });
            expect(add(statement.rows, "netCents")).toBe(m.netCents);
            expect(add(statement.payouts, "netCents")).toBe(m.paidOutCents);
            const csv = institutionStatementCsv(statement);
            expect(csv).toContain(`Total repassado no mês;;;;;;;;${centsText(m.paidOutCents)}`);
          }
        }

        const result = await reconcile({ providers: [sandbox], range: { from: new Date("2026-01-01"), to: new Date("2026-06-01") } });
        expect(result.discrepancies).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12) },
    );
  }, 300_000);
});

/** centsForCsv's format, written again: the CSV is read back, not trusted. */
function centsText(cents: number) {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}
