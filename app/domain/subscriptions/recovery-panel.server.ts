/**
 * The admin's "Assinaturas" tab (issue 30): plans whose monthly charge failed, with "Tentar agora",
 * and the recovered share of failed cycles by month (docs/recovery.md).
 */
import { auditedChange } from "~/platform/audit.server";
import type { Clock } from "~/platform/clock";
import { listRecoveriesForAdmin, recoveryFigures } from "./recovery-admin.server";
import { retryRecovery, type RetryDeps, type RetryOutcome } from "./recovery-retries.server";

export async function loadRecoveriesPanel({ clock }: { clock: Clock }) {
  const now = clock.now();
  const [rows, figures] = await Promise.all([listRecoveriesForAdmin(), recoveryFigures(now)]);
  return { rows, figures, now: now.toISOString() };
}

/**
 * "Tentar agora": asks for the month's next retry now; pressing twice asks once (the retry is keyed
 * by its number). Only a retry asked goes into the audit log.
 */
export async function retryRecoveryNow(actorUserId: string, recoveryId: string, deps: RetryDeps): Promise<RetryOutcome> {
  const outcome = await retryRecovery(recoveryId, deps);
  if (outcome === "asked") {
    await auditedChange(actorUserId, (_tx, audit) =>
      audit({ action: "subscription.retry_now", entity: "subscription_recovery", entityId: recoveryId, details: {} }),
    );
  }
  return outcome;
}
