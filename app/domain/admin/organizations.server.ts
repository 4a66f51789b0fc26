import { z } from "zod";
import { BRAZILIAN_STATES, CNPJ_MESSAGES, parseCnpj, PIX_KEY_TYPES } from "~/domain/organizations";
import {
  clearOtherMainOrganizations,
  cnpjTaken,
  findOrganizationForUpdate,
  insertOrganization,
  isCnpjConflict,
  listAllOrganizations,
  listCauseOptions,
  lockNamesOf,
  type OrganizationInput,
  organizationNameTaken,
  setOrganizationActive,
  setOrganizationVerification,
  slugTaken,
  updateOrganization,
} from "~/domain/organizations/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { loadApplications } from "./institution-applications.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed, toggleActiveAction } from "./action-kit.server";
import { ORGANIZATION_MESSAGES, organizationSchema, organizationUpdateSchema, organizationVerificationSchema } from "./forms";

export async function loadOrganizations(url: URL) {
  const editId = z.uuid().safeParse(url.searchParams.get("editar"));
  const organizations = await listAllOrganizations();
  const causes = await listCauseOptions();
  const applications = await loadApplications(url);
  const editing = editId.success ? (organizations.find((o) => o.id === editId.data) ?? null) : null;
  return {
    organizations,
    causes,
    editing,
    states: BRAZILIAN_STATES,
    pixKeyTypes: PIX_KEY_TYPES,
    applications,
  };
}

type Conflict = "name" | "slug" | "cnpj";
const CONFLICTS: Record<Conflict, { field: string; message: string }> = {
  name: { field: "name", message: ORGANIZATION_MESSAGES.nameTaken },
  slug: { field: "slug", message: ORGANIZATION_MESSAGES.slugTaken },
  cnpj: { field: "cnpj", message: CNPJ_MESSAGES.duplicate },
};

async function findConflict(tx: Parameters<typeof slugTaken>[0], input: OrganizationInput, id: string | null): Promise<Conflict | null> {
  const except = id ?? undefined;
  await lockNamesOf(tx, "organizations");
  if (await organizationNameTaken(tx, input.name, except)) return "name";
  if (await slugTaken(tx, input.slug, except)) return "slug";
  if (await cnpjTaken(tx, input.cnpj, except)) return "cnpj";
  return null;
}

async function save(intent: "createOrganization" | "updateOrganization", { admin, form }: Parameters<AdminActionHandler>[0]) {
  const title = intent === "createOrganization" ? "Erro ao criar ONG" : "Erro ao atualizar ONG";
  const submission = parseFormSubmission(form, intent === "updateOrganization" ? organizationUpdateSchema : organizationSchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { id = null, ...input } = submission.value as typeof submission.value & { id?: string };
  let outcome: Conflict | "missing" | "ok";
  try {
    outcome = await auditedChange(admin, async (tx, audit) => {
      const conflict = await findConflict(tx, input, id);
      if (conflict) return conflict;
      let savedId = id;
      let verificationCleared = false;
      if (id) {
        const before = await findOrganizationForUpdate(tx, id);
        if (!before) return "missing" as const;
        // Unmark the old main first: the database allows one main institution at a time.
        if (input.isMain) await clearOtherMainOrganizations(tx, id);
        // A verification vouched for this CNPJ and Pix key: changing either needs a new one.
        verificationCleared =
          Boolean(before.verifiedAt) &&
          (before.cnpj !== input.cnpj || before.pixKey !== input.pixKey || before.pixKeyType !== input.pixKeyType);
        await updateOrganization(tx, id, input, {
          clearVerification: verificationCleared,
        });
      } else {
        if (input.isMain) await clearOtherMainOrganizations(tx, null);
        savedId = (await insertOrganization(tx, input)).id;
      }
      await audit({
        action: id ? "organization.update" : "organization.create",
        entity: "organization",
        entityId: savedId,
        details: { ...input, verificationCleared },
      });
      return "ok" as const;
    });
  } catch (error) {
    if (!isCnpjConflict(error)) throw error;
    outcome = "cnpj";
  }
  if (outcome === "missing") return fail(intent, { title, description: ORGANIZATION_MESSAGES.missing }, { status: 404 });
  if (outcome !== "ok") {
    const { field, message } = CONFLICTS[outcome];
    return refuse(intent, title, submission.reply({ fieldErrors: { [field]: [message] } }));
  }
  return succeed(intent, {
    title: id ? "ONG atualizada" : "ONG cadastrada",
    description: input.name,
  });
}

export const createOrganizationAction: AdminActionHandler = (ctx) => save("createOrganization", ctx);
export const updateOrganizationAction: AdminActionHandler = (ctx) => save("updateOrganization", ctx);

export const toggleOrganizationAction = toggleActiveAction({
  intent: "toggleOrganization",
  errorTitle: "Erro ao atualizar ONG",
  missing: "Esta ONG não existe mais.",
  setActive: setOrganizationActive,
  audit: {
    entity: "organization",
    activate: "organization.activate",
    deactivate: "organization.deactivate",
    details: (row) => ({ name: row.name }),
  },
});

/** "Verificar" (or withdraw it): who and when go on the row, and with the note into the audit log. */
export const verifyOrganizationAction: AdminActionHandler = async ({ admin, form }) => {
  const intent = "verifyOrganization";
  const title = "Erro ao verificar ONG";
  const submission = parseFormSubmission(form, organizationVerificationSchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { id, decision, note } = submission.value;
  const verified = decision === "verificar";
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const before = await findOrganizationForUpdate(tx, id);
    if (!before) return "missing" as const;
    if (verified && !(before.cnpj && parseCnpj(before.cnpj).ok)) return "no-cnpj" as const;
    const row = await setOrganizationVerification(tx, id, {
      verified,
      by: admin.id,
      note,
    });
    await audit({
      action: verified ? "organization.verify" : "organization.unverify",
      entity: "organization",
      entityId: id,
      details: {
        name: row!.name,
        cnpj: row!.cnpj,
        note,
        verifiedAt: row!.verifiedAt?.toISOString() ?? null,
      },
    });
    return row!.name;
  });
  if (outcome === "missing") return fail(intent, { title, description: ORGANIZATION_MESSAGES.missing }, { status: 404 });
  if (outcome === "no-cnpj") return refuse(intent, title, submission.reply({ formErrors: [ORGANIZATION_MESSAGES.verifyWithoutCnpj] }));
  return succeed(intent, {
    title: verified ? "ONG verificada" : "Verificação removida",
    description: outcome,
  });
};
