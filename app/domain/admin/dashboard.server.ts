import { progressPercent } from "~/platform/money";
import { countActiveSubscriptions, getFamiliesFigure, sumPaidDonationsCents } from "~/domain/content/index.server";
import { countPaidDonations, listLatestPaidDonations, listLivePartiesProgress, setFamiliesHelped } from "~/domain/admin/stats.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, type AdminDeps, auditedChange, refuse, succeed } from "./action-kit.server";
import { institutionBalances, lastReconcileResult } from "~/domain/ledger/index.server";
import { familiesHelpedSchema } from "./forms";

export async function loadDashboard({ clock }: Pick<AdminDeps, "clock">) {
  const totalRaisedCents = await sumPaidDonationsCents();
  const paidDonations = await countPaidDonations();
  const activeSubscribers = await countActiveSubscriptions();
  const families = await getFamiliesFigure();
  // The parties still on the air today (partyVisibility "live"): an ended or deactivated one is in neither.
  const parties = await listLivePartiesProgress(todayInSaoPaulo(clock.now()));
  const latest = await listLatestPaidDonations(10);
  // Money from the ledger's stored rows: what each institution is owed (negative after a refund or
  // chargeback that came after its payout), and the last reconciliation.
  const balances = await institutionBalances();
  const reconcile = await lastReconcileResult();
  return {
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

export const setFamiliesHelpedAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, familiesHelpedSchema);
  if (submission.status !== "success") return refuse("setFamiliesHelped", "Erro ao salvar", submission.reply());
  const { familiesHelped: value, familiesSource: source, familiesReportedOn: reportedOn } = submission.value;
  if (reportedOn > todayInSaoPaulo(deps.clock.now())) {
    return refuse(
      "setFamiliesHelped",
      "Erro ao salvar",
      submission.reply({ fieldErrors: { familiesReportedOn: ["A data do relatório não pode estar no futuro."] } }),
    );
  }
  await auditedChange(admin, async (tx, audit) => {
    const before = await getFamiliesFigure(tx);
    await setFamiliesHelped(tx, { count: value, source, reportedOn });
    await audit({
      action: "settings.families_helped",
      entity: "site_settings",
      entityId: "families_helped",
      details: { from: before.count, to: value, source, reportedOn },
    });
  });
  return succeed("setFamiliesHelped", {
    title: "Famílias ajudadas atualizado",
    description: `Agora o site mostra ${value.toLocaleString("pt-BR")} famílias ajudadas.`,
  });
};
