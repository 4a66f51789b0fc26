import type { Route } from "./+types/equipe";
import { TeamTab } from "~/components/admin/team";
import { grantAdminSchema, revokeAdminSchema } from "~/domain/accounts/admin-role-forms";
import { grantAdminRole, loadTeamPanel, revokeAdminRole } from "~/domain/accounts/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadTeamPanel());

const grantAdminAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, grantAdminSchema);
  if (submission.status !== "success") return refuse("grantAdmin", "Erro ao conceder acesso", submission.reply());
  const outcome = await grantAdminRole(admin.id, submission.value.email);
  if (outcome.kind === "noUser") {
    const message = "Nenhuma conta com este e-mail. A pessoa precisa se cadastrar antes.";
    return refuse("grantAdmin", "Erro ao conceder acesso", submission.reply({ fieldErrors: { email: [message] } }), 404);
  }
  if (outcome.kind === "already")
    return succeed("grantAdmin", { title: "Já é administrador", description: `${outcome.name} já tinha acesso ao painel.` });
  return succeed("grantAdmin", { title: "Acesso de administrador concedido", description: outcome.name });
};

const revokeAdminAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, revokeAdminSchema);
  if (submission.status !== "success") return refuse("revokeAdmin", "Erro ao remover acesso", submission.reply());
  const outcome = await revokeAdminRole(admin.id, submission.value.userId);
  if (outcome === "self") {
    return fail(
      "revokeAdmin",
      { title: "Erro ao remover acesso", description: "Você não pode remover o seu próprio acesso. Peça a outra pessoa administradora." },
      { status: 409 },
    );
  }
  if (outcome === "actorRevoked")
    return fail("revokeAdmin", { title: "Acesso negado", description: "Você não é mais administrador." }, { status: 403 });
  if (outcome === "notAdmin")
    return fail("revokeAdmin", { title: "Erro ao remover acesso", description: "Esta pessoa já não é administradora." }, { status: 404 });
  if (outcome === "last")
    return fail(
      "revokeAdmin",
      { title: "Erro ao remover acesso", description: "É preciso manter pelo menos uma pessoa administradora." },
      { status: 409 },
    );
  return succeed("revokeAdmin", { title: "Acesso de administrador removido" });
};

export const action = adminAction({
  grantAdmin: grantAdminAction,
  revokeAdmin: revokeAdminAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <TeamTab data={loaderData} />;
}
