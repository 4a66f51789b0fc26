import { z } from "zod";
import { AD_PLACEMENTS } from "~/domain/content";
import { type AdInput, insertAd, listAllAds, setAdActive, updateAd } from "~/domain/content/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, auditedChange, fail, refuse, succeed, toggleActiveAction } from "./action-kit.server";
import { adSchema, adUpdateSchema } from "./forms";

export async function loadAds(url: URL) {
  const editId = z.uuid().safeParse(url.searchParams.get("editar"));
  const ads = await listAllAds();
  const editing = editId.success ? (ads.find((a) => a.id === editId.data) ?? null) : null;
  return { ads, editing, placements: AD_PLACEMENTS };
}

async function save(intent: "createAd" | "updateAd", { admin, form }: Parameters<AdminActionHandler>[0]) {
  const title = intent === "updateAd" ? "Erro ao atualizar anúncio" : "Erro ao criar anúncio";
  const submission = parseFormSubmission(form, intent === "updateAd" ? adUpdateSchema : adSchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { id = null, placements, ...fields } = submission.value as typeof submission.value & { id?: string };
  const input: AdInput = { ...fields, placements: [...new Set(placements)] };
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

export const createAdAction: AdminActionHandler = (ctx) => save("createAd", ctx);
export const updateAdAction: AdminActionHandler = (ctx) => save("updateAd", ctx);

export const toggleAdAction = toggleActiveAction({
  intent: "toggleAd",
  errorTitle: "Erro ao atualizar anúncio",
  missing: "Este anúncio não existe mais.",
  setActive: setAdActive,
  audit: { entity: "sponsor_ad", activate: "ad.activate", deactivate: "ad.deactivate", details: (row) => ({ title: row.title }) },
});
