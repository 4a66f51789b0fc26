import { listRecentAudit } from "~/platform/audit.server";
import { listAdmins, lockAdminIds } from "~/domain/admin/team-queries.server";
import { findUserByEmail, findUserById, grantAdmin, revokeAdmin } from "~/domain/accounts/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { grantAdminSchema, revokeAdminSchema } from "./forms";

export async function loadTeam() {
  return { admins: await listAdmins(), audit: await listRecentAudit(30) };
}

export const grantAdminAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, grantAdminSchema);
  if (submission.status !== "success") return refuse("grantAdmin", "Erro ao conceder acesso", submission.reply());
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const target = await findUserByEmail(submission.value.email, tx);
    if (!target) return { kind: "no-user" as const };
    const granted = await grantAdmin(target.id, tx);
    if (granted) await audit({ action: "role.grant_admin", entity: "user", entityId: target.id, details: { email: target.email } });
    return { kind: granted ? ("granted" as const) : ("already" as const), name: target.name };
  });
  if (outcome.kind === "no-user") {
    const message = "Nenhuma conta com este e-mail. A pessoa precisa se cadastrar antes.";
    return refuse("grantAdmin", "Erro ao conceder acesso", submission.reply({ fieldErrors: { email: [message] } }), 404);
  }
  if (outcome.kind === "already")
    return succeed("grantAdmin", { title: "Já é administrador", description: `${outcome.name} já tinha acesso ao painel.` });
  return succeed("grantAdmin", { title: "Acesso de administrador concedido", description: outcome.name });
};

export const revokeAdminAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, revokeAdminSchema);
  if (submission.status !== "success") return refuse("revokeAdmin", "Erro ao remover acesso", submission.reply());
  const { userId } = submission.value;
  if (userId === admin.id) {
    return fail(
      "revokeAdmin",
      { title: "Erro ao remover acesso", description: "Você não pode remover o seu próprio acesso. Peça a outra pessoa administradora." },
      { status: 409 },
    );
  }
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const adminIds = await lockAdminIds(tx);
    // Re-checked under the lock: another admin may have revoked the actor a moment ago.
    if (!adminIds.includes(admin.id)) return "actor-revoked" as const;
    if (!adminIds.includes(userId)) return "not-admin" as const;
    if (adminIds.length <= 1) return "last" as const;
    const target = await findUserById(userId, tx);
    await revokeAdmin(userId, tx);
    await audit({ action: "role.revoke_admin", entity: "user", entityId: userId, details: { email: target?.email ?? null } });
    return "revoked" as const;
  });
  if (outcome === "actor-revoked")
    return fail("revokeAdmin", { title: "Acesso negado", description: "Você não é mais administrador." }, { status: 403 });
  if (outcome === "not-admin")
    return fail("revokeAdmin", { title: "Erro ao remover acesso", description: "Esta pessoa já não é administradora." }, { status: 404 });
  if (outcome === "last")
    return fail(
      "revokeAdmin",
      { title: "Erro ao remover acesso", description: "É preciso manter pelo menos uma pessoa administradora." },
      { status: 409 },
    );
  return succeed("revokeAdmin", { title: "Acesso de administrador removido" });
};
