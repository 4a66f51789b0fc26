import type { Route } from "./+types/dashboard";
import { DashboardTab } from "~/components/admin/dashboard";
import { familiesHelpedSchema } from "~/domain/content/content-forms";
import { loadDashboardPanel, setFamiliesHelped } from "~/domain/content/index.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((_url, deps) => loadDashboardPanel(todayInSaoPaulo(deps.clock.now())));

const setFamiliesHelpedAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, familiesHelpedSchema);
  if (submission.status !== "success") return refuse("setFamiliesHelped", "Erro ao salvar", submission.reply());
  const { familiesHelped: count, familiesSource: source, familiesReportedOn: reportedOn } = submission.value;
  if (reportedOn > todayInSaoPaulo(deps.clock.now())) {
    return refuse(
      "setFamiliesHelped",
      "Erro ao salvar",
      submission.reply({ fieldErrors: { familiesReportedOn: ["A data do relatório não pode estar no futuro."] } }),
    );
  }
  await setFamiliesHelped(admin.id, { count, source, reportedOn });
  return succeed("setFamiliesHelped", {
    title: "Famílias ajudadas atualizado",
    description: `Agora o site mostra ${count.toLocaleString("pt-BR")} famílias ajudadas.`,
  });
};

export const action = adminAction({
  setFamiliesHelped: setFamiliesHelpedAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardTab data={loaderData} />;
}
