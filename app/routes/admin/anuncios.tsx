import type { Route } from "./+types/anuncios";
import { AdsTab } from "~/components/admin/ads";
import { adSchema, adUpdateSchema } from "~/domain/content/content-forms";
import { type AdInput, createAd, loadAdsPanel, setAdActive, updateAd } from "~/domain/content/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { fail, refuse, succeed } from "~/platform/http/action-answers.server";
import { type AdminActionHandler, adminAction, adminLoader, toggleActiveAction } from "./kit.server";

export const loader = adminLoader((url) => loadAdsPanel(url.searchParams.get("editar")));

async function save(intent: "createAd" | "updateAd", { admin, form }: Parameters<AdminActionHandler>[0]) {
  const title = intent === "updateAd" ? "Erro ao atualizar anúncio" : "Erro ao criar anúncio";
  const submission = parseFormSubmission(form, intent === "updateAd" ? adUpdateSchema : adSchema);
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { id = null, placements, ...fields } = submission.value as typeof submission.value & { id?: string };
  const input: AdInput = { ...fields, placements: [...new Set(placements)] };
  if (!id) await createAd(admin.id, input);
  else if (!(await updateAd(admin.id, id, input))) {
    return fail(intent, { title, description: "Este anúncio não existe mais." }, { status: 404 });
  }
  return succeed(intent, { title: id ? "Anúncio atualizado" : "Anúncio criado", description: input.title });
}

const toggleAdAction = toggleActiveAction({
  intent: "toggleAd",
  errorTitle: "Erro ao atualizar anúncio",
  missing: "Este anúncio não existe mais.",
  setActive: setAdActive,
});

export const action = adminAction({
  createAd: (ctx) => save("createAd", ctx),
  updateAd: (ctx) => save("updateAd", ctx),
  toggleAd: toggleAdAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <AdsTab data={loaderData} />;
}
