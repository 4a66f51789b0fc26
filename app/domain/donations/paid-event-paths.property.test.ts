import { testDeps } from "@tests/context";
import { useTestDatabase, withOtherDatabase } from "@tests/database";
import { donationEvent, expireAsStale, insertPendingGift } from "@tests/donations";
import { coveredFeeCents } from "./cover-fee";
import { insertCause, insertInstitution, insertParty, insertUser } from "@tests/parties";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DonationPaymentEvent } from "~/domain/payments/types";
import { db, schema } from "~/platform/db.server";
import { processDonationEventAlone, processPaymentEvent } from "./payment-events.server";

useTestDatabase();

/**
 * One writer, proved (issue 28): the paid event has two paths — the batch statement
 * (paid-event.server.ts) and the single transaction (processDonationEventAlone) — and the same
 * stream of events must leave the same rows through either, each applied to its own fresh
 * database. The batch side sends every event through processPaymentEvent at once (so events
 * arriving together share a statement, and anything the statement leaves goes the single way);
 * the other sends each event, in the same order, through the single path alone.
 *
 * What is compared: every column of the ledger rows, the gifts, their history, the recorded
 * events, the parties' totals and the queued e-mails, except what the database generates on its
 * own (DIFFERENT_BY_NATURE: row ids, `now()` stamps, the random codes each database draws); the
 * ids of the rows the scenario created (institutions, parties, gifts, checkouts) are replaced by
 * their names in the scenario, so "the same institution" compares equal across the two databases.
 */
const DIFFERENT_BY_NATURE = new Set([
  "id",
  "created_at",
  "updated_at",
  "status_changed_at",
  "received_at",
  "idempotency_key",
  "send_after",
  "next_attempt_at",
]);

type Target = "party" | "partyWithoutInstitution" | "direct" | "main";
type GiftSpec = {
  amountCents: number;
  target: Target;
  provider: "sandbox" | "stripe";
  expired: boolean;
  events: number;
  paymentId: boolean;
  providerFeeCents: number | null;
  /** "Em homenagem a …" (decision 214): none, a name only, or a name and an e-mail (the e-card). */
  honoree: "none" | "name" | "card";
  /** "Quero cobrir a taxa" ticked (decision 216). */
  coversFee: boolean;
};

