import type { loadAdsPanel } from "~/domain/content/ads-admin.server";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, TextareaField, TextField } from "~/components/ui/field";
import { adSchema } from "~/domain/content/content-forms";
import { adminHref } from "./tabs";
import { EditAndActiveCell, IntentInput, ScrollTable, tdClass, thClass, useSavedKey, useSubmittingIntent, useTabForm } from "./common";

type Data = Awaited<ReturnType<typeof loadAdsPanel>>;

const PLACEMENT_LABELS: Record<string, string> = {
  home: "Início",
  causas: "Causas",
  eventos: "Eventos",
  transparencia: "Transparência",
  historias: "Histórias",
  festa: "Página da festa",
};

export function AdsTab({ data }: { data: Data }) {
  const formKey = useSavedKey(data.editing ? "updateAd" : "createAd", data.editing?.id ?? "novo");
  return (
    <div className="space-y-8">
      <AdForm key={formKey} data={data} />
      <section aria-labelledby="anuncios-cadastrados">
        <h2 id="anuncios-cadastrados" className="mb-4 text-xl font-extrabold text-indigo-800">
          Anúncios cadastrados
        </h2>
        {data.ads.length === 0 ? (
          <EmptyState title="Nenhum anúncio cadastrado." icon="📣" />
        ) : (
          <ScrollTable label="Anúncios cadastrados" minWidth={900}>
            <thead>
              <tr>
                <th className={thClass}>Anúncio</th>
                <th className={thClass}>Patrocinador</th>
                <th className={thClass}>Páginas</th>
                <th className={thClass}>Ordem</th>
                <th className={thClass}>Ações</th>
              </tr>
            </thead>
            <tbody>
              {data.ads.map((ad) => (
                <tr key={ad.id} className={data.editing?.id === ad.id ? "bg-coral-50/60" : undefined}>
                  <td className={tdClass}>
                    <p className="font-bold text-indigo-800">{ad.title}</p>
                    <p className="text-xs text-muted">{ad.description}</p>
                    <p className="text-xs break-all text-muted">
                      {ad.ctaText} → {ad.ctaUrl}
                    </p>
                  </td>
                  <td className={tdClass}>{ad.sponsor}</td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap gap-1">
                      {ad.placements.map((p) => (
                        <Badge key={p} tone="info">
                          {PLACEMENT_LABELS[p] ?? p}
                        </Badge>
                      ))}
                    </div>
                  </td>
                  <td className={tdClass}>{ad.sortOrder}</td>
                  <td className={tdClass}>
                    <EditAndActiveCell
                      editHref={adminHref("anuncios", { editar: ad.id })}
                      toggleIntent="toggleAd"
                      id={ad.id}
                      active={ad.active}
                      label={ad.title}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
    </div>
  );
}

/** Remounted after each save: empty again after a create, showing what was saved after an edit. */
function AdForm({ data }: { data: Data }) {
  const editing = data.editing;
  const intent = editing ? "updateAd" : "createAd";
  // The edit's hidden id is checked by the server (adUpdateSchema); the fields are the same.
  const [form, fields] = useTabForm(
    intent,
    adSchema,
    editing
      ? {
          title: editing.title,
          description: editing.description,
          ctaText: editing.ctaText,
          ctaUrl: editing.ctaUrl,
          sponsor: editing.sponsor,
          imageUrl: editing.imageUrl,
          placements: editing.placements,
          sortOrder: String(editing.sortOrder),
        }
      : { sortOrder: "0" },
  );
  const submitting = useSubmittingIntent(intent);
  const f = fields;
  const chosen = new Set([f.placements.initialValue ?? []].flat());
  return (
    <Card>
      <CardTitle>{editing ? "Editar anúncio" : "Novo anúncio"}</CardTitle>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
        <IntentInput intent={intent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField label="Título" name="title" required maxLength={120} defaultValue={f.title.initialValue} error={f.title.errors} />
        <TextField
          label="Patrocinador"
          name="sponsor"
          required
          maxLength={120}
          defaultValue={f.sponsor.initialValue}
          error={f.sponsor.errors}
        />
        <TextareaField
          label="Descrição"
          name="description"
          required
          maxLength={400}
          rows={2}
          defaultValue={f.description.initialValue}
          error={f.description.errors}
          className="md:col-span-2"
        />
        <TextField
          label="Texto do botão"
          name="ctaText"
          required
          maxLength={40}
          defaultValue={f.ctaText.initialValue}
          error={f.ctaText.errors}
        />
        <TextField
          label="Link do botão"
          name="ctaUrl"
          required
          maxLength={2000}
          placeholder="https://"
          defaultValue={f.ctaUrl.initialValue}
          error={f.ctaUrl.errors}
        />
        <TextField
          label="Imagem (URL)"
          name="imageUrl"
          maxLength={2000}
          placeholder="https:// ou /images/..."
          defaultValue={f.imageUrl.initialValue}
          error={f.imageUrl.errors}
        />
        <TextField
          label="Ordem"
          name="sortOrder"
          type="number"
          min={0}
          max={9999}
          defaultValue={f.sortOrder.initialValue}
          error={f.sortOrder.errors}
        />
        <fieldset className="md:col-span-2" aria-describedby={f.placements.valid ? undefined : "campo-placements-erro"}>
          <legend className="mb-1.5 text-sm font-bold text-ink">Páginas onde aparece</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {data.placements.map((p) => (
              <label key={p} className="flex items-center gap-2 text-sm font-semibold">
                <input type="checkbox" name="placements" value={p} defaultChecked={chosen.has(p)} className="h-5 w-5 accent-indigo-700" />
                {PLACEMENT_LABELS[p] ?? p}
              </label>
            ))}
          </div>
          <FieldError id="campo-placements-erro" error={Object.values(f.placements.allErrors)[0]} />
        </fieldset>
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit" loading={submitting} loadingText="Salvando...">
            {editing ? "Salvar alterações" : "Criar anúncio"}
          </Button>
          {editing ? (
            <Link to={adminHref("anuncios")} className={buttonVariants({ variant: "secondary" })}>
              Cancelar
            </Link>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
