import { z } from "zod";
import { listCauseOptions } from "~/models/admin-causes.server";
import {
  clearOtherMainOrganizations,
  insertOrganization,
  listAllOrganizations,
  type OrganizationInput,
  setOrganizationActive,
  slugTaken,
  updateOrganization,
} from "~/models/admin-organizations.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  firstError,
  idField,
  optionalImageRef,
  optionalText,
  parseForm,
  postedValues,
  requiredText,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";

export const BRAZILIAN_STATES = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
  "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const;

export async function loadOrganizations(url: URL) {
  const editId = z.uuid().safeParse(url.searchParams.get("editar"));
  const organizations = await listAllOrganizations();
  const causes = await listCauseOptions();
  const editing = editId.success ? (organizations.find((o) => o.id === editId.data) ?? null) : null;
  return { organizations, causes, editing, states: BRAZILIAN_STATES };
}

const fieldsSchema = z.object({
  name: requiredText("Informe o nome da ONG.", 160),
  slug: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z
      .string({ error: "Informe a âncora." })
      .min(2, "Informe a âncora (pelo menos 2 caracteres).")
      .max(60, "Use no máximo 60 caracteres.")
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use letras minúsculas sem acento, números e hífens, por exemplo aadora."),
  ),
  causeId: z.preprocess((v) => (v === "" ? undefined : v), z.uuid({ error: "Escolha uma causa da lista." }).optional()).transform((v) => v ?? null),
  city: requiredText("Informe a cidade.", 80),
  state: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(BRAZILIAN_STATES, { error: "Escolha o estado (UF)." })),
  description: requiredText("Informe a descrição.", 2000),
  bannerUrl: optionalImageRef(),
  email: optionalText(200).refine((v) => v === null || z.email().safeParse(v).success, "Informe um e-mail válido."),
  isMain: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
});

async function save(intent: "createOrganization" | "updateOrganization", ctx: Parameters<AdminActionHandler>[0], id: string | null) {
  const { admin, form } = ctx;
  const title = intent === "createOrganization" ? "Erro ao criar ONG" : "Erro ao atualizar ONG";
  const parsed = parseForm(fieldsSchema, form);
  if (!parsed.ok) return fail(intent, { title, description: firstError(parsed.errors) }, parsed);
  const input: OrganizationInput = parsed.data;
  const outcome = await auditedChange(admin, async (tx, audit) => {
    if (await slugTaken(tx, input.slug, id ?? undefined)) return "slug" as const;
    let savedId = id;
    if (id) {
      if (!(await updateOrganization(tx, id, input))) return "missing" as const;
    } else {
      savedId = (await insertOrganization(tx, input)).id;
    }
    if (input.isMain) await clearOtherMainOrganizations(tx, savedId!);
    await audit({ action: id ? "organization.update" : "organization.create", entity: "organization", entityId: savedId, details: input });
    return "ok" as const;
  });
  if (outcome === "slug") {
    const message = "Esta âncora já é usada por outra ONG.";
    return fail(intent, { title, description: message }, { errors: { slug: message }, values: postedValues(form) });
  }
  if (outcome === "missing") return fail(intent, { title, description: "Esta ONG não existe mais." }, { status: 404 });
  return succeed(intent, { title: id ? "ONG atualizada" : "ONG cadastrada", description: input.name });
}

export const createOrganizationAction: AdminActionHandler = (ctx) => save("createOrganization", ctx, null);

export const updateOrganizationAction: AdminActionHandler = async (ctx) => {
  const id = idField.safeParse(ctx.form.get("id"));
  if (!id.success) return fail("updateOrganization", { title: "Erro ao atualizar ONG", description: "Registro inválido." });
  return save("updateOrganization", ctx, id.data);
};

export const toggleOrganizationAction = toggleActiveAction({
  intent: "toggleOrganization",
  errorTitle: "Erro ao atualizar ONG",
  missing: "Esta ONG não existe mais.",
  setActive: setOrganizationActive,
  audit: { entity: "organization", activate: "organization.activate", deactivate: "organization.deactivate", details: (row) => ({ name: row.name }) },
});
