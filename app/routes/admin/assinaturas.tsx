import * as z from "zod/mini";
import type { Route } from "./+types/assinaturas";
import { RecoveriesTab } from "~/components/admin/recoveries";
import { loadRecoveriesPanel, retryRecoveryNow } from "~/domain/subscriptions/index.server";
import { idField } from "~/platform/forms/fields";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { adminAction, type AdminActionHandler, adminLoader } from "./kit.server";

export const loader = adminLoader((_url, deps) => loadRecoveriesPanel(deps));

/** "Tentar agora" on a plan in recovery (issue 30): its hidden id. */
const retryRecoverySchema = z.object({ id: idField });

const retryRecovery: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, retryRecoverySchema);
  if (submission.status !== "success") return refuse("retryRecovery", "Não foi possível tentar de novo", submission.reply());
  const outcome = await retryRecoveryNow(admin.id, submission.value.id, deps);
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
  return succeed("retryRecovery", { title: "Nova tentativa pedida", description: "O resultado chega em instantes." });
};

export const action = adminAction({ retryRecovery });

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <RecoveriesTab data={loaderData} />;
}
