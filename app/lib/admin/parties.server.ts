import { z } from "zod";
import { isValidCalendarDate } from "~/lib/dates";
import { parseReaisToCents } from "~/lib/money";
import { listCauseOptions } from "~/models/admin-causes.server";
import { causeExists, countPartiesMatching, findPartyForAdmin, searchParties, setPartyActive, updatePartyByAdmin } from "~/models/admin-parties.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  firstError,
  idField,
  optionalText,
  parseForm,
  postedValues,
  requiredText,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";

export const PARTIES_PAGE_SIZE = 20;

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
  editar: z.uuid().optional().catch(undefined),
});

export async function loadParties(url: URL) {
  const query = querySchema.parse({
    q: url.searchParams.get("q") || undefined,
    pagina: url.searchParams.get("pagina") ?? 1,
    editar: url.searchParams.get("editar") || undefined,
  });
  const q = query.q || undefined;
  const total = await countPartiesMatching(q);
  const rows = await searchParties(q, query.pagina, PARTIES_PAGE_SIZE);
  const editing = query.editar ? await findPartyForAdmin(query.editar) : null;
  const causes = editing ? await listCauseOptions() : [];
  return { q: q ?? "", page: query.pagina, pageSize: PARTIES_PAGE_SIZE, total, rows, editing, causes };
}

const MAX_GOAL_CENTS = 100_000_000;

const updateSchema = z.object({
  id: idField,
  name: requiredText("Informe o nome da festa.", 120),
  eventDate: requiredText("Informe a data do evento.").refine(isValidCalendarDate, "Informe uma data válida."),
  goal: z
    .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().optional())
    .transform((raw, ctx) => {
      if (!raw) return 0;
      const cents = /^-/.test(raw) ? null : parseReaisToCents(raw);
      if (cents === null || cents > MAX_GOAL_CENTS) {
        ctx.addIssue({ code: "custom", message: "Informe a meta em reais, por exemplo 1.500,00 (até R$ 1.000.000,00)." });
        return z.NEVER;
      }
      return cents;
    }),
  message: optionalText(1000),
  causeId: z.uuid({ error: "Escolha a ONG/Causa." }),
});

export const updatePartyAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(updateSchema, form);
  if (!parsed.ok) return fail("updateParty", { title: "Erro ao atualizar festa", description: firstError(parsed.errors) }, parsed);
  const { id, goal, ...rest } = parsed.data;
  const input = { ...rest, goalCents: goal };
  const outcome = await auditedChange(admin, async (tx, audit) => {
    if (!(await causeExists(tx, input.causeId))) return "no-cause" as const;
    const before = await updatePartyByAdmin(tx, id, input);
    if (!before) return "missing" as const;
    await audit({ action: "party.update", entity: "party", entityId: id, details: { before, after: input } });
    return "ok" as const;
  });
  if (outcome === "no-cause") {
    return fail("updateParty", { title: "Erro ao atualizar festa", description: "Esta causa não existe mais." }, { errors: { causeId: "Esta causa não existe mais." }, values: postedValues(form) });
  }
  if (outcome === "missing") return fail("updateParty", { title: "Erro ao atualizar festa", description: "Esta festa não existe mais." }, { status: 404 });
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
