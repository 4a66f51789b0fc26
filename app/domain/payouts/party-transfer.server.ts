/**
 * Repasses, "Marcar como transferido" for a party (decision 124): the payout, its items, its ledger
 * `payout` row, the proof's e-mails to the creator and the institution and the audit entry, in one
 * transaction. The proof is a link or a file (checked by content and stored before the
 * transaction); before the card operator settles, the admin's reason goes into the audit log.
 */
import { partyFeePercents, partyRowsDue, recordPayout } from "~/domain/ledger/index.server";
import { oldestLiveEventDate } from "~/domain/parties";
import { auditedChange } from "~/platform/audit.server";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import { todayInSaoPaulo } from "~/platform/dates";
import type { Mailer } from "~/platform/mail/outbox.server";
import { partyPayoutDates } from "./business-days";
import { payoutProofEmail } from "./emails/payout-proof.server";
import { earlyReasonError } from "./payout-forms";
import { signedProofUrl, type StoredProof, withStoredProof } from "./payout-proof.server";
import {
  findPartyForPayout,
  findPayoutRecipients,
  findPayoutStatus,
  insertTransferredPayout,
  lastPixPaidOnByParty,
} from "./payouts-admin.server";
import { insertPayoutItems } from "./institution-payouts.server";

export type TransferDeps = { config: Pick<Config, "PIX_MED_HOLD_DAYS">; clock: Clock; mailer: Mailer };

type PartyTransferRequest = { partyId: string; proofUrl: string | null; proofFile: File | null; earlyReason: string | null };

/**
 * Marks a party's payout as transferred. Refused without writing: `bad-file` or `storage-down`
 * (the proof file), `needs-reason` (its message for the reason's field), `missing`, `not-ended`,
 * `nothing` (no paid gifts), `already`. Done: `ok` with who was e-mailed.
 */
export async function markPartyPayoutTransferred(actorUserId: string, request: PartyTransferRequest, deps: TransferDeps) {
  return withStoredProof(request.proofFile, (file) => recordTransfer(actorUserId, request, file, deps));
}

async function recordTransfer(actorUserId: string, request: PartyTransferRequest, file: StoredProof | null, deps: TransferDeps) {
  const { partyId, proofUrl } = request;
  const today = todayInSaoPaulo(deps.clock.now());
  return auditedChange(actorUserId, async (tx, audit) => {
    const party = await findPartyForPayout(tx, partyId);
    if (!party) return { kind: "missing" as const };
    if (party.eventDate >= oldestLiveEventDate(today)) return { kind: "not-ended" as const };
    if (party.raisedCents <= 0) return { kind: "nothing" as const };
    if ((await findPayoutStatus(tx, partyId))?.status === "transferido") return { kind: "already" as const };
    const lastPix = (await lastPixPaidOnByParty([partyId], tx)).get(partyId) ?? null;
    const dates = partyPayoutDates(party.eventDate, lastPix, deps.config.PIX_MED_HOLD_DAYS);
    // Before the card operator settles, the money is not in the account yet: only with a reason.
    const early = today < dates.settlementDate;
    const reasonError = early ? earlyReasonError(request.earlyReason, dates.settlementDate) : null;
    if (reasonError) return { kind: "needs-reason" as const, message: reasonError };
    const earlyReason = early ? request.earlyReason : null;
    // Its rows one by one: the payout's items, so a refund or MED landing later is the institution's debt (decision 208).
    const due = await partyRowsDue(tx, partyId);
    const { grossCents, feeCents, netCents } = due.amounts;
    const payout = await insertTransferredPayout(tx, {
      partyId,
      grossCents,
      feeCents,
      netCents,
      ...dates,
      proofUrl,
      proofFileName: file?.fileName ?? null,
      proofKey: file?.key ?? null,
      proofContentType: file?.contentType ?? null,
      proofSize: file?.size ?? null,
      proofOriginalName: file?.originalName ?? null,
      transferredBy: actorUserId,
    });
    if (!payout) return { kind: "already" as const };
    await insertPayoutItems(tx, payout.id, due.ids);
    await recordPayout(tx, {
      payoutId: payout.id,
      partyId,
      organizationId: party.organizationId,
      amounts: { grossCents, feeCents, netCents },
    });

    const link = file ? signedProofUrl(payout.id) : proofUrl!;
    const { creator, organization } = await findPayoutRecipients(tx, party);
    const common = {
      partyName: party.name,
      eventDate: party.eventDate,
      organizationName: organization?.name ?? null,
      grossCents,
      feeCents,
      netCents,
      // The percents the paid-out gifts were charged at, not today's setting (decision 166).
      feePercents: await partyFeePercents(tx, partyId),
      proofUrl: link,
    };
    const sentTo: string[] = [];
    if (creator?.email) {
      await deps.mailer.enqueue(tx, {
        to: creator.email,
        dedupeKey: `payout-proof:${payout.id}:creator`,
        ...payoutProofEmail({ ...common, recipient: "creator", name: creator.name }),
      });
      sentTo.push("creator");
    }
    if (organization?.email) {
      await deps.mailer.enqueue(tx, {
        to: organization.email,
        dedupeKey: `payout-proof:${payout.id}:organization`,
        ...payoutProofEmail({ ...common, recipient: "organization", name: organization.name }),
      });
      sentTo.push("organization");
    }
    await audit({
      action: "payout.transfer",
      entity: "payout",
      entityId: payout.id,
      details: {
        partyId,
        grossCents,
        feeCents,
        netCents,
        proofUrl,
        proofFileName: file?.fileName ?? null,
        proofKey: file?.key ?? null,
        proofSize: file?.size ?? null,
        emailed: sentTo,
        settlementDate: dates.settlementDate,
        transferDeadline: dates.transferDeadline,
        // Set only when the transfer came before the settlement date (the admin's own words).
        earlyReason,
      },
    });
    return { kind: "ok" as const, name: party.name, netCents, sentTo };
  });
}
