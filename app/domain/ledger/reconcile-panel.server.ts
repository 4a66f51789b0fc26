/**
 * Admin → Conciliação (decision 169): the last reconciliation with every difference, and "Rodar
 * agora", which runs it inside the server — the only process that may open the embedded database
 * while the server holds its folder. The run reads one read-only snapshot and keeps its result,
 * as the daily job and `npm run reconcile` do.
 */
import type { Payments } from "~/domain/payments/index.server";
import { auditedChange } from "~/platform/audit.server";
import type { Clock } from "~/platform/clock";
import { lastReconcileResult, reconcileRange, runReconcile } from "./reconcile.server";

export async function loadReconcilePanel() {
  return { last: await lastReconcileResult() };
}

/** "Rodar agora": runs the reconciliation and records the run, with its summary, in the audit log. */
export async function runReconcileNow(actorUserId: string, { payments, clock }: { payments: Pick<Payments, "all">; clock: Clock }) {
  const now = clock.now();
  const result = await runReconcile({ providers: payments.all, range: reconcileRange(now), now });
  await auditedChange(actorUserId, (_tx, audit) =>
    audit({
      action: "ledger.reconcile",
      entity: "ledger",
      entityId: null,
      details: { ok: result.ok, discrepancies: result.discrepancies.length, range: result.range },
    }),
  );
  return result;
}
