/**
 * Doações, "Reembolsar", and Festas, "Cancelar festa e reembolsar todas as doações"
 * (docs/decisions/151-refunds.md): both tabs' actions answer these intents. Both only ask: the
 * provider's event moves the money, the totals and the donor's e-mail, through the same code as
 * every payment event. A provider that refuses answers a pt-BR error and nothing is written.
 */
import { cancelPartySchema, REFUND_MESSAGES, refundSchema, tooMuch } from "~/domain/donations";
import { cancelPartyAndRefund, requestRefund } from "~/domain/donations/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { formatCents } from "~/platform/money";
import { countOf } from "~/platform/plural";
import type { AdminActionHandler } from "./kit.server";

export const refundDonationAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const intent = "refundDonation";
  const title = "Reembolso não realizado";
  const submission = parseFormSubmission(form, refundSchema());
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { donationId, amount, reason } = submission.value;
  const outcome = await requestRefund(admin.id, { donationId, amountCents: amount, reason }, deps.payments);
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "missing":
        return fail(intent, { title, description: "Esta doação não existe mais." }, { status: 404 });
      case "provider-refused":
        return fail(intent, { title, description: outcome.message }, { status: 502 });
      case "not-paid":
        return refuse(intent, title, submission.reply({ formErrors: [REFUND_MESSAGES.notPaid] }));
      case "nothing-left":
        return refuse(intent, title, submission.reply({ formErrors: [REFUND_MESSAGES.nothingLeft] }));
      case "too-much":
        return refuse(intent, title, submission.reply({ fieldErrors: { amount: [tooMuch(outcome.availableCents)] } }));
    }
  }
  return succeed(intent, {
    title: "Reembolso solicitado",
    description: `${formatCents(amount)} da doação nº ${outcome.receiptNumber}. O total muda quando o provedor confirmar.`,
  });
};

export const cancelPartyAction: AdminActionHandler = async ({ admin, form }) => {
  const intent = "cancelParty";
  const title = "Erro ao cancelar a festa";
  const submission = parseFormSubmission(form, cancelPartySchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const outcome = await cancelPartyAndRefund(admin.id, submission.value);
  if (!outcome) return fail(intent, { title, description: "Esta festa não existe mais." }, { status: 404 });
  return succeed(intent, {
    title: "Festa cancelada",
    description:
      outcome.count === 0
        ? `${outcome.name} saiu do ar. Não há doações pagas a reembolsar.`
        : `${outcome.name} saiu do ar. ${countOf(outcome.count, { one: "doação entra", other: "doações entram" })} na fila de reembolso; cada doador recebe um e-mail.`,
  });
};
