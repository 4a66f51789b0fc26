/**
 * What the admin's institution "transferido" does to the books (admin/institution-payouts.server.ts),
 * for tests: every open direct-gift row of the institution (the cut-off far ahead), a payout with its
 * items and a proof link, and its ledger row. Refused, as the admin is, when the batch is not positive.
 */
import { randomUUID } from "node:crypto";
import { getConfig } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { partyRowsDue, recordPayout } from "~/domain/ledger/ledger.server";
import { findPartyForPayout, insertTransferredPayout } from "~/domain/payouts/payouts-admin.server";
import {
  insertInstitutionPayout,
  insertPayoutItems,
  listOpenInstitutionItems,
  lockInstitutionForPayout,
} from "~/domain/payouts/institution-payouts.server";
import { batchUpTo, dueDateOf } from "~/domain/payouts/institution-settlement";

export async function payOutInstitution(organizationId: string, proofUrl = "https://banco.example/comprovante/1") {
  return db.transaction(async (tx) => {
    await lockInstitutionForPayout(tx, organizationId);
    const items = (await listOpenInstitutionItems(organizationId, tx)).map((i) => ({
      ...i,
      dueDate: dueDateOf(i, getConfig().PIX_MED_HOLD_DAYS),
    }));
    const batch = batchUpTo(items, "2100-01-01");
    if (batch.netCents <= 0) return null;
    const amounts = { grossCents: batch.grossCents, feeCents: batch.feeCents, netCents: batch.netCents };
    const payout = await insertInstitutionPayout(tx, {
      organizationId,
      idempotencyKey: randomUUID(),
      periodEnd: "2100-01-01",
      ...amounts,
      settlementDate: batch.lastDue!,
      transferDeadline: batch.deadline!,
      proofUrl,
      proofFileName: null,
      proofKey: null,
      proofContentType: null,
      proofSize: null,
      proofOriginalName: null,
      transferredBy: null as never,
      itemIds: batch.itemIds,
    });
    await recordPayout(tx, { payoutId: payout!.id, partyId: null, organizationId, amounts });
    return payout!.id;
  });
}

/** What the admin's party "transferido" does to the books (admin/payouts.server.ts): sums due, payout row, ledger row. */
export async function payOutParty(partyId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const party = (await findPartyForPayout(tx, partyId))!;
    if (party.raisedCents <= 0) return false; // the admin refuses: nothing to transfer
    const { ids, amounts } = await partyRowsDue(tx, partyId);
    const payout = await insertTransferredPayout(tx, {
      partyId,
      ...amounts,
      settlementDate: "2026-04-10",
      transferDeadline: "2026-04-15",
      proofUrl: "https://banco.example/comprovante/festa",
      proofFileName: null,
      proofKey: null,
      proofContentType: null,
      proofSize: null,
      proofOriginalName: null,
      transferredBy: null as never,
    });
    await insertPayoutItems(tx, payout!.id, ids);
    await recordPayout(tx, { payoutId: payout!.id, partyId, organizationId: party.organizationId, amounts });
    return true;
  });
}
