/**
 * Institution payouts (decision 152): when an institution's direct gifts and Assine o Bem charges
 * settle, what is due now, what comes later and by when the team must transfer. Plain rules over
 * ledger rows (the queries load them): no I/O, so the admin tab and the tests share them.
 *
 * - A paid row settles on its payment method's settlement date: a card 33 calendar days after it
 *   was paid (CARD_SETTLEMENT_DAYS); a Pix after the MED 2.0 hold (PIX_MED_HOLD_DAYS, passed in by
 *   the caller from the config: a contested Pix may be returned within about 11 days, decision 208).
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

/**
 * When the money of a payment made on `paidDate` (YYYY-MM-DD, São Paulo) may be paid out: a card
 * when the operator settles it, a Pix once the MED window (`pixHoldDays`) has passed.
 */
export function settlementDateFor(method: PaymentMethod, paidDate: string, pixHoldDays: number): string {
  return method === "pix" ? addCalendarDays(paidDate, pixHoldDays) : addCalendarDays(paidDate, CARD_SETTLEMENT_DAYS);
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
  /**
   * Whether the gift's paid row was already transferred (it is in `payout_items`, a party's payout
   * or an institution batch): a refund or chargeback of it is then the institution's debt (decision 208).
   */
  giftPaidOut: boolean;
};

export type DatedItem = OpenLedgerItem & { dueDate: string };

/** The day a row may be paid out (see the rules above). */
export function dueDateOf(item: OpenLedgerItem, pixHoldDays: number): string {
  const own = todayInSaoPaulo(item.occurredAt);
  if (!item.reversed) return settlementDateFor(item.method, own, pixHoldDays);
  const undone = settlementDateFor(item.reversed.method, todayInSaoPaulo(item.reversed.occurredAt), pixHoldDays);
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
export function institutionDue(items: OpenLedgerItem[], today: string, pixHoldDays: number) {
  const dated: DatedItem[] = items.map((i) => ({ ...i, dueDate: dueDateOf(i, pixHoldDays) }));
  const dueNow = batchUpTo(dated, today);
  const dates = [...new Set(dated.map((i) => i.dueDate).filter((d) => d > today))].sort();
  const upcoming = dates.map((date) => ({ date, ...totalsOf(dated.filter((i) => i.dueDate === date)) }));
  return {
    dueNow,
    overdue: dueNow.netCents > 0 && dueNow.deadline !== null && today > dueNow.deadline,
    upcoming,
    /** What the admin may transfer: due now, or (early, with a reason) up to an upcoming date; only positive amounts. */
    options: [dueNow, ...dates.map((date) => batchUpTo(dated, date))].filter((b) => b.netCents > 0),
    debt: debtAfterPayout(items),
  };
}

/**
 * What the institution owes back (decision 208): open refunds and chargebacks of gifts already
 * transferred, positive centavos. `medCents` are Pix chargebacks (a MED 2.0 devolution), the rest
 * (card disputes, refunds) is `otherCents`. Each is taken off the next batch; while that batch would
 * not be positive nothing is offered and the debt stays shown.
 */
export function debtAfterPayout(items: OpenLedgerItem[]): { medCents: number; otherCents: number } {
  let medCents = 0;
  let otherCents = 0;
  for (const i of items) {
    if (!takesBack(i) || !i.giftPaidOut) continue;
    if (i.kind === "chargeback" && i.method === "pix") medCents -= i.netCents;
    else otherCents -= i.netCents;
  }
  return { medCents, otherCents };
}
