import type { Route } from "./+types/festas";
import { PartiesTab } from "~/components/admin/parties";
import { loadPartiesPanel, moveParty, setPartyActiveAsAdmin, updatePartyAsAdmin } from "~/domain/parties/party-admin.server";
import { partyMoveSchema, partyUpdateSchema } from "~/domain/parties/party-admin-form";
import { cancelPartyAction, refundDonationAction } from "./refunds.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader, toggleActiveAction } from "./kit.server";

export const loader = adminLoader((url) => loadPartiesPanel(url.searchParams));

const updatePartyAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, partyUpdateSchema);
  if (submission.status !== "success") return refuse("updateParty", "Erro ao atualizar festa", submission.reply());
  const { id, goal, ...rest } = submission.value;
  const input = { ...rest, goalCents: goal };
  const outcome = await updatePartyAsAdmin(admin.id, id, input);
  if (!outcome.ok)
    return fail("updateParty", { title: "Erro ao atualizar festa", description: "Esta festa não existe mais." }, { status: 404 });
  return succeed("updateParty", { title: "Festa atualizada", description: input.name });
};

const togglePartyAction = toggleActiveAction({
  intent: "toggleParty",
  errorTitle: "Erro ao atualizar festa",
  missing: "Esta festa não existe mais.",
  setActive: setPartyActiveAsAdmin,
  done: (row, active) => ({
    title: active ? "Festa reativada" : "Festa desativada",
    description: active ? `${row.name} voltou a ficar pública.` : `${row.name} saiu do ar e não recebe mais doações.`,
  }),
});

const MOVE_ERROR = "Erro ao mudar a instituição";

/** Festas → "Mudar de instituição" (decision 165): the host and both institutions are told by e-mail. */
const movePartyAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, partyMoveSchema);
  if (submission.status !== "success") return refuse("moveParty", MOVE_ERROR, submission.reply());
  const { id, organizationId, reason } = submission.value;
  const outcome = await moveParty(admin.id, id, { organizationId, reason }, { mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL });
  if (outcome.ok) {
    return succeed("moveParty", {
      title: "Instituição alterada",
      description: `${outcome.party.name} agora arrecada para ${outcome.to.name}. Avisamos o criador e as instituições por e-mail.`,
    });
  }
  if (outcome.reason === "missing")
    return fail("moveParty", { title: MOVE_ERROR, description: "Esta festa não existe mais." }, { status: 404 });
  const fieldError =
    outcome.reason === "same"
      ? "A festa já arrecada para esta instituição."
      : outcome.reason === "paid-out"
        ? "O repasse desta festa já foi feito: ela fica com a instituição que recebeu."
        : "message" in outcome
          ? outcome.message
          : "Esta instituição não pode receber a festa.";
  return refuse("moveParty", MOVE_ERROR, submission.reply({ fieldErrors: { organizationId: [fieldError] } }));
};

export const action = adminAction({
  updateParty: updatePartyAction,
  moveParty: movePartyAction,
  toggleParty: togglePartyAction,
  cancelParty: cancelPartyAction,
  refundDonation: refundDonationAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <PartiesTab data={loaderData} />;
}
