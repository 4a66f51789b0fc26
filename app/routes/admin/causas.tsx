import type { Route } from "./+types/causas";
import { CausesTab } from "~/components/admin/causes";
import { CAUSE_MESSAGES, causeSchema } from "~/domain/organizations/cause-form";
import { createCause, deleteCause, loadCausesPanel, setCauseActive } from "~/domain/organizations/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, inform, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader, parseDeletion, toggleActiveAction } from "./kit.server";

export const loader = adminLoader(() => loadCausesPanel());

const createCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, causeSchema);
  if (submission.status !== "success") return refuse("createCause", "Erro ao criar causa", submission.reply());
  const outcome = await createCause(admin.id, submission.value);
  if (!outcome.ok) {
    return refuse("createCause", "Erro ao criar causa", submission.reply({ fieldErrors: { name: [CAUSE_MESSAGES.nameTaken] } }));
  }
  return succeed("createCause", { title: "Causa criada com sucesso!", description: outcome.cause.name });
};

const toggleCauseAction = toggleActiveAction({
  intent: "toggleCause",
  errorTitle: "Erro ao atualizar causa",
  missing: "Esta causa não existe mais. Atualize a página.",
  setActive: setCauseActive,
});

const deleteCauseAction: AdminActionHandler = async ({ admin, form }) => {
  const request = await parseDeletion("deleteCause", form, {
    errorTitle: "Erro ao excluir causa",
    prompt: "Tem certeza que deseja excluir esta causa?",
  });
  if (request.response) return request.response;
  const outcome = await deleteCause(admin.id, request.id);
  if (outcome.kind === "missing") {
    return fail("deleteCause", { title: "Erro ao excluir causa", description: "Esta causa já foi excluída." }, { status: 404 });
  }
  if (outcome.kind === "deactivated") {
    return inform("deleteCause", { title: "Causa desativada, não excluída", description: inUseMessage(outcome.usage) });
  }
  return succeed("deleteCause", { title: "Causa excluída com sucesso!" });
};

function inUseMessage(usage: { parties: number; organizations: number }) {
  const parts = [
    usage.parties ? `${usage.parties} ${usage.parties === 1 ? "festa" : "festas"}` : null,
    usage.organizations ? `${usage.organizations} ${usage.organizations === 1 ? "ONG" : "ONGs"}` : null,
  ].filter(Boolean);
  return `Esta causa é usada por ${parts.join(" e ")}, por isso foi desativada em vez de excluída: ela não aparece mais para os usuários e o histórico continua íntegro.`;
}

export const action = adminAction({
  createCause: createCauseAction,
  toggleCause: toggleCauseAction,
  deleteCause: deleteCauseAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <CausesTab data={loaderData} />;
}
