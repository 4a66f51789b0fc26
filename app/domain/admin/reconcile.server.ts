/**
 * Admin → Conciliação (decision 169): the last reconciliation with every difference, and "Rodar
 * agora", which runs it inside the server — the only process that may open the embedded database
 * while the server holds its folder. The run reads one read-only snapshot and keeps its result,
 * as the daily job and `npm run reconcile` do.
 */
import { lastReconcileResult, reconcileRange, runReconcile } from "~/domain/ledger/index.server";
import { countOf } from "~/platform/plural";
import { type AdminActionHandler, type AdminDeps, auditedChange, succeed } from "./action-kit.server";

export async function loadReconcile() {
  return { last: await lastReconcileResult() };
}

export const runReconcileAction: AdminActionHandler = async ({ admin, deps }) => {
  const result = await runNow(deps);
  await auditedChange(admin, (_tx, audit) =>
    audit({
      action: "ledger.reconcile",
      entity: "ledger",
      entityId: null,
      details: { ok: result.ok, discrepancies: result.discrepancies.length, range: result.range },
    }),
  );
  return succeed("runReconcile", {
    title: result.ok
      ? "Conciliação sem divergências"
      : `Conciliação com ${countOf(result.discrepancies.length, { one: "divergência", other: "divergências" })}`,
    description: result.ok ? "Livro-caixa, totais, saldos e provedor conferem." : "Veja a lista abaixo.",
  });
};

function runNow({ payments, clock }: Pick<AdminDeps, "payments" | "clock">) {
  const now = clock.now();
  return runReconcile({ providers: payments.all, range: reconcileRange(now), now });
}
