/**
 * Doações, "Reembolsar", and Festas, "Cancelar festa e reembolsar todas as doações"
 * (docs/decisions/151-refunds.md). Both only ask: the provider's event moves the money, the
 * totals and the donor's e-mail, through the same code as every payment event. A provider that
 * refuses answers a pt-BR error and nothing is written.
 */
import { cancelPartySchema, REFUND_MESSAGES, refundSchema, tooMuch } from "~/domain/donations";
import {
  attachProviderRefund,
  queuePartyRefunds,
  releaseRefund,
  requestProviderRefund,
  reserveRefund,
} from "~/domain/donations/index.server";
import { setPartyActive } from "~/domain/parties/index.server";
import { RefundError } from "~/domain/payments";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { formatCents } from "~/platform/money";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { countOf } from "~/platform/plural";

export const refundDonationAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const intent = "refundDonation";
  const title = "Reembolso não realizado";
  const submission = parseFormSubmission(form, refundSchema());
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { donationId, amount, reason } = submission.value;
  // Counted and written down with the gift locked, before the provider is asked (decision 167).
  const reserved = await reserveRefund({ donationId, amountCents: amount, reason, requestedBy: admin.id });
  if (!reserved.ok) {
    if (reserved.reason === "missing") return fail(intent, { title, description: "Esta doação não existe mais." }, { status: 404 });
    if (reserved.reason === "not-paid") return refuse(intent, title, submission.reply({ formErrors: [REFUND_MESSAGES.notPaid] }));
    if (reserved.reason === "nothing-left") return refuse(intent, title, submission.reply({ formErrors: [REFUND_MESSAGES.nothingLeft] }));
    return refuse(intent, title, submission.reply({ fieldErrors: { amount: [tooMuch(reserved.availableCents)] } }));
  }
  const { gift, reservationId } = reserved;

  let providerRefundId: string;
  try {
    // The remaining amount before this reservation names the refund to the provider (a double submit asks once).
    ({ refundId: providerRefundId } = await requestProviderRefund(gift, { amountCents: amount, reason }, deps.payments));
  } catch (error) {
    await releaseRefund(reservationId);
    if (!(error instanceof RefundError)) throw error;
    return fail(intent, { title, description: error.message }, { status: 502 });
  }
  await auditedChange(admin, async (tx, audit) => {
    await attachProviderRefund(tx, { id: reservationId, donationId, amountCents: amount }, providerRefundId);
    await audit({
      action: "donation.refund",
      entity: "donation",
      entityId: donationId,
      details: { receiptNumber: gift.receiptNumber, amountCents: amount, reason, providerRefundId },
    });
  });
  return succeed(intent, {
    title: "Reembolso solicitado",
    description: `${formatCents(amount)} da doação nº ${gift.receiptNumber}. O total muda quando o provedor confirmar.`,
  });
};

export const cancelPartyAction: AdminActionHandler = async ({ admin, form }) => {
  const intent = "cancelParty";
  const title = "Erro ao cancelar a festa";
  const submission = parseFormSubmission(form, cancelPartySchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { partyId, reason } = submission.value;
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const party = await setPartyActive(tx, partyId, false);
    if (!party) return null;
    const queued = await queuePartyRefunds(tx, { partyId, reason, requestedBy: admin.id });
    await audit({
      action: "party.cancel_and_refund",
      entity: "party",
      entityId: partyId,
      details: { name: party.name, reason, refunds: queued.count, cancellationId: queued.cancellationId },
    });
    return { name: party.name, count: queued.count };
  });
  if (!outcome) return fail(intent, { title, description: "Esta festa não existe mais." }, { status: 404 });
  return succeed(intent, {
    title: "Festa cancelada",
    description:
      outcome.count === 0
        ? `${outcome.name} saiu do ar. Não há doações pagas a reembolsar.`
        : `${outcome.name} saiu do ar. ${countOf(outcome.count, { one: "doação entra", other: "doações entram" })} na fila de reembolso; cada doador recebe um e-mail.`,
  });
};
