/** The daily reconciliation (pg-boss), wired in app/jobs.server.ts; its result is kept for the admin dashboard. */
import type { Clock } from "~/platform/clock";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import type { PaymentProvider } from "~/domain/payments";
import { reconcileRange, runReconcile } from "./reconcile.server";

const RECONCILE_QUEUE = "reconcile-ledger";

export async function startDailyReconcile(boss: Boss, { providers, clock }: { providers: PaymentProvider[]; clock: Clock }) {
  await boss.createQueue(RECONCILE_QUEUE, { name: RECONCILE_QUEUE, policy: "short" });
  // Early morning in Brazil, when little money moves.
  await boss.schedule(RECONCILE_QUEUE, "40 4 * * *", undefined, { tz: "America/Sao_Paulo" });
  await boss.work(RECONCILE_QUEUE, async () => {
    const now = clock.now();
    const result = await runReconcile({ providers, range: reconcileRange(now), now });
    if (result.ok) logger.info({ checked: result.checked, notices: result.notices.length }, "conciliação sem divergências");
    else logger.error({ discrepancies: result.discrepancies.map((d) => d.en) }, "conciliação encontrou divergências");
  });
}
