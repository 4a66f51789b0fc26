import { z } from "zod";
import { partyRefundProgress } from "~/domain/donations/index.server";
import { listCauseOptions } from "~/domain/organizations/index.server";
import {
  causeExists,
  countPartiesMatching,
  findPartyForAdmin,
  searchParties,
  setPartyActive,
  updatePartyByAdmin,
} from "~/domain/parties/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed, toggleActiveAction } from "./action-kit.server";
import { partyUpdateSchema } from "./forms";

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
  const causes = editing ? await listCauseOptions() : [];
  return {
    q: q ?? "",
    onlyWithoutInstitution: filter.withoutInstitution,
    withoutInstitution,
    page: query.pagina,
    pageSize: PARTIES_PAGE_SIZE,
    total,
    rows,
    editing,
    causes,
  };
}

export const updatePartyAction: AdminActionHandler = async ({ admin, form }) => {
  const submission = parseFormSubmission(form, partyUpdateSchema);
  if (submission.status !== "success") return refuse("updateParty", "Erro ao atualizar festa", submission.reply());
  const { id, goal, ...rest } = submission.value;
  const input = { ...rest, goalCents: goal };
  const outcome = await auditedChange(admin, async (tx, audit) => {
    if (!(await causeExists(tx, input.causeId))) return "no-cause" as const;
    const before = await updatePartyByAdmin(tx, id, input);
    if (!before) return "missing" as const;
    await audit({ action: "party.update", entity: "party", entityId: id, details: { before, after: input } });
    return "ok" as const;
  });
  if (outcome === "no-cause") {
    return refuse(
      "updateParty",
      "Erro ao atualizar festa",
      submission.reply({ fieldErrors: { causeId: ["Esta causa não existe mais."] } }),
    );
  }
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
