/**
 * Repasses às instituições (decision 152): the admin payouts tab's institution view and its
 * "Marcar como transferido". An institution's direct gifts and Assine o Bem charges are paid out
 * in batches of what settled up to a day; the batch, its ledger `payout` row, its items, the
 * institution's e-mail with the proof and the audit entry are written in one transaction.
 */
import { randomUUID } from "node:crypto";
import type { SessionUser } from "~/domain/accounts/index.server";
import { institutionPayoutProofEmail } from "~/domain/payouts/index.server";
import { recordPayout } from "~/domain/ledger/index.server";
import { batchUpTo, debtAfterPayout, dueDateOf, institutionDue, PROOF_MESSAGES } from "~/domain/payouts";
import {
  checkProofFile,
  discardProof,
  findInstitutionsByIds,
  findPayoutByIdempotencyKey,
  insertInstitutionPayout,
  listInstitutionTransfers,
  listOpenInstitutionItems,
  lockInstitutionForPayout,
  proofPath,
  signedProofUrl,
  type StoredProof,
  storeProof,
} from "~/domain/payouts/index.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { logger } from "~/platform/logger.server";
import { formatCents } from "~/platform/money";
import { type AdminActionHandler, type AdminDeps, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { earlyReasonError, institutionPayoutTransferSchema } from "./payout-forms";

const TRANSFERS_SHOWN = 5;

/** Every institution with money owed or transferred: due now, upcoming by date, and its latest transfers. */
export async function loadInstitutionPayouts(today: string, pixHoldDays: number) {
  const [items, transfers] = await Promise.all([listOpenInstitutionItems(), listInstitutionTransfers(200)]);
  const ids = [...new Set([...items.map((i) => i.organizationId), ...transfers.map((t) => t.organizationId!)])];
  const institutions = (await findInstitutionsByIds(ids)).map((org) => {
    const due = institutionDue(
      items.filter((i) => i.organizationId === org.id),
      today,
      pixHoldDays,
    );
    return {
      ...org,
      ...due,
      // One per rendering of the form: a repeated submit of it finds the payout it wrote.
      idempotencyKey: randomUUID(),
      transfers: transfers
        .filter((t) => t.organizationId === org.id)
        .slice(0, TRANSFERS_SHOWN)
        .map((t) => ({ ...t, proofHref: t.proofFileName ? proofPath(t.id) : null })),
    };
  });
  return { institutions, dueCount: institutions.filter((i) => i.dueNow.netCents > 0).length, pixHoldDays };
}

const INTENT = "markInstitutionPayoutTransferred";
const TITLE = "Erro ao registrar repasse";

export const markInstitutionPayoutTransferredAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, institutionPayoutTransferSchema);
  if (submission.status !== "success") return refuse(INTENT, TITLE, submission.reply());
  const { proofFile: upload } = submission.value;
  const fieldError = (field: string, message: string, status = 400) =>
    refuse(INTENT, TITLE, submission.reply({ fieldErrors: { [field]: [message] } }), status);
  let file: StoredProof | null = null;
  if (upload) {
    const checked = await checkProofFile(upload);
    if (!checked.ok) return fieldError("proofFile", checked.message);
    // Stored before the transaction, so the row never names a missing file; discarded below if unused.
    try {
      file = await storeProof(checked.proof);
    } catch (error) {
      logger.error({ err: error }, "Armazenamento de arquivos indisponível ao guardar um comprovante");
      return fieldError("proofFile", PROOF_MESSAGES.storageDown, 503);
    }
  }
  try {
    const outcome = await recordInstitutionTransfer(admin, submission.value, file, deps);
    if (file && outcome.kind !== "ok") await discardProof(file.key);
    switch (outcome.kind) {
      case "ok":
        return succeed(INTENT, {
          title: "Repasse registrado",
          description: `${outcome.name}: ${formatCents(outcome.netCents)} transferidos. ${
            outcome.emailed ? "Comprovante enviado por e-mail à instituição." : "A instituição não tem e-mail cadastrado."
          }`,
        });
      case "needs-reason":
        return fieldError("earlyReason", earlyReasonError(submission.value.earlyReason, outcome.settlementDate)!);
      case "missing":
        return fail(INTENT, { title: TITLE, description: "Esta instituição não existe mais." }, { status: 404 });
      case "already":
        return fail(INTENT, { title: TITLE, description: "Este repasse já foi marcado como transferido." }, { status: 409 });
      case "changed":
        return fail(
          INTENT,
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
  } catch (error) {
    if (file) await discardProof(file.key);
    throw error;
  }
};

type TransferValues = {
  organizationId: string;
  batch: { cutoff: string; netCents: number };
  idempotencyKey: string;
  proofUrl: string | null;
  earlyReason: string | null;
};

async function recordInstitutionTransfer(admin: SessionUser, values: TransferValues, file: StoredProof | null, deps: AdminDeps) {
  const today = todayInSaoPaulo(deps.clock.now());
  const { organizationId, batch: chosen, idempotencyKey, proofUrl } = values;
  return auditedChange(admin, async (tx, audit) => {
    const org = await lockInstitutionForPayout(tx, organizationId);
    if (!org) return { kind: "missing" as const };
    if (await findPayoutByIdempotencyKey(tx, idempotencyKey)) return { kind: "already" as const };
    const items = (await listOpenInstitutionItems(organizationId, tx)).map((i) => ({
      ...i,
      dueDate: dueDateOf(i, deps.config.PIX_MED_HOLD_DAYS),
    }));
    const batch = batchUpTo(items, chosen.cutoff);
    // The amount the admin transferred at the bank is the one the page showed: anything else is refused.
    if (batch.netCents !== chosen.netCents || batch.netCents <= 0) return { kind: "changed" as const, netCents: batch.netCents };
    // Money the card operator has not settled yet is not in the account: only with a reason, kept in the audit log.
    const early = batch.lastDue !== null && batch.lastDue > today;
    if (early && earlyReasonError(values.earlyReason, batch.lastDue!))
      return { kind: "needs-reason" as const, settlementDate: batch.lastDue! };
    const earlyReason = early ? values.earlyReason : null;
    const amounts = { grossCents: batch.grossCents, feeCents: batch.feeCents, netCents: batch.netCents };
    const settlementDate = batch.lastDue ?? chosen.cutoff;
    const transferDeadline = batch.deadline ?? chosen.cutoff;
    const payout = await insertInstitutionPayout(tx, {
      organizationId,
      idempotencyKey,
      periodEnd: chosen.cutoff,
      ...amounts,
      settlementDate,
      transferDeadline,
      proofUrl,
      proofFileName: file?.fileName ?? null,
      proofKey: file?.key ?? null,
      proofContentType: file?.contentType ?? null,
      proofSize: file?.size ?? null,
      proofOriginalName: file?.originalName ?? null,
      transferredBy: admin.id,
      itemIds: batch.itemIds,
    });
    if (!payout) return { kind: "already" as const };
    await recordPayout(tx, { payoutId: payout.id, partyId: null, organizationId, amounts });
    if (org.email) {
      await deps.mailer.enqueue(tx, {
        to: org.email,
        dedupeKey: `payout-proof:${payout.id}:organization`,
        ...institutionPayoutProofEmail({
          organizationName: org.name,
          periodEnd: chosen.cutoff,
          gifts: batch.gifts,
          charges: batch.charges,
          ...amounts,
          proofUrl: file ? signedProofUrl(payout.id) : proofUrl!,
          debt: debtAfterPayout(items.filter((i) => batch.itemIds.includes(i.id))),
        }),
      });
    }
    await audit({
      action: "payout.institution_transfer",
      entity: "payout",
      entityId: payout.id,
      details: {
        organizationId,
        periodEnd: chosen.cutoff,
        ...amounts,
        items: batch.itemIds.length,
        gifts: batch.gifts,
        charges: batch.charges,
        proofUrl,
        proofFileName: file?.fileName ?? null,
        proofKey: file?.key ?? null,
        proofSize: file?.size ?? null,
        emailed: org.email ? ["organization"] : [],
        settlementDate,
        transferDeadline,
        // Set only when the batch includes money not settled yet on the day of the transfer (the admin's own words).
        earlyReason,
      },
    });
    return { kind: "ok" as const, name: org.name, netCents: batch.netCents, emailed: Boolean(org.email) };
  });
}
