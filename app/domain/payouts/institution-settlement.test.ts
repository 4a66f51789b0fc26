import { describe, expect, it } from "vitest";
import { batchUpTo, debtAfterPayout, dueDateOf, institutionDue, type OpenLedgerItem, settlementDateFor } from "./institution-settlement";

/** PIX_MED_HOLD_DAYS's default (decision 208). */
const HOLD = 11;

let seq = 0;
/** A row paid at noon São Paulo time (15:00 UTC) on `date`. */
function paid(date: string, netCents = 9_000, extra: Partial<OpenLedgerItem> = {}): OpenLedgerItem {
  return {
    id: `row-${++seq}`,
    organizationId: "org",
    kind: "gift_paid",
    grossCents: Math.round(netCents / 0.9),
    feeCents: Math.round(netCents / 0.9) - netCents,
    netCents,
    occurredAt: new Date(`${date}T15:00:00Z`),
    method: null,
    reversed: null,
    donationId: `don-${seq}`,
    subscriptionChargeId: null,
    giftPaidOut: false,
    ...extra,
  };
}

function refundOf(row: OpenLedgerItem, date: string): OpenLedgerItem {
  return {
    ...row,
    id: `row-${++seq}`,
    kind: "refund",
    grossCents: -row.grossCents,
    feeCents: -row.feeCents,
    netCents: -row.netCents,
    occurredAt: new Date(`${date}T15:00:00Z`),
    reversed: { occurredAt: row.occurredAt, method: row.method },
  };
}

