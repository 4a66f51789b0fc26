import { z } from "zod";
import { AD_PLACEMENTS } from "~/db/schema";
import { type AdInput, insertAd, listAllAds, setAdActive, updateAd } from "~/models/admin-ads.server";
import {
  type AdminActionHandler,
  auditedChange,
  fail,
  firstError,
  idField,
  isHttpUrl,
  optionalImageRef,
  parseForm,
  requiredText,
  succeed,
  toggleActiveAction,
} from "./action-kit.server";

export async function loadAds(url: URL) {
  const editId = z.uuid().safeParse(url.searchParams.get("editar"));
  const ads = await listAllAds();
  const editing = editId.success ? (ads.find((a) => a.id === editId.data) ?? null) : null;
  return { ads, editing, placements: AD_PLACEMENTS };
}

const fieldsSchema = z.object({
  title: requiredText("Informe o título.", 120),
  description: requiredText("Informe a descrição.", 400),
  ctaText: requiredText("Informe o texto do botão.", 40),
  ctaUrl: requiredText("Informe o link do botão.", 2000).refine(
    (v) => isHttpUrl(v) || /^\/(?!\/)\S*$/.test(v),
    "Informe um endereço http(s) ou um caminho do site que comece com /.",
  ),
  sponsor: requiredText("Informe o patrocinador.", 120),
  imageUrl: optionalImageRef(),
  placements: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(AD_PLACEMENTS, { error: "Página inválida." })).min(1, "Escolha pelo menos uma página."),
  ),
  sortOrder: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? "0" : v),
    z.coerce.number({ error: "Use um número inteiro." }).int("Use um número inteiro.").min(0, "Use 0 ou mais.").max(9999, "Use no máximo 9999."),
  ),
});

async function save(intent: "createAd" | "updateAd", ctx: Parameters<AdminActionHandler>[0], id: string | null) {
  const { admin, form } = ctx;
  const title = id ? "Erro ao atualizar anúncio" : "Erro ao criar anúncio";
  const parsed = parseForm(fieldsSchema, form);
  if (!parsed.ok) return fail(intent, { title, description: firstError(parsed.errors) }, parsed);
  const input: AdInput = { ...parsed.data, placements: [...new Set(parsed.data.placements)] };
  const savedId = await auditedChange(admin, async (tx, audit) => {
    if (id) {
      if (!(await updateAd(tx, id, input))) return null;
      await audit({ action: "ad.update", entity: "sponsor_ad", entityId: id, details: input });
      return id;
    }
    const row = await insertAd(tx, input);
    await audit({ action: "ad.create", entity: "sponsor_ad", entityId: row.id, details: input });
    return row.id;
  });
  if (!savedId) return fail(intent, { title, description: "Este anúncio não existe mais." }, { status: 404 });
  return succeed(intent, { title: id ? "Anúncio atualizado" : "Anúncio criado", description: input.title });
}

export const createAdAction: AdminActionHandler = (ctx) => save("createAd", ctx, null);

export const updateAdAction: AdminActionHandler = async (ctx) => {
  const id = idField.safeParse(ctx.form.get("id"));
  if (!id.success) return fail("updateAd", { title: "Erro ao atualizar anúncio", description: "Registro inválido." });
  return save("updateAd", ctx, id.data);
};

export const toggleAdAction = toggleActiveAction({
  intent: "toggleAd",
  errorTitle: "Erro ao atualizar anúncio",
  missing: "Este anúncio não existe mais.",
  setActive: setAdActive,
  audit: { entity: "sponsor_ad", activate: "ad.activate", deactivate: "ad.deactivate", details: (row) => ({ title: row.title }) },
});
