import type { Route } from "./+types/repasses";
import { PayoutsTab } from "~/components/admin/payouts";
import { institutionPayoutTransferSchema, PROOF_MESSAGES, payoutTransferSchema } from "~/domain/payouts";
import { loadPayoutsPanel, markInstitutionPayoutTransferred, markPartyPayoutTransferred } from "~/domain/payouts/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { formatCents } from "~/platform/money";
import { adminAction, type AdminActionHandler, adminLoader } from "./kit.server";

export const loader = adminLoader((url, deps) => loadPayoutsPanel(url, deps));

const TITLE = "Erro ao registrar repasse";

type FieldError = (field: string, message: string, status?: number) => ReturnType<typeof refuse>;

/** The refusals both transfers share: the proof file, the proof storage, the reason before settlement. */
function proofRefusal(
  outcome: { kind: "bad-file"; message: string } | { kind: "storage-down" } | { kind: "needs-reason"; message: string },
  fieldError: FieldError,
) {
  if (outcome.kind === "storage-down") return fieldError("proofFile", PROOF_MESSAGES.storageDown, 503);
  return fieldError(outcome.kind === "bad-file" ? "proofFile" : "earlyReason", outcome.message);
}

/**
 * "Marcar como transferido" on a party (decision 124): the proof (a link or a file) and, before the
 * card operator settles, the reason, which goes into the audit log.
 */
const markPayoutTransferred: AdminActionHandler = async ({ admin, form, deps }) => {
  const intent = "markPayoutTransferred";
  const submission = parseFormSubmission(form, payoutTransferSchema());
  if (submission.status !== "success") return refuse(intent, TITLE, submission.reply());
  const fieldError = (field: string, message: string, status = 400) =>
    refuse(intent, TITLE, submission.reply({ fieldErrors: { [field]: [message] } }), status);
  const outcome = await markPartyPayoutTransferred(admin.id, submission.value, deps);
  switch (outcome.kind) {
    case "bad-file":
    case "storage-down":
    case "needs-reason":
      return proofRefusal(outcome, fieldError);
    case "missing":
      return fail(intent, { title: TITLE, description: "Esta festa não existe mais." }, { status: 404 });
    case "not-ended":
      return fail(
        intent,
        { title: TITLE, description: "Esta festa ainda não terminou: o repasse só acontece depois do evento." },
        { status: 409 },
      );
    case "nothing":
      return fail(intent, { title: TITLE, description: "Esta festa não tem doações pagas para repassar." }, { status: 409 });
    case "already":
      return fail(intent, { title: TITLE, description: "Este repasse já foi marcado como transferido." }, { status: 409 });
  }
  const { sentTo } = outcome;
  const who =
    sentTo.length === 2 ? "ao criador e à instituição" : sentTo.includes("creator") ? "ao criador" : sentTo.length ? "à instituição" : null;
  return succeed(intent, {
    title: "Repasse registrado",
    description: who
      ? `${outcome.name}: comprovante enviado por e-mail ${who}.`
      : `${outcome.name}: ninguém com e-mail cadastrado para receber o comprovante.`,
  });
};

/** "Marcar como transferido" on an institution's batch (decision 152). */
const markInstitutionPayoutTransferredAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const intent = "markInstitutionPayoutTransferred";
  const submission = parseFormSubmission(form, institutionPayoutTransferSchema);
  if (submission.status !== "success") return refuse(intent, TITLE, submission.reply());
  const fieldError = (field: string, message: string, status = 400) =>
    refuse(intent, TITLE, submission.reply({ fieldErrors: { [field]: [message] } }), status);
  const outcome = await markInstitutionPayoutTransferred(admin.id, submission.value, deps);
  switch (outcome.kind) {
    case "ok":
      return succeed(intent, {
        title: "Repasse registrado",
        description: `${outcome.name}: ${formatCents(outcome.netCents)} transferidos. ${
          outcome.emailed ? "Comprovante enviado por e-mail à instituição." : "A instituição não tem e-mail cadastrado."
        }`,
      });
    case "bad-file":
    case "storage-down":
    case "needs-reason":
      return proofRefusal(outcome, fieldError);
    case "missing":
      return fail(intent, { title: TITLE, description: "Esta instituição não existe mais." }, { status: 404 });
    case "already":
      return fail(intent, { title: TITLE, description: "Este repasse já foi marcado como transferido." }, { status: 409 });
    case "changed":
      return fail(
        intent,
        {
          title: TITLE,
          description:
            outcome.netCents > 0
              ? `Os valores mudaram desde que a página foi aberta: agora são ${formatCents(outcome.netCents)}. Confira e registre de novo.`
              : "Não há mais valores a repassar para esta data: a página estava desatualizada.",
        },
        { status: 409 },
      );
  }
};

export const action = adminAction({
  markPayoutTransferred,
  markInstitutionPayoutTransferred: markInstitutionPayoutTransferredAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <PayoutsTab data={loaderData} />;
}
