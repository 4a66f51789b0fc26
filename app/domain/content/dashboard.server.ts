/**
 * The admin dashboard: its figures, and the "famílias ajudadas" figure it sets. Totals come from
 * the paid ledger (only `paga` counts) and the parties' maintained totals, never from a scan per party.
 */
import { sql } from "drizzle-orm";
import { countPaidDonations, listLatestPaidDonations } from "~/domain/donations/index.server";
import { institutionBalances, lastReconcileResult } from "~/domain/ledger/index.server";
import { listLivePartiesProgress } from "~/domain/parties/index.server";
import { monthlyNudgeConversion } from "~/domain/subscriptions/index.server";
import { auditedChange } from "~/platform/audit.server";
import { schema } from "~/platform/db.server";
import { progressPercent } from "~/platform/money";
import { countActiveSubscriptions, FAMILIES_HELPED_KEY, getFamiliesFigure, sumPaidDonationsCents } from "./impact.server";

/** `today` is São Paulo's date (YYYY-MM-DD): the parties still on the air that day are listed. */
export async function loadDashboardPanel(today: string) {
  const totalRaisedCents = await sumPaidDonationsCents();
  const paidDonations = await countPaidDonations();
  const activeSubscribers = await countActiveSubscriptions();
  const families = await getFamiliesFigure();
  // The parties still on the air today (partyVisibility "live"): an ended or deactivated one is in neither.
  const parties = await listLivePartiesProgress(today);
  const latest = await listLatestPaidDonations(10);
  // Money from the ledger's stored rows: what each institution is owed (negative after a refund or
  // chargeback that came after its payout), and the last reconciliation.
  const balances = await institutionBalances();
  const reconcile = await lastReconcileResult();
  // "Que tal todo mês?": one-off donors who went on to a monthly plan from the result page (decision 213).
  const nudge = await monthlyNudgeConversion();
  return {
    nudge,
    balances,
    reconcile: reconcile && {
      ranAt: reconcile.ranAt,
      ok: reconcile.ok,
      count: reconcile.discrepancies.length,
      first: reconcile.discrepancies.slice(0, 5).map((d) => d.pt),
    },
    // "Campanhas ativas" is the list below, counted: one query, so the two can never disagree.
    stats: { totalRaisedCents, paidDonations, activeParties: parties.length, activeSubscribers, familiesHelped: families.count },
    families: { count: families.count, source: families.report?.source ?? "", reportedOn: families.report?.reportedOn ?? "" },
    parties: parties.map((p) => ({ ...p, progress: progressPercent(p.raisedCents, p.goalCents) })),
    latest,
  };
}

/**
 * Sets the "famílias ajudadas" figure the home, Histórias and Transparência pages show, with whose
 * report it comes from and that report's date (YYYY-MM-DD).
 */
export async function setFamiliesHelped(actorUserId: string, value: { count: number; source: string; reportedOn: string }) {
  await auditedChange(actorUserId, async (tx, audit) => {
    const before = await getFamiliesFigure(tx);
    await tx
      .insert(schema.siteSettings)
      .values({ key: FAMILIES_HELPED_KEY, value })
      .onConflictDoUpdate({ target: schema.siteSettings.key, set: { value, updatedAt: sql`now()` } });
    await audit({
      action: "settings.families_helped",
      entity: "site_settings",
      entityId: "families_helped",
      details: { from: before.count, to: value.count, source: value.source, reportedOn: value.reportedOn },
    });
  });
}
