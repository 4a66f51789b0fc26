import { z } from "zod";
import { CNPJ_MESSAGES, isPixKeyType, parseCnpj, parsePixKey, PIX_KEY_TYPES, PIX_MESSAGES } from "~/domain/organizations";
import {
  clearOtherMainOrganizations,
  cnpjTaken,
  findOrganizationForUpdate,
  insertOrganization,
  isCnpjConflict,
  listAllOrganizations,
  listCauseOptions,
  type OrganizationInput,
  organizationNameTaken,
  setOrganizationActive,
  setOrganizationVerification,
  slugTaken,
  updateOrganization,
} from "~/domain/organizations/index.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  firstError,
  idField,
  optionalHttpUrl,
  optionalImageRef,
  optionalText,
  parseForm,
  postedValues,
  requiredText,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";

export const BRAZILIAN_STATES = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

export async function loadOrganizations(url: URL) {
  const editId = z.uuid().safeParse(url.searchParams.get("editar"));
  const organizations = await listAllOrganizations();
  const causes = await listCauseOptions();
  const editing = editId.success ? (organizations.find((o) => o.id === editId.data) ?? null) : null;
  return {
    organizations,
    causes,
    editing,
    states: BRAZILIAN_STATES,
    pixKeyTypes: PIX_KEY_TYPES,
  };
}

const ORG_MESSAGES = {
  nameShort: "O nome da ONG precisa ter pelo menos 3 caracteres.",
  nameTaken: "Já existe uma ONG com este nome.",
  slugTaken: "Esta âncora já é usada por outra ONG.",
  legalNameShort: "Informe a razão social (pelo menos 3 caracteres).",
  missing: "Esta ONG não existe mais.",
  verifyWithoutCnpj: "Cadastre um CNPJ válido antes de verificar esta ONG.",
} as const;

const fieldsSchema = z.object({
  name: requiredText("Informe o nome da ONG.", 160).refine((v) => v.length >= 3, ORG_MESSAGES.nameShort),
  legalName: requiredText("Informe a razão social.", 200).refine((v) => v.length >= 3, ORG_MESSAGES.legalNameShort),
  cnpj: z
    .preprocess((v) => (typeof v === "string" ? v : ""), z.string().max(40, CNPJ_MESSAGES.length))
    .transform((v, ctx) => {
      const parsed = parseCnpj(v);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.cnpj;
    }),
  slug: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z
      .string({ error: "Informe a âncora." })
      .min(2, "Informe a âncora (pelo menos 2 caracteres).")
      .max(60, "Use no máximo 60 caracteres.")
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use letras minúsculas sem acento, números e hífens, por exemplo aadora."),
  ),
  causeId: z
    .preprocess((v) => (v === "" ? undefined : v), z.uuid({ error: "Escolha uma causa da lista." }).optional())
    .transform((v) => v ?? null),
  city: requiredText("Informe a cidade.", 80),
  state: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(BRAZILIAN_STATES, { error: "Escolha o estado (UF)." }),
  ),
  description: requiredText("Informe a descrição.", 2000),
  bannerUrl: optionalImageRef(),
  email: optionalText(200).refine((v) => v === null || z.email().safeParse(v).success, "Informe um e-mail válido."),
  logoUrl: optionalImageRef(),
  siteUrl: optionalHttpUrl(),
  pixKeyType: z
    .preprocess((v) => (v === "" ? undefined : v), z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.type }).optional())
    .transform((v) => v ?? null),
  pixKey: optionalText(120),
  isMain: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
});

/** The key is checked against its type, and kept the way the Pix directory writes it. */
function withPixKey(
  fields: z.output<typeof fieldsSchema>,
): { ok: true; input: OrganizationInput } | { ok: false; field: string; message: string } {
  const { pixKeyType, pixKey } = fields;
  if (pixKey === null) {
    if (pixKeyType !== null) return { ok: false, field: "pixKey", message: PIX_MESSAGES.required };
    return { ok: true, input: { ...fields, pixKeyType: null, pixKey: null } };
  }
  if (!isPixKeyType(pixKeyType)) return { ok: false, field: "pixKeyType", message: PIX_MESSAGES.keyWithoutType };
  const key = parsePixKey(pixKeyType, pixKey);
  if (!key.ok) return { ok: false, field: "pixKey", message: key.error };
  return { ok: true, input: { ...fields, pixKeyType, pixKey: key.key } };
}

type Conflict = "name" | "slug" | "cnpj";
const CONFLICTS: Record<Conflict, { field: string; message: string }> = {
  name: { field: "name", message: ORG_MESSAGES.nameTaken },
  slug: { field: "slug", message: ORG_MESSAGES.slugTaken },
  cnpj: { field: "cnpj", message: CNPJ_MESSAGES.duplicate },
};

async function findConflict(tx: Parameters<typeof slugTaken>[0], input: OrganizationInput, id: string | null): Promise<Conflict | null> {
  const except = id ?? undefined;
  if (await organizationNameTaken(tx, input.name, except)) return "name";
  if (await slugTaken(tx, input.slug, except)) return "slug";
  if (await cnpjTaken(tx, input.cnpj, except)) return "cnpj";
  return null;
}

