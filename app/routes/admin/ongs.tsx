import type { Route } from "./+types/ongs";
import { OrganizationsTab } from "~/components/admin/organizations";
import { applicationReviewSchema, CNPJ_MESSAGES, REVIEW_MESSAGES } from "~/domain/organizations";
import {
  loadOrganizationsPanel,
  type OrganizationConflict,
  reviewApplication,
  saveOrganization,
  setOrganizationActive,
  verifyOrganization,
} from "~/domain/organizations/index.server";
import {
  ORGANIZATION_MESSAGES,
  organizationSchema,
  organizationUpdateSchema,
  organizationVerificationSchema,
} from "~/domain/organizations/organization-form";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionContext, type AdminActionHandler, adminAction, adminLoader, toggleActiveAction } from "./kit.server";

export const loader = adminLoader((url) => loadOrganizationsPanel(url.searchParams));

const CONFLICTS: Record<OrganizationConflict, { field: string; message: string }> = {
  name: { field: "name", message: ORGANIZATION_MESSAGES.nameTaken },
  slug: { field: "slug", message: ORGANIZATION_MESSAGES.slugTaken },
  cnpj: { field: "cnpj", message: CNPJ_MESSAGES.duplicate },
};

async function save(intent: "createOrganization" | "updateOrganization", { admin, form }: AdminActionContext) {
  const title = intent === "createOrganization" ? "Erro ao criar ONG" : "Erro ao atualizar ONG";
  const submission = parseFormSubmission(form, intent === "updateOrganization" ? organizationUpdateSchema : organizationSchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { id = null, ...input } = submission.value as typeof submission.value & { id?: string };
  const outcome = await saveOrganization(admin.id, id, input);
  if (!outcome.ok) {
    if (outcome.reason === "missing") return fail(intent, { title, description: ORGANIZATION_MESSAGES.missing }, { status: 404 });
    const { field, message } = CONFLICTS[outcome.reason];
    return refuse(intent, title, submission.reply({ fieldErrors: { [field]: [message] } }));
  }
  return succeed(intent, {
    title: id ? "ONG atualizada" : "ONG cadastrada",
    description: input.name,
  });
}

const toggleOrganizationAction = toggleActiveAction({
  intent: "toggleOrganization",
  errorTitle: "Erro ao atualizar ONG",
  missing: "Esta ONG não existe mais.",
  setActive: setOrganizationActive,
});

/** "Verificar" (or withdraw it): who and when go on the row, and with the note into the audit log. */
const verifyOrganizationAction: AdminActionHandler = async ({ admin, form }) => {
  const intent = "verifyOrganization";
  const title = "Erro ao verificar ONG";
  const submission = parseFormSubmission(form, organizationVerificationSchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { id, decision, note } = submission.value;
  const verified = decision === "verificar";
  const outcome = await verifyOrganization(admin.id, id, { verified, note });
  if (!outcome.ok && outcome.reason === "missing")
    return fail(intent, { title, description: ORGANIZATION_MESSAGES.missing }, { status: 404 });
  if (!outcome.ok) return refuse(intent, title, submission.reply({ formErrors: [ORGANIZATION_MESSAGES.verifyWithoutCnpj] }));
  return succeed(intent, {
    title: verified ? "ONG verificada" : "Verificação removida",
    description: outcome.name,
  });
};

const REVIEW_INTENT = "reviewApplication";
const REVIEW_TITLE = "Pedido não decidido";
const REVIEW_DONE = { aprovar: "Pedido aprovado", ajustes: "Ajustes pedidos", recusar: "Pedido recusado" } as const;

/** ONGs → Pedidos (decision 178): approve an application, ask for changes or refuse it. */
const reviewApplicationAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, applicationReviewSchema);
  if (submission.status !== "success") return refuse(REVIEW_INTENT, REVIEW_TITLE, submission.reply());
  const outcome = await reviewApplication(admin.id, submission.value, deps);
  if (!outcome.ok) {
    const { field, message } = outcome.refusal;
    if (!field)
      return fail(
        REVIEW_INTENT,
        { title: REVIEW_TITLE, description: message },
        { status: message === REVIEW_MESSAGES.missing ? 404 : 409 },
      );
    return refuse(REVIEW_INTENT, REVIEW_TITLE, submission.reply({ fieldErrors: { [field]: [message] } }), 409);
  }
  return succeed(REVIEW_INTENT, {
    title: REVIEW_DONE[outcome.decision],
    description: `${outcome.name}: avisamos ${outcome.to} por e-mail.`,
  });
};

export const action = adminAction({
  createOrganization: (ctx) => save("createOrganization", ctx),
  verifyOrganization: verifyOrganizationAction,
  updateOrganization: (ctx) => save("updateOrganization", ctx),
  toggleOrganization: toggleOrganizationAction,
  reviewApplication: reviewApplicationAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationsTab data={loaderData} />;
}
