/**
 * The e-mails a subscription event queues, in the event's transaction (the outbox sends them once
 * it commits): a paid charge's receipt, and the notice of a Pix Automático the bank cancelled.
 */
import type { Transaction } from "~/platform/db.server";
import { subscriptionChangedEmail } from "~/domain/subscriptions/emails/subscription-changed.server";
import { subscriptionReceiptEmail } from "~/domain/subscriptions/emails/subscription-receipt.server";
import { findChargeReceipt } from "~/domain/receipts/index.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { receiptPath, yearlyStatementPath } from "~/domain/receipts";
import { planName, planOf } from "~/domain/subscriptions/plans";
import type { Mailer } from "~/platform/mail/outbox.server";
import { planManageUrl } from "./manage-link.server";
import { getUserContact, type SubscriptionRow } from "./subscriptions.server";
import { PIX_AUTOMATICO } from "./pix-automatico.server";
import type { Config } from "~/platform/config.server";

/**
 * Every paid charge (card or Pix Automático) gets its receipt by e-mail, from its ledger row: once
 * per charge (the charge row is written once per invoice id, and the outbox's dedupe key holds
 * even if that ever changed). A subscription not yet linked to an account has nobody to write to;
 * its receipt stays on /conta and the statement once linked.
 */
export async function queueChargeReceiptEmail(
  tx: Transaction,
  row: SubscriptionRow,
  chargeId: string,
  deps: { config: Config; mailer: Mailer },
) {
  const contact = row.userId ? await getUserContact(row.userId, tx) : null;
  const receipt = await findChargeReceipt(chargeId, tx);
  if (!contact || !receipt) return;
  const publicUrl = deps.config.PUBLIC_URL;
  await deps.mailer.enqueue(tx, {
    to: contact.email,
    ...subscriptionReceiptEmail({
      name: contact.name,
      receiptNumber: receipt.number,
      planName: receipt.plan ? (planName(receipt.plan) ?? null) : null,
      grossCents: receipt.grossCents,
      feeCents: receipt.feeCents,
      netCents: receipt.netCents,
      feePercent: receipt.feePercent,
      paidAt: receipt.paidAt,
      method: row.paymentMethod === PIX_AUTOMATICO ? "pix_automatico" : "card",
      institution: receipt.institution,
      receiptUrl: `${publicUrl}${receiptPath(receipt.code)}`,
      statementUrl: `${publicUrl}${yearlyStatementPath(Number(todayInSaoPaulo(receipt.paidAt).slice(0, 4)))}`,
    }),
    dedupeKey: `sub-receipt:${chargeId}`,
  });
}

/** Pix Automático revoked in the bank app: cancelled here too, and the subscriber is told (once). */
export async function queueBankCancelEmail(tx: Transaction, row: SubscriptionRow, mailer: Mailer, publicUrl: string) {
  const contact = row.userId ? await getUserContact(row.userId, tx) : null;
  const plan = planOf(row);
  if (!contact || !plan) return;
  await mailer.enqueue(tx, {
    to: contact.email,
    ...subscriptionChangedEmail({
      name: contact.name,
      kind: "bank-cancel",
      plan,
      periodEnd: null,
      manageUrl: planManageUrl(publicUrl, row.id),
    }),
    dedupeKey: `sub-bank-cancel:${row.id}`,
  });
}
