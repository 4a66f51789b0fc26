/** The figures of one month's public transparency report (no donor data, only totals). */
import { largestRemainderPercentages } from "~/platform/distribution";
import { splitFee } from "~/platform/money";
import { isCurrentMonth, monthLabel, monthRange, type ReportMonth } from "~/domain/content/report-month";
import {
  listPayoutsTransferredBetween,
  paidDonationsByCause,
  paidDonationsByParty,
  sumPaidDonationsBetween,
  sumSubscriptionChargesBetween,
} from "~/domain/content/transparency.server";

export const GENERAL_FUND_LABEL = "Doações gerais (sem causa definida)";

export async function loadMonthlyReport(month: ReportMonth, feePercent: number, now: Date = new Date()) {
  const range = monthRange(month);
  const [donations, subscriptions, causes, parties, payouts] = await Promise.all([
    sumPaidDonationsBetween(range),
    sumSubscriptionChargesBetween(range),
    paidDonationsByCause(range),
    paidDonationsByParty(range),
    listPayoutsTransferredBetween(range),
  ]);
  const grossCents = donations.totalCents + subscriptions.totalCents;
  const percents = largestRemainderPercentages(causes.map((c) => c.totalCents));
  return {
    month,
    label: monthLabel(month),
    partial: isCurrentMonth(month, now),
    feePercent,
    donations,
    subscriptions,
    grossCents,
    ...splitFee(grossCents, feePercent),
    byCause: causes.map((c, i) => ({
      name: c.causeName ?? GENERAL_FUND_LABEL,
      totalCents: c.totalCents,
      gifts: c.gifts,
      percent: percents[i]!,
    })),
    byParty: parties,
    payouts,
    isEmpty: grossCents === 0 && payouts.length === 0,
  };
}

export type MonthlyReport = Awaited<ReturnType<typeof loadMonthlyReport>>;
