import type { Route } from "./+types/conciliacao";
import { ReconcileTab } from "~/components/admin/reconcile";
import { loadReconcilePanel, runReconcileNow } from "~/domain/ledger/index.server";
import { succeed } from "~/platform/http/action-answers.server";
import { countOf } from "~/platform/plural";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadReconcilePanel());

export const action = adminAction({
  runReconcile: async ({ admin, deps }) => {
    const result = await runReconcileNow(admin.id, deps);
    return succeed("runReconcile", {
      title: result.ok
        ? "Conciliação sem divergências"
        : `Conciliação com ${countOf(result.discrepancies.length, { one: "divergência", other: "divergências" })}`,
      description: result.ok ? "Livro-caixa, totais, saldos e provedor conferem." : "Veja a lista abaixo.",
    });
  },
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <ReconcileTab data={loaderData} />;
}
