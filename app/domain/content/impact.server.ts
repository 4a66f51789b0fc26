/**
 * The public impact figures (home, histórias, transparência). Money comes from the ledger's stored
 * rows (docs/decisions/130-ledger.md): gifts and charges the provider confirmed, net of refunds and
 * chargebacks; "famílias ajudadas" is the one figure nobody can compute: admins copy it from the
 * institutions' own report, and every page shows it with that report's source and date
 * (docs/decisions/163-public-figures.md), never as if it were live.
 */
import { count, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { giftsRaisedCents, subscriptionsRaisedCents } from "~/domain/ledger/index.server";

export const FAMILIES_HELPED_KEY = "families_helped";

/** Gifts raised, net of refunds and chargebacks: the ledger's stored rows. */
export async function sumPaidDonationsCents(executor: Executor = db): Promise<number> {
  return giftsRaisedCents(executor);
}

/** Assine o Bem charges raised: the ledger's stored rows. */
export async function sumSubscriptionChargesCents(executor: Executor = db): Promise<number> {
  return subscriptionsRaisedCents(executor);
}

async function countParties(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(schema.parties);
  return row?.n ?? 0;
}

export async function countActiveSubscriptions(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(schema.subscriptions).where(eq(schema.subscriptions.status, "active"));
  return row?.n ?? 0;
}

/** Whose report the families figure comes from, and its date (YYYY-MM-DD). */
export type FamiliesReport = { source: string | null; reportedOn: string };
export type FamiliesFigure = { count: number; report: FamiliesReport | null };

/**
 * The stored figure: `{ count, source, reportedOn }`; a bare number (saved before the figure had a
 * source) reports the day it was saved and no source.
 */
export async function getFamiliesFigure(executor: Executor = db): Promise<FamiliesFigure> {
  const [row] = await executor
    .select({ value: schema.siteSettings.value, updatedAt: schema.siteSettings.updatedAt })
    .from(schema.siteSettings)
    .where(eq(schema.siteSettings.key, FAMILIES_HELPED_KEY));
  if (!row) return { count: 0, report: null };
  const stored = row.value as number | { count?: unknown; source?: unknown; reportedOn?: unknown };
  const raw = typeof stored === "object" && stored !== null ? Number(stored.count) : Number(stored);
  const count = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  if (count === 0) return { count: 0, report: null };
  if (
    typeof stored === "object" &&
    stored !== null &&
    typeof stored.reportedOn === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(stored.reportedOn)
  ) {
    return {
      count,
      report: { source: typeof stored.source === "string" && stored.source.trim() ? stored.source : null, reportedOn: stored.reportedOn },
    };
  }
  return { count, report: { source: null, reportedOn: todayInSaoPaulo(row.updatedAt) } };
}

export type ImpactFigures = {
  raisedCents: number;
  donationsCents: number;
  subscriptionsCents: number;
  parties: number;
  activeSubscribers: number;
  familiesHelped: number;
  /** The institutions' report the families figure comes from; null: no figure to show. */
  familiesReport: FamiliesReport | null;
};

export async function getImpactFigures(): Promise<ImpactFigures> {
  const [donationsCents, subscriptionsCents, parties, activeSubscribers, families] = await Promise.all([
    sumPaidDonationsCents(),
    sumSubscriptionChargesCents(),
    countParties(),
    countActiveSubscriptions(),
    getFamiliesFigure(),
  ]);
  return {
    raisedCents: donationsCents + subscriptionsCents,
    donationsCents,
    subscriptionsCents,
    parties,
    activeSubscribers,
    familiesHelped: families.count,
    familiesReport: families.report,
  };
}
