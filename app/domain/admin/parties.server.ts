import { z } from "zod";
import { partyRefundProgress } from "~/domain/donations/index.server";
import { listInstitutionsForParties } from "~/domain/organizations/index.server";
import { findPayoutStatus } from "~/domain/payouts/index.server";
import {
  countPartiesMatching,
  findPartyForAdmin,
  lockPartyForMove,
  movePartyToInstitution,
  searchParties,
  setPartyActive,
  updatePartyByAdmin,
} from "~/domain/parties/index.server";
import { partyMovedEmails } from "~/domain/parties/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed, toggleActiveAction } from "./action-kit.server";
import { partyMoveSchema, partyUpdateSchema } from "./forms";

const PARTIES_PAGE_SIZE = 20;

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
  editar: z.uuid().optional().catch(undefined),
  // "?sem=instituicao": the parties left without an institution (issue 14), for the team to fix.
  sem: z.literal("instituicao").optional().catch(undefined),
});

export async function loadParties(url: URL) {
  const query = querySchema.parse({
    q: url.searchParams.get("q") || undefined,
    pagina: url.searchParams.get("pagina") ?? 1,
    editar: url.searchParams.get("editar") || undefined,
    sem: url.searchParams.get("sem") || undefined,
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

export const updatePartyAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, partyUpdateSchema);
  if (submission.status !== "success") return refuse("updateParty", "Erro ao atualizar festa", submission.reply());
  const { id, goal, ...rest } = submission.value;
  const input = { ...rest, goalCents: goal };
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const before = await updatePartyByAdmin(tx, id, input);
    if (!before) return "missing" as const;
    await audit({ action: "party.update", entity: "party", entityId: id, details: { before, after: input } });
    return "ok" as const;
  });
  if (outcome === "missing")
    return fail("updateParty", { title: "Erro ao atualizar festa", description: "Esta festa não existe mais." }, { status: 404 });
  return succeed("updateParty", { title: "Festa atualizada", description: input.name });
};

export const togglePartyAction = toggleActiveAction({
  intent: "toggleParty",
  errorTitle: "Erro ao atualizar festa",
  missing: "Esta festa não existe mais.",
  setActive: setPartyActive,
  audit: { entity: "party", activate: "party.reactivate", deactivate: "party.deactivate", details: (row) => ({ name: row.name }) },
  done: (row, active) => ({
    title: active ? "Festa reativada" : "Festa desativada",
    description: active ? `${row.name} voltou a ficar pública.` : `${row.name} saiu do ar e não recebe mais doações.`,
  }),
});

const MOVE_ERROR = "Erro ao mudar a instituição";

/**
 * Festas → "Mudar de instituição" (decision 165): the party's new gifts go to another institution,
 * with a reason kept in the audit log and e-mailed to the host and both institutions, in the
 * transaction of the move. Gifts already paid keep their ledger row's institution. A party whose
 * payout was already transferred stays where it was paid.
 */
export const movePartyAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const submission = parseFormSubmission(form, partyMoveSchema);
  if (submission.status !== "success") return refuse("moveParty", MOVE_ERROR, submission.reply());
  const { id, organizationId, reason } = submission.value;
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const party = await lockPartyForMove(tx, id);
    if (!party) return { ok: false as const, reason: "missing" as const };
    if ((await findPayoutStatus(tx, id))?.status === "transferido") return { ok: false as const, reason: "paid-out" as const };
    const moved = await movePartyToInstitution(tx, party, { organizationId, reason, movedBy: admin.id });
    if (!moved.ok) return moved;
    await audit({
      action: "party.move",
      entity: "party",
      entityId: id,
      details: { from: moved.from?.id ?? null, fromName: moved.from?.name ?? null, to: moved.to.id, toName: moved.to.name, reason },
    });
    for (const email of partyMovedEmails({ ...moved, reason, publicUrl: deps.config.PUBLIC_URL })) await deps.mailer.enqueue(tx, email);
    return moved;
  });
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
