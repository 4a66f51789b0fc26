/**
 * Repasses às instituições (decision 152), "Marcar como transferido". An institution's direct
 * gifts and Assine o Bem charges are paid out in batches of what settled up to a day; the batch,
 * its ledger `payout` row, its items, the institution's e-mail with the proof and the audit entry
 * are written in one transaction.
 */
import { recordPayout } from "~/domain/ledger/index.server";
import { auditedChange } from "~/platform/audit.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { institutionPayoutProofEmail } from "./emails/institution-payout-proof.server";
import {
  findPayoutByIdempotencyKey,
  insertInstitutionPayout,
  listOpenInstitutionItems,
  lockInstitutionForPayout,
} from "./institution-payouts.server";
import { batchUpTo, debtAfterPayout, dueDateOf } from "./institution-settlement";
import type { TransferDeps } from "./party-transfer.server";
import { earlyReasonError } from "./payout-forms";
import { signedProofUrl, type StoredProof, withStoredProof } from "./payout-proof.server";

type InstitutionTransferRequest = {
  organizationId: string;
  batch: { cutoff: string; netCents: number };
  idempotencyKey: string;
  proofUrl: string | null;
  proofFile: File | null;
  earlyReason: string | null;
};

/**
 * Marks an institution's batch as transferred. Refused without writing: `bad-file` or
 * `storage-down` (the proof file), `needs-reason` (its message for the reason's field), `missing`,
 * `already` (this form was already sent), `changed` (the amounts moved since the page was shown,
 * with today's net). Done: `ok`, with whether the institution was e-mailed.
 */
export async function markInstitutionPayoutTransferred(actorUserId: string, request: InstitutionTransferRequest, deps: TransferDeps) {
  return withStoredProof(request.proofFile, (file) => recordInstitutionTransfer(actorUserId, request, file, deps));
}

async function recordInstitutionTransfer(
  actorUserId: string,
  values: InstitutionTransferRequest,
  file: StoredProof | null,
  deps: TransferDeps,
) {
  const today = todayInSaoPaulo(deps.clock.now());
  const { organizationId, batch: chosen, idempotencyKey, proofUrl } = values;
  return auditedChange(actorUserId, async (tx, audit) => {
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
    const reasonError = early ? earlyReasonError(values.earlyReason, batch.lastDue!) : null;
    if (reasonError) return { kind: "needs-reason" as const, message: reasonError };
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
      transferredBy: actorUserId,
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
