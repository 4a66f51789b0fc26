/**
 * Institution payouts (decision 152): when an institution's direct gifts and Assine o Bem charges
 * settle, what is due now, what comes later and by when the team must transfer. Plain rules over
 * ledger rows (the queries load them): no I/O, so the admin tab and the tests share them.
 *
 * - A paid row settles on its payment method's settlement date: a card 33 calendar days after it
 *   was paid (CARD_SETTLEMENT_DAYS), Pix the same day.
 * - A refund or chargeback is due when the row it undoes is due, or on its own day if that is
 *   later: before the gift is paid out the two travel together (and cancel out); after it, the
 *   refund is taken off the next transfer.
 * - What is due goes to the institution within 3 business days (TRANSFER_BUSINESS_DAYS) of the
 *   oldest settlement it includes.
 */
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { addBusinessDays, CARD_SETTLEMENT_DAYS, TRANSFER_BUSINESS_DAYS } from "./business-days";

/** How a movement was paid (donations.payment_method). `null` is a card: an Assine o Bem charge. */
export type PaymentMethod = "card" | "pix" | null;

/** When the money of a payment made on `paidDate` (YYYY-MM-DD, São Paulo) is in our account. */
export function settlementDateFor(method: PaymentMethod, paidDate: string): string {
  return method === "pix" ? paidDate : addCalendarDays(paidDate, CARD_SETTLEMENT_DAYS);
}

/** One ledger row not yet paid out, as the queries read it. */
export type OpenLedgerItem = {
  id: string;
  organizationId: string;
  kind: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  occurredAt: Date;
  method: PaymentMethod;
  /** For a refund (in full or in part), a chargeback or a dispute won: the row it undoes. */
  reversed: { occurredAt: Date; method: PaymentMethod } | null;
  donationId: string | null;
  subscriptionChargeId: string | null;
};

export type DatedItem = OpenLedgerItem & { dueDate: string };

/** The day a row may be paid out (see the rules above). */
export function dueDateOf(item: OpenLedgerItem): string {
  const own = todayInSaoPaulo(item.occurredAt);
  if (!item.reversed) return settlementDateFor(item.method, own);
  const undone = settlementDateFor(item.reversed.method, todayInSaoPaulo(item.reversed.occurredAt));
  return undone > own ? undone : own;
}

export type Totals = { grossCents: number; feeCents: number; netCents: number; gifts: number; charges: number };

function totalsOf(items: DatedItem[]): Totals {
  const t: Totals = { grossCents: 0, feeCents: 0, netCents: 0, gifts: 0, charges: 0 };
  for (const i of items) {
    t.grossCents += i.grossCents;
    t.feeCents += i.feeCents;
    t.netCents += i.netCents;
    // Gifts and charges net of those taken back, as the reports count them (a dispute won gives one back).
    const sign = takesBack(i) ? -1 : 1;
    if (i.subscriptionChargeId) t.charges += sign;
    else t.gifts += sign;
  }
  return t;
}

/** A batch: every open row due on or before `cutoff`. */
export type Batch = Totals & {
  cutoff: string;
  itemIds: string[];
  /** The oldest and the newest settlement date of its paid rows (null when it has none). */
  firstDue: string | null;
  lastDue: string | null;
  /** The transfer deadline: TRANSFER_BUSINESS_DAYS after the oldest settlement. */
  deadline: string | null;
};

/** A refund or a chargeback (negative); a payment or a dispute won brings money in. */
const takesBack = (item: OpenLedgerItem) => item.kind === "refund" || item.kind === "chargeback";

export function batchUpTo(items: DatedItem[], cutoff: string): Batch {
  const chosen = items.filter((i) => i.dueDate <= cutoff);
  // Money that came in settles; a batch of a dispute won alone (its gift paid out before) has a date too.
  const paidDates = chosen
    .filter((i) => !takesBack(i))
    .map((i) => i.dueDate)
    .sort();
  const firstDue = paidDates[0] ?? null;
  return {
    cutoff,
    itemIds: chosen.map((i) => i.id).sort(),
    ...totalsOf(chosen),
    firstDue,
    lastDue: paidDates.at(-1) ?? null,
    deadline: firstDue ? addBusinessDays(firstDue, TRANSFER_BUSINESS_DAYS) : null,
  };
}

/** One institution's open rows, split: due now (a batch up to today) and upcoming, by date. */
export function institutionDue(items: OpenLedgerItem[], today: string) {
  const dated: DatedItem[] = items.map((i) => ({ ...i, dueDate: dueDateOf(i) }));
  const dueNow = batchUpTo(dated, today);
  const dates = [...new Set(dated.map((i) => i.dueDate).filter((d) => d > today))].sort();
  const upcoming = dates.map((date) => ({ date, ...totalsOf(dated.filter((i) => i.dueDate === date)) }));
  return {
    dueNow,
    overdue: dueNow.netCents > 0 && dueNow.deadline !== null && today > dueNow.deadline,
    upcoming,
    /** What the admin may transfer: due now, or (early, with a reason) up to an upcoming date; only positive amounts. */
    options: [dueNow, ...dates.map((date) => batchUpTo(dated, date))].filter((b) => b.netCents > 0),
  };
}
