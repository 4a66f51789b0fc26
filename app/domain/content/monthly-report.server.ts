/**
 * The figures of one month's public transparency report (no donor data, only totals), added up
 * from the ledger's stored rows of the month (docs/decisions/130-ledger.md): the fee is the one
 * each movement was charged at, and a refund lands in the month it happened, so a published month
 * never changes.
 */
import { largestRemainderPercentages } from "~/platform/distribution";
import { formatFeePercents } from "~/platform/money";
import { isCurrentMonth, monthLabel, monthRange, type ReportMonth } from "~/domain/content/report-month";
import { payoutsBetween, raisedByCause, raisedByParty, raisedTotals } from "~/domain/ledger/index.server";

export const GENERAL_FUND_LABEL = "Doações gerais (sem causa definida)";

export async function loadMonthlyReport(month: ReportMonth, now: Date = new Date()) {
  const range = monthRange(month);
  const [totals, causes, parties, payouts] = await Promise.all([
    raisedTotals(range),
    raisedByCause(range),
    raisedByParty(range),
    payoutsBetween(range),
  ]);
  const percents = largestRemainderPercentages(causes.map((c) => Math.max(0, c.totalCents)));
  return {
    month,
    label: monthLabel(month),
    partial: isCurrentMonth(month, now),
    /** The fee percents of the month's movements (usually one). */
    feePercents: totals.feePercents,
    donations: { totalCents: totals.gifts.grossCents, gifts: totals.gifts.count },
    subscriptions: { totalCents: totals.subscriptions.grossCents, charges: totals.subscriptions.count },
    /** Refunds and chargebacks of the month (negative). */
    takenBack: { totalCents: totals.takenBack.grossCents, count: totals.takenBack.count },
    grossCents: totals.grossCents,
    feeCents: totals.feeCents,
    netCents: totals.netCents,
    byCause: causes.map((c, i) => ({
      name: c.causeName ?? GENERAL_FUND_LABEL,
      totalCents: c.totalCents,
      gifts: c.gifts,
      percent: percents[i]!,
    })),
    byCauseTotal: {
      totalCents: causes.reduce((s, c) => s + c.totalCents, 0),
      gifts: causes.reduce((s, c) => s + c.gifts, 0),
    },
    byParty: parties,
    payouts,
    isEmpty: totals.gifts.count + totals.subscriptions.count + totals.takenBack.count === 0 && payouts.length === 0,
  };
}

export type MonthlyReport = Awaited<ReturnType<typeof loadMonthlyReport>>;

/** "10%", or "7,5% e 10%" for a month in which the fee changed. */
export function feePercentsLabel(percents: number[]): string {
  return formatFeePercents(percents);
}