describe("institution settlement rules", () => {
  it("dates and counts a dispute won alone (its gift and chargeback paid out before) as money coming in", () => {
    const gift = paid("2026-03-02", 9_000, { method: "pix" });
    const chargeback = { ...refundOf(gift, "2026-03-05"), kind: "chargeback" };
    const won: OpenLedgerItem = {
      ...gift,
      id: `row-${++seq}`,
      kind: "reversal",
      occurredAt: new Date("2026-03-20T15:00:00Z"),
      reversed: { occurredAt: chargeback.occurredAt, method: "pix" },
    };
    const batch = batchUpTo([{ ...won, dueDate: dueDateOf(won, HOLD) }], "2026-03-31");
    expect(batch).toMatchObject({ netCents: 9_000, gifts: 1, firstDue: "2026-03-20", lastDue: "2026-03-20", deadline: "2026-03-25" });
  });

  it("counts each refund as a gift taken back, as the reports do, a partial one included", () => {
    const gift = paid("2026-03-02", 9_000, { method: "pix" });
    const part = { ...refundOf(gift, "2026-03-03"), grossCents: -3_000, feeCents: -300, netCents: -2_700 };
    const batch = batchUpTo(
      [gift, part].map((i) => ({ ...i, dueDate: dueDateOf(i, HOLD) })),
      "2026-03-31",
    );
    // The Pix of 2026-03-02 is held 11 days (decision 208).
    expect(batch).toMatchObject({ netCents: 6_300, gifts: 0, lastDue: "2026-03-13" });
  });

  it("settles a card payment 33 calendar days later and holds a Pix for the MED window", () => {
    expect(settlementDateFor(null, "2026-03-15", HOLD)).toBe("2026-04-17");
    expect(settlementDateFor("card", "2026-03-15", HOLD)).toBe("2026-04-17");
    // The card does not depend on the hold.
    expect(settlementDateFor("card", "2026-03-15", 0)).toBe("2026-04-17");
    expect(settlementDateFor("pix", "2026-03-15", HOLD)).toBe("2026-03-26");
    expect(settlementDateFor("pix", "2026-03-15", 3)).toBe("2026-03-18");
    expect(settlementDateFor("pix", "2026-03-15", 0)).toBe("2026-03-15");
  });

  it("keeps a Pix paid today out of today's batch until its hold has passed", () => {
    const pix = paid("2026-03-15", 9_000, { method: "pix" });
    expect(institutionDue([pix], "2026-03-15", HOLD)).toMatchObject({
      dueNow: { netCents: 0, itemIds: [] },
      upcoming: [{ date: "2026-03-26", netCents: 9_000 }],
    });
    expect(institutionDue([pix], "2026-03-25", HOLD).dueNow.netCents).toBe(0);
    expect(institutionDue([pix], "2026-03-26", HOLD).dueNow).toMatchObject({ netCents: 9_000, itemIds: [pix.id] });
  });

  it("a MED devolution of a Pix already paid out is the institution's debt, netted in the next batch", () => {
    const gift = paid("2026-03-02", 9_000, { method: "pix" });
    const med = { ...refundOf(gift, "2026-03-10"), kind: "chargeback", giftPaidOut: true };
    // Due on its own day (the gift's hold ended before it); alone it is a negative batch: nothing offered.
    expect(dueDateOf(med, HOLD)).toBe("2026-03-13");
    const alone = institutionDue([med], "2026-03-20", HOLD);
    expect(alone).toMatchObject({ dueNow: { netCents: -9_000 }, options: [], debt: { medCents: 9_000, otherCents: 0 } });
    const next = institutionDue([med, paid("2026-02-01", 20_000)], "2026-03-20", HOLD);
    expect(next.dueNow.netCents).toBe(11_000);
    expect(next.dueNow.itemIds).toContain(med.id);
    // A chargeback of a gift not paid out yet travels with its gift: no debt.
    expect(debtAfterPayout([{ ...med, giftPaidOut: false }])).toEqual({ medCents: 0, otherCents: 0 });
    // A card dispute or a refund after the payout is a debt too, not a MED one.
    expect(
      debtAfterPayout([
        { ...med, method: "card" },
        { ...med, kind: "refund" },
      ]),
    ).toEqual({ medCents: 0, otherCents: 18_000 });
  });

  it("dates a payment by the São Paulo calendar (00:30 UTC is still the day before)", () => {
    const lateEvening = paid("2026-03-15", 9_000, { occurredAt: new Date("2026-03-16T00:30:00Z") });
    expect(dueDateOf(lateEvening, HOLD)).toBe("2026-04-17");
  });

  it("is upcoming the day before the settlement date and due on it", () => {
    const row = paid("2026-03-15");
    expect(institutionDue([row], "2026-04-16", HOLD)).toMatchObject({
      dueNow: { netCents: 0, itemIds: [] },
      upcoming: [{ date: "2026-04-17", netCents: 9_000, gifts: 1 }],
      overdue: false,
    });
    const onTheDay = institutionDue([row], "2026-04-17", HOLD);
    expect(onTheDay.dueNow).toMatchObject({ netCents: 9_000, itemIds: [row.id], firstDue: "2026-04-17", lastDue: "2026-04-17" });
    expect(onTheDay.upcoming).toEqual([]);
  });

  it("gives 3 business days to transfer, skipping weekends and national holidays", () => {
    // Settles Friday 2026-04-17: Monday 20, (Tiradentes on Tuesday 21), Wednesday 22, Thursday 23.
    const row = paid("2026-03-15");
    expect(institutionDue([row], "2026-04-23", HOLD)).toMatchObject({ dueNow: { deadline: "2026-04-23" }, overdue: false });
    expect(institutionDue([row], "2026-04-24", HOLD).overdue).toBe(true);
  });

  it("counts the deadline from the oldest settlement in the batch", () => {
    const old = paid("2026-03-15", 1_000);
    const recent = paid("2026-03-20", 2_000, { subscriptionChargeId: "charge", donationId: null, kind: "subscription_charge_paid" });
    const due = institutionDue([old, recent], "2026-04-30", HOLD);
    expect(due.dueNow).toMatchObject({ netCents: 3_000, gifts: 1, charges: 1, firstDue: "2026-04-17", lastDue: "2026-04-22" });
    expect(due.dueNow.deadline).toBe("2026-04-23");
  });

  it("keeps a refund with its unsettled gift (they cancel out) and takes a later one off the next transfer", () => {
    const gift = paid("2026-03-15");
    const early = refundOf(gift, "2026-03-20");
    expect(dueDateOf(early, HOLD)).toBe("2026-04-17");
    expect(institutionDue([gift, early], "2026-03-25", HOLD)).toMatchObject({
      dueNow: { netCents: 0 },
      upcoming: [{ netCents: 0 }],
      options: [],
    });

    // The gift was paid out; the refund comes after: due on its own day, the balance is negative.
    const late = refundOf(gift, "2026-05-02");
    expect(dueDateOf(late, HOLD)).toBe("2026-05-02");
    const after = institutionDue([late], "2026-05-02", HOLD);
    expect(after.dueNow.netCents).toBe(-9_000);
    expect(after.options).toEqual([]);
    // A new settled gift larger than the refund: the net of both is what is due.
    const next = institutionDue([late, paid("2026-04-01", 20_000)], "2026-05-04", HOLD);
    expect(next.dueNow.netCents).toBe(11_000);
  });

  it("offers early transfers up to each upcoming settlement date, with cumulative amounts", () => {
    const a = paid("2026-03-15", 1_000);
    const b = paid("2026-03-25", 2_000);
    const c = paid("2026-04-05", 4_000);
    const due = institutionDue([a, b, c], "2026-04-20", HOLD);
    expect(due.options.map((o) => [o.cutoff, o.netCents])).toEqual([
      ["2026-04-20", 1_000],
      ["2026-04-27", 3_000],
      ["2026-05-08", 7_000],
    ]);
    expect(batchUpTo([{ ...a, dueDate: "2026-04-17" }], "2026-04-16").itemIds).toEqual([]);
  });
});