async function save(intent: "createOrganization" | "updateOrganization", ctx: Parameters<AdminActionHandler>[0], id: string | null) {
  const { admin, form } = ctx;
  const title = intent === "createOrganization" ? "Erro ao criar ONG" : "Erro ao atualizar ONG";
  const parsed = parseForm(fieldsSchema, form);
  if (!parsed.ok) return fail(intent, { title, description: firstError(parsed.errors) }, parsed);
  const checked = withPixKey(parsed.data);
  if (!checked.ok)
    return fail(
      intent,
      { title, description: checked.message },
      { errors: { [checked.field]: checked.message }, values: postedValues(form) },
    );
  const input = checked.input;
  let outcome: Conflict | "missing" | "ok";
  try {
    outcome = await auditedChange(admin, async (tx, audit) => {
      const conflict = await findConflict(tx, input, id);
      if (conflict) return conflict;
      let savedId = id;
      let verificationCleared = false;
      if (id) {
        const before = await findOrganizationForUpdate(tx, id);
        if (!before) return "missing" as const;
        // A verification vouched for this CNPJ and Pix key: changing either needs a new one.
        verificationCleared =
          Boolean(before.verifiedAt) &&
          (before.cnpj !== input.cnpj || before.pixKey !== input.pixKey || before.pixKeyType !== input.pixKeyType);
        await updateOrganization(tx, id, input, {
          clearVerification: verificationCleared,
        });
      } else {
        savedId = (await insertOrganization(tx, input)).id;
      }
      if (input.isMain) await clearOtherMainOrganizations(tx, savedId!);
      await audit({
        action: id ? "organization.update" : "organization.create",
        entity: "organization",
        entityId: savedId,
        details: { ...input, verificationCleared },
      });
      return "ok" as const;
    });
  } catch (error) {
    if (!isCnpjConflict(error)) throw error;
    outcome = "cnpj";
  }
  if (outcome === "missing") return fail(intent, { title, description: ORG_MESSAGES.missing }, { status: 404 });
  if (outcome !== "ok") {
    const { field, message } = CONFLICTS[outcome];
    return fail(intent, { title, description: message }, { errors: { [field]: message }, values: postedValues(form) });
  }
  return succeed(intent, {
    title: id ? "ONG atualizada" : "ONG cadastrada",
    description: input.name,
  });
}

export const createOrganizationAction: AdminActionHandler = (ctx) => save("createOrganization", ctx, null);

export const updateOrganizationAction: AdminActionHandler = async (ctx) => {
  const id = idField.safeParse(ctx.form.get("id"));
  if (!id.success)
    return fail("updateOrganization", {
      title: "Erro ao atualizar ONG",
      description: "Registro inválido.",
    });
  return save("updateOrganization", ctx, id.data);
};

export const toggleOrganizationAction = toggleActiveAction({
  intent: "toggleOrganization",
  errorTitle: "Erro ao atualizar ONG",
  missing: "Esta ONG não existe mais.",
  setActive: setOrganizationActive,
  audit: {
    entity: "organization",
    activate: "organization.activate",
    deactivate: "organization.deactivate",
    details: (row) => ({ name: row.name }),
  },
});

const verificationSchema = z.object({
  id: idField,
  decision: z.enum(["verificar", "remover"], { error: "Ação inválida." }),
  note: optionalText(500),
});

/** "Verificar" (or withdraw it): who and when go on the row, and with the note into the audit log. */
export const verifyOrganizationAction: AdminActionHandler = async ({ admin, form }) => {
  const intent = "verifyOrganization";
  const title = "Erro ao verificar ONG";
  const parsed = parseForm(verificationSchema, form);
  if (!parsed.ok) return fail(intent, { title, description: firstError(parsed.errors) }, parsed);
  const { id, decision, note } = parsed.data;
  const verified = decision === "verificar";
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const before = await findOrganizationForUpdate(tx, id);
    if (!before) return "missing" as const;
    if (verified && !(before.cnpj && parseCnpj(before.cnpj).ok)) return "no-cnpj" as const;
    const row = await setOrganizationVerification(tx, id, {
      verified,
      by: admin.id,
      note,
    });
    await audit({
      action: verified ? "organization.verify" : "organization.unverify",
      entity: "organization",
      entityId: id,
      details: {
        name: row!.name,
        cnpj: row!.cnpj,
        note,
        verifiedAt: row!.verifiedAt?.toISOString() ?? null,
      },
    });
    return row!.name;
  });
  if (outcome === "missing") return fail(intent, { title, description: ORG_MESSAGES.missing }, { status: 404 });
  if (outcome === "no-cnpj")
    return fail(intent, { title, description: ORG_MESSAGES.verifyWithoutCnpj }, { errors: { cnpj: ORG_MESSAGES.verifyWithoutCnpj } });
  return succeed(intent, {
    title: verified ? "ONG verificada" : "Verificação removida",
    description: outcome,
  });
};