const scenario = fc.record({
  feePercent: fc.integer({ min: 0, max: 15 }),
  gifts: fc.array(
    fc.record({
      amountCents: fc.integer({ min: 500, max: 5_000_000 }),
      target: fc.constantFrom<Target>("party", "partyWithoutInstitution", "direct", "main"),
      provider: fc.constantFrom<"sandbox" | "stripe">("sandbox", "stripe"),
      // Expired by our job before its payment arrived: the statement leaves it to the single path.
      expired: fc.boolean(),
      // Distinct paid events for the gift (a provider may send a payment's event under two ids).
      events: fc.integer({ min: 0, max: 2 }),
      paymentId: fc.boolean(),
      // What the PSP says it kept (decision 206); null: not reported.
      providerFeeCents: fc.option(fc.integer({ min: 0, max: 20_000 })),
      honoree: fc.constantFrom<"none" | "name" | "card">("none", "name", "card"),
      coversFee: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  // A matching sponsor on the party (decision 215): a cap often smaller than its gifts, a ratio,
  // and a deadline that may fall among the gifts' payments.
  pledge: fc.option(
    fc.record({
      capCents: fc.integer({ min: 1_000, max: 6_000_000 }),
      ratioPercent: fc.constantFrom(50, 100, 200),
      deadlineAfterGift: fc.integer({ min: 0, max: 8 }),
    }),
  ),
  deliveries: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 16, maxLength: 16 }),
  order: fc.array(fc.nat(), { minLength: 48, maxLength: 48 }),
});

type PledgeSpec = { capCents: number; ratioPercent: number; deadlineAfterGift: number };
type Scenario = { feePercent: number; gifts: GiftSpec[]; pledge: PledgeSpec | null; deliveries: number[]; order: number[] };
const BASE_TIME = Date.UTC(2026, 9, 3, 15, 0, 0);

/** Builds the scenario's rows in the current database, then applies its stream; returns the rows to compare. */
async function runStream(s: Scenario, path: "batch" | "single") {
  const names = new Map<string, string>();
  const owner = await insertUser("Mariana Costa");
  const cause = await insertCause();
  const main = await insertInstitution(cause.id, { name: "Instituição principal", slug: "principal", isMain: true });
  const other = await insertInstitution(cause.id, { name: "AADORA", slug: "aadora" });
  const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: other.id, shareCode: "festa1" });
  const loose = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: null, shareCode: "festa2" });
  for (const [id, name] of [
    [owner.id, "owner"],
    [cause.id, "cause"],
    [main.id, "main"],
    [other.id, "other"],
    [party.id, "party"],
    [loose.id, "loose"],
    // insertInstitution draws a CNPJ from the clock.
    [main.cnpj!, "mainCnpj"],
    [other.cnpj!, "otherCnpj"],
  ] as const)
    names.set(id, name);
  if (s.pledge) {
    const [pledge] = await db
      .insert(schema.matchPledges)
      .values({
        partyId: party.id,
        sponsorName: "Padaria Pão Quente",
        sponsorDocument: "52998224725",
        ratioPercent: s.pledge.ratioPercent,
        capCents: s.pledge.capCents,
        status: "ativa",
        // Gift i's events occur at BASE_TIME + (10 i + e) s: the first `deadlineAfterGift` gifts are in time.
        deadline: new Date(BASE_TIME + (s.pledge.deadlineAfterGift * 10 - 5) * 1000),
      })
      .returning();
    names.set(pledge!.id, "pledge");
  }

  const stream: DonationPaymentEvent[] = [];
  const expired: string[] = [];
  for (const [i, g] of s.gifts.entries()) {
    const partyId = g.target === "party" ? party.id : g.target === "partyWithoutInstitution" ? loose.id : null;
    const gift = await insertPendingGift(partyId, {
      amountCents: g.amountCents,
      provider: g.provider,
      organizationId: g.target === "direct" ? other.id : null,
      // The fee the server would have computed at checkout (0 with no fee: nothing covered).
      feeCoveredCents: g.coversFee ? coveredFeeCents(g.amountCents, s.feePercent) : 0,
      ...(g.honoree === "none"
        ? {}
        : { honoree: { name: "Vó Maria", email: g.honoree === "card" ? `maria${i}@exemplo.com.br` : null, showsAmount: i % 2 === 0 } }),
    });
    names.set(gift.id, `gift${i}`);
    names.set(gift.checkoutId, `checkout${i}`);
    if (g.expired) expired.push(gift.id);
    // An expired gift gets one event (its repeats may race in two transactions; one event id decides).
    const distinct = g.expired ? Math.min(g.events, 1) : g.events;
    for (let e = 0; e < distinct; e++) {
      const event = donationEvent(gift, "paid", {
        id: `evt_${i}_${e}`,
        provider: g.provider,
        occurredAt: new Date(BASE_TIME + (i * 10 + e) * 1000),
        paymentId: g.paymentId ? `pi_${i}_${e}` : undefined,
      });
      event.providerFeeCents = g.providerFeeCents === null ? null : g.providerFeeCents + e;
      const times = s.deliveries[stream.length % s.deliveries.length]!;
      for (let t = 0; t < times; t++) stream.push(event);
    }
  }
  if (expired.length > 0) await expireAsStale(...expired);
  // Each database draws its own random verification codes: named like the ids.
  const codes = (await db.execute(sql`select receipt_number, receipt_code from donations`)) as unknown as {
    rows: Array<{ receipt_number: number; receipt_code: string }>;
  };
  for (const row of codes.rows) names.set(row.receipt_code, `code${row.receipt_number}`);
  const shuffled = stream
    .map((event, i) => ({ event, key: s.order[i % s.order.length]! * 1000 + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.event);

  const base = testDeps();
  const deps = { ...base, config: { ...base.config, PLATFORM_FEE_PERCENT: s.feePercent } };
  if (path === "single") {
    for (const event of shuffled) await processDonationEventAlone(event, deps);
  } else {
    // Events for pending gifts arrive together (the statement batches them); an expired gift's
    // event is left to the single path, so it waits for those before it and goes alone: two
    // transactions paying two gifts of one party at once may both send the creator's note, a
    // race of the single path with itself, not a difference between the paths.
    for (let i = 0; i < shuffled.length;) {
      const run = [];
      while (i < shuffled.length && !expired.includes(shuffled[i]!.ref.donationId!)) run.push(shuffled[i++]!);
      await Promise.all(run.map((event) => processPaymentEvent(event, deps)));
      if (i < shuffled.length) await processPaymentEvent(shuffled[i++]!, deps);
    }
  }
  return snapshot(names);
}

const TABLES = [
  "ledger_entries",
  "donations",
  "donation_status_history",
  "payment_events",
  "parties",
  "email_outbox",
  "match_pledges",
  "match_allocations",
];

/** Every row of the tables a paid event writes, as comparable text (see DIFFERENT_BY_NATURE). */
async function snapshot(names: Map<string, string>) {
  // Through JSON, so the ids inside the e-mails' data are named too.
  const rename = (value: unknown): unknown => {
    let text = JSON.stringify(value instanceof Date ? value.toISOString() : value) ?? "null";
    for (const [id, name] of names) if (text.includes(id)) text = text.split(id).join(`<${name}>`);
    return JSON.parse(text);
  };
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const result = (await db.execute(sql.raw(`select * from ${table}`))) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    out[table] = result.rows.map((row) => {
      const kept = Object.entries(row).filter(([column]) => !DIFFERENT_BY_NATURE.has(column));
      // The expiry job's own history rows are stamped now(); provider events carry their own time.
      if (table === "donation_status_history" && row.provider_event_id === null) {
        return Object.fromEntries(kept.filter(([column]) => column !== "occurred_at").map(([c, v]) => [c, rename(v)]));
      }
      return Object.fromEntries(kept.map(([c, v]) => [c, rename(v)]));
    });
    // In an order both databases share: by the named rows' text (ids differ, names do not).
    out[table].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

describe("the paid event's two paths (property)", () => {
  it("write the same ledger rows, gifts, history, events, totals, e-mails and sponsors' matches for any stream", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const batch = await withOtherDatabase(() => runStream(s, "batch"));
        const single = await withOtherDatabase(() => runStream(s, "single"));
        expect(batch.ledger_entries).toHaveLength(s.gifts.filter((g) => g.events > 0).length);
        expect(batch).toEqual(single);
        // The sponsor's promise is the sum of its allocations, within its cap (decision 215).
        const allocated = batch.match_allocations!.reduce(
          (sum: number, row) => sum + Number((row as { amount_cents: unknown }).amount_cents),
          0,
        );
        for (const pledge of batch.match_pledges as Array<{ matched_cents: unknown; cap_cents: unknown }>) {
          expect(Number(pledge.matched_cents)).toBe(allocated);
          expect(allocated).toBeLessThanOrEqual(Number(pledge.cap_cents));
        }
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 8),
        // A failure names its seed: PROPERTY_SEED=… replays it.
        ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
        endOnFailure: true,
      },
    );
  }, 300_000);
});
