/**
 * The admin panel's Festas tab: its list, and the team's audited changes to a party (edit, switch
 * off or on, move to another institution). Each change runs in one transaction with its audit entry
 * and answers a plain outcome; the tab's route turns it into a toast.
 */
import { z } from "zod";
import { partyRefundProgress } from "~/domain/donations/index.server";
import { listInstitutionsForParties } from "~/domain/organizations/index.server";
import { findPayoutStatus } from "~/domain/payouts/index.server";
import { auditedChange } from "~/platform/audit.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { partyMovedEmails } from "./emails/party-moved.server";
import {
  type AdminPartyUpdate,
  countPartiesMatching,
  findPartyForAdmin,
  searchParties,
  setPartyActive,
  updatePartyByAdmin,
} from "./parties-admin.server";
import { lockPartyForMove, movePartyToInstitution, type PartyMoveOutcome } from "./party-moves.server";

const PARTIES_PAGE_SIZE = 20;

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
  editar: z.uuid().optional().catch(undefined),
  // "?sem=instituicao": the parties left without an institution (issue 14), for the team to fix.
  sem: z.literal("instituicao").optional().catch(undefined),
});

/** The Festas tab: a page of parties (searched, or only those without an institution) and the one being edited. */
export async function loadPartiesPanel(params: URLSearchParams) {
  const query = querySchema.parse({
    q: params.get("q") || undefined,
    pagina: params.get("pagina") ?? 1,
    editar: params.get("editar") || undefined,
    sem: params.get("sem") || undefined,
  });
  const q = query.q || undefined;
  const filter = { withoutInstitution: query.sem === "instituicao" };
  const [total, withoutInstitution] = await Promise.all([
    countPartiesMatching(q, filter),
    countPartiesMatching(undefined, { withoutInstitution: true }),
  ]);
  const found = await searchParties(q, query.pagina, PARTIES_PAGE_SIZE, filter);
  // A cancelled party's refunds: "x de N reembolsadas" (docs/decisions/151-refunds.md).
  const progress = await partyRefundProgress(found.map((p) => p.id));
  const rows = found.map((p) => ({ ...p, refunds: progress.get(p.id) ?? null }));
  const editing = query.editar ? await findPartyForAdmin(query.editar) : null;
  // Where the party may move: institutions that may receive a party (its current one left out).
  const institutions = editing
    ? (await listInstitutionsForParties()).flatMap((group) =>
        group.institutions
          .filter((i) => i.id !== editing.organizationId)
          .map((i) => ({ id: i.id, label: `${i.name} · ${i.city} - ${i.state} (${group.causeName})` })),
      )
    : [];
  return {
    q: q ?? "",
    onlyWithoutInstitution: filter.withoutInstitution,
    withoutInstitution,
    page: query.pagina,
    pageSize: PARTIES_PAGE_SIZE,
    total,
    rows,
    editing,
    institutions,
  };
}

/** An admin's edit of every field the creator filled in; audited with the values before and after. */
export async function updatePartyAsAdmin(
  actorUserId: string,
  id: string,
  input: AdminPartyUpdate,
): Promise<{ ok: true } | { ok: false; reason: "missing" }> {
  return auditedChange(actorUserId, async (tx, audit) => {
    const before = await updatePartyByAdmin(tx, id, input);
    if (!before) return { ok: false, reason: "missing" } as const;
    await audit({ action: "party.update", entity: "party", entityId: id, details: { before, after: input } });
    return { ok: true } as const;
  });
}

/** The Festas list's "Ativa" switch: the party's name, or null when the party is gone. */
export async function setPartyActiveAsAdmin(actorUserId: string, id: string, active: boolean) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await setPartyActive(tx, id, active);
    if (row) {
      await audit({
        action: active ? "party.reactivate" : "party.deactivate",
        entity: "party",
        entityId: id,
        details: { name: row.name },
      });
    }
    return row;
  });
}

export type PartyMoveByAdminOutcome = PartyMoveOutcome | { ok: false; reason: "paid-out" };

/**
 * Festas → "Mudar de instituição" (decision 165): the party's new gifts go to another institution,
 * with a reason kept in the audit log and e-mailed to the host and both institutions, in the
 * transaction of the move. Gifts already paid keep their ledger row's institution. A party whose
 * payout was already transferred stays where it was paid.
 */
export async function moveParty(
  actorUserId: string,
  id: string,
  move: { organizationId: string; reason: string },
  deps: { mailer: Mailer; publicUrl: string },
): Promise<PartyMoveByAdminOutcome> {
  const { organizationId, reason } = move;
  return auditedChange(actorUserId, async (tx, audit) => {
    const party = await lockPartyForMove(tx, id);
    if (!party) return { ok: false as const, reason: "missing" as const };
    if ((await findPayoutStatus(tx, id))?.status === "transferido") return { ok: false as const, reason: "paid-out" as const };
    const moved = await movePartyToInstitution(tx, party, { organizationId, reason, movedBy: actorUserId });
    if (!moved.ok) return moved;
    await audit({
      action: "party.move",
      entity: "party",
      entityId: id,
      details: { from: moved.from?.id ?? null, fromName: moved.from?.name ?? null, to: moved.to.id, toName: moved.to.name, reason },
    });
    for (const email of partyMovedEmails({ ...moved, reason, publicUrl: deps.publicUrl })) await deps.mailer.enqueue(tx, email);
    return moved;
  });
}
