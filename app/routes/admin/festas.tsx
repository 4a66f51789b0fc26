import type { Route } from "./+types/festas";
import { PartiesTab } from "~/components/admin/parties";
import { loadPartiesPanel, moveParty, setPartyActiveAsAdmin, updatePartyAsAdmin } from "~/domain/parties/party-admin.server";
import { partyMoveSchema, partyUpdateSchema } from "~/domain/parties/party-admin-form";
import { cancelPartyAction, refundDonationAction } from "./refunds.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader, toggleActiveAction } from "./kit.server";
import { cancelPledgeAsAdmin, createPledgeAsAdmin, listPledges, resendPledgePaymentAsAdmin } from "~/domain/matching/index.server";
import { pledgeCancelSchema, pledgeCreateSchema } from "~/domain/matching/pledge-form";
import { formatCents } from "~/platform/money";
import { campaignVisibilitySchema } from "~/domain/campaigns/campaign-form";
import { listCampaignsForAdmin, setCampaignHiddenAsAdmin } from "~/domain/campaigns/campaign-manage.server";

export const loader = adminLoader(async (url) => {
  const [panel, pledges, unpaidPledges, campaigns] = await Promise.all([
    loadPartiesPanel(url.searchParams),
    listPledges(),
    listPledges({ unpaid: true }),
    listCampaignsForAdmin(),
  ]);
  return { ...panel, pledges, unpaidPledges, campaigns };
});

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

const PLEDGE_ERROR = "Erro ao criar o patrocínio";
const PLEDGE_REFUSALS = {
  missing: "Esta festa não existe mais.",
  closed: "Esta festa não recebe mais doações (encerrada ou desativada).",
  taken: "Esta festa já tem um patrocínio ativo: cancele-o antes de criar outro.",
  past: "A data final já passou.",
} as const;

/** Festas → "Patrocínio em dobro" (decision 215): active at once, the admin vouching for the sponsor. */
const createMatchPledgeAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, pledgeCreateSchema);
  if (submission.status !== "success") return refuse("createMatchPledge", PLEDGE_ERROR, submission.reply());
  const outcome = await createPledgeAsAdmin(admin.id, submission.value);
  if (!outcome.ok) {
    const field = outcome.reason === "past" ? "deadline" : "partyId";
    return refuse(
      "createMatchPledge",
      PLEDGE_ERROR,
      submission.reply({ fieldErrors: { [field]: [PLEDGE_REFUSALS[outcome.reason]] }, formErrors: [PLEDGE_REFUSALS[outcome.reason]] }),
    );
  }
  return succeed("createMatchPledge", {
    title: "Patrocínio ativo",
    description: `${submission.value.sponsorName} dobra as doações de ${outcome.partyName} até ${formatCents(submission.value.cap)}.`,
  });
};

const cancelMatchPledgeAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, pledgeCancelSchema);
  if (submission.status !== "success") return refuse("cancelMatchPledge", "Erro ao cancelar o patrocínio", submission.reply());
  const row = await cancelPledgeAsAdmin(admin.id, submission.value.pledgeId, { mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL });
  if (!row)
    return fail(
      "cancelMatchPledge",
      { title: "Erro ao cancelar o patrocínio", description: "Este patrocínio não está mais ativo." },
      { status: 404 },
    );
  return succeed("cancelMatchPledge", {
    title: "Patrocínio cancelado",
    description: `${row.sponsorName} não dobra mais as próximas doações; ${formatCents(row.matchedCents)} já prometidos continuam devidos.${row.mailed ? " Enviamos a cobrança ao patrocinador por e-mail." : ""}`,
  });
};

const RESEND_ERROR = "Erro ao reenviar a cobrança";
const RESEND_REFUSALS = {
  missing: "Este patrocínio não existe mais.",
  "nothing-due": "Não há valor a receber deste patrocínio (ou ele não tem e-mail).",
  limited: "A cobrança deste patrocínio já foi reenviada 3 vezes hoje. Tente amanhã.",
} as const;

/** "Patrocínios a receber" → "Reenviar cobrança" (decision 220): audited, 3 a day per pledge. */
const resendPledgePaymentAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, pledgeCancelSchema);
  if (submission.status !== "success") return refuse("resendPledgePayment", RESEND_ERROR, submission.reply());
  const outcome = await resendPledgePaymentAsAdmin(admin.id, submission.value.pledgeId, {
    mailer: deps.mailer,
    publicUrl: deps.config.PUBLIC_URL,
  });
  if (!outcome.ok)
    return fail(
      "resendPledgePayment",
      { title: RESEND_ERROR, description: RESEND_REFUSALS[outcome.reason] },
      { status: outcome.reason === "limited" ? 429 : 409 },
    );
  return succeed("resendPledgePayment", {
    title: "Cobrança reenviada",
    description: `Enviamos de novo o link de pagamento a ${outcome.sponsorName}.`,
  });
};

/** Festas → Campanhas (decision 222): hide with a reason the creator is e-mailed, or show again. */
const setCampaignVisibilityAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, campaignVisibilitySchema);
  if (submission.status !== "success") return refuse("setCampaignVisibility", "Erro ao moderar a campanha", submission.reply());
  const outcome = await setCampaignHiddenAsAdmin(admin.id, submission.value, {
    mailer: deps.mailer,
    publicUrl: deps.config.PUBLIC_URL,
    now: deps.clock.now(),
  });
  if (!outcome.ok)
    return fail(
      "setCampaignVisibility",
      { title: "Erro ao moderar a campanha", description: "A campanha não existe mais ou já está assim." },
      { status: 404 },
    );
  return succeed("setCampaignVisibility", {
    title: submission.value.hidden === "1" ? "Campanha ocultada" : "Campanha visível de novo",
    description: submission.value.hidden === "1" ? `${outcome.name}: avisamos o criador por e-mail.` : outcome.name,
  });
};

export const action = adminAction({
  setCampaignVisibility: setCampaignVisibilityAction,
  createMatchPledge: createMatchPledgeAction,
  cancelMatchPledge: cancelMatchPledgeAction,
  resendPledgePayment: resendPledgePaymentAction,
  updateParty: updatePartyAction,
  moveParty: movePartyAction,
  toggleParty: togglePartyAction,
  cancelParty: cancelPartyAction,
  refundDonation: refundDonationAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PartiesTab data={loaderData} pledges={loaderData.pledges} unpaidPledges={loaderData.unpaidPledges} campaigns={loaderData.campaigns} />
  );
}
