/**
 * The admin's "Assinaturas" tab (issue 30): plans whose monthly charge failed, with "Tentar agora",
 * and the recovered share of failed cycles by month (docs/recovery.md).
 */
import { listRecoveriesForAdmin, recoveryFigures, retryRecovery } from "~/domain/subscriptions/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, type AdminDeps, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { retryRecoverySchema } from "./forms";

export async function loadRecoveries(deps: AdminDeps) {
  const now = deps.clock.now();
  const [rows, figures] = await Promise.all([listRecoveriesForAdmin(), recoveryFigures(now)]);
  return { rows, figures, now: now.toISOString() };
}

/** Asks for the month's next retry now; pressing twice asks once (the retry is keyed by its number). */
export const retryRecoveryAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, retryRecoverySchema);
  if (submission.status !== "success") return refuse("retryRecovery", "Não foi possível tentar de novo", submission.reply());
  const outcome = await retryRecovery(submission.value.id, deps);
  if (outcome !== "asked")
    return fail(
      "retryRecovery",
      {
        title: "Nenhuma tentativa feita",
        description:
          outcome === "failed"
            ? "O provedor não atendeu agora; a próxima rodada tenta de novo."
            : "Esta cobrança não aceita nova tentativa agora (já pedida, fora do prazo, paga ou tentada pelo provedor).",
      },
      { status: outcome === "failed" ? 503 : 409 },
    );
  await auditedChange(admin, (_tx, audit) =>
    audit({ action: "subscription.retry_now", entity: "subscription_recovery", entityId: submission.value.id, details: {} }),
  );
  return succeed("retryRecovery", { title: "Nova tentativa pedida", description: "O resultado chega em instantes." });
};
