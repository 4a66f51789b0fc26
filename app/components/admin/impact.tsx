import type { loadImpactPanel } from "~/domain/impact/impact-admin.server";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { impactUnitSchema, impactUpdateSchema } from "~/domain/impact/impact-forms";
import { formatCents } from "~/platform/money";
import { ImpactUnitProposalsQueue } from "./impact-unit-proposals-queue";
import { InstitutionUpdatesQueue } from "./institution-updates-queue";
import { DeleteButton, IntentInput, PendingConfirm, ResultNotice, useSavedKey, useSubmittingIntent, useTabForm } from "./common";

type Data = Awaited<ReturnType<typeof loadImpactPanel>>;

/** Impacto: each institution's units ("1 consulta = R$ 80") and its monthly impact updates. */
export function ImpactTab({ data }: { data: Data }) {
  const unitKey = useSavedKey("createImpactUnit", "unit");
  const updateKey = useSavedKey("createImpactUpdate", "update");
  const unitName = (id: string) => {
    for (const o of data.organizations) for (const u of o.units) if (u.id === id) return `1 ${u.singular} — ${o.name}`;
    return undefined;
  };
  return (
    <div className="space-y-10">
      <InstitutionUpdatesQueue pending={data.pendingInstitutionUpdates} />
      <ImpactUnitProposalsQueue pending={data.pendingUnitProposals} />
      <section aria-labelledby="unidades-impacto" className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <NewUnitForm key={unitKey} organizations={data.organizations} />
        <div>
          <h2 id="unidades-impacto" className="mb-2 text-xl font-extrabold text-indigo-800">
            Unidades de impacto
          </h2>
          <p className="mb-4 text-sm text-muted">
            O que o trabalho de cada instituição custa, nas palavras dela. Aparecem no painel de impacto de /doar e nos certificados.
          </p>
          <ResultNotice intents={["deleteImpactUnit"]} />
          <PendingConfirm intent="deleteImpactUnit" nameOf={unitName} />
          <ul className="space-y-3">
            {data.organizations.map((o) => (
              <li key={o.id}>
                <Card padding="sm">
                  <p className="font-extrabold text-indigo-800">{o.name}</p>
                  {o.units.length === 0 ? (
                    <p className="mt-1 text-sm text-muted">Sem unidades: /doar usa as frases da causa.</p>
                  ) : (
                    <ul className="mt-2 space-y-1">
                      {o.units.map((u) => (
                        <li key={u.id} className="flex items-center justify-between gap-3 text-sm">
                          <span>
                            1 {u.singular} = <strong>{formatCents(u.costCents)}</strong> <span className="text-muted">({u.plural})</span>
                          </span>
                          <DeleteButton
                            intent="deleteImpactUnit"
                            id={u.id}
                            label={`1 ${u.singular}`}
                            prompt="Tem certeza que deseja excluir esta unidade de impacto?"
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="atualizacoes-impacto" className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <NewUpdateForm key={updateKey} organizations={data.organizations} />
        <div>
          <h2 id="atualizacoes-impacto" className="mb-2 text-xl font-extrabold text-indigo-800">
            Atualizações de impacto
          </h2>
          <p className="mb-4 text-sm text-muted">
            Vão no relatório mensal de impacto dos assinantes que apoiaram a instituição naquele mês.
          </p>
          <ResultNotice intents={["deleteImpactUpdate"]} />
          <PendingConfirm intent="deleteImpactUpdate" nameOf={(id) => data.updates.find((u) => u.id === id)?.title} />
          {data.updates.length === 0 ? (
            <EmptyState title="Nenhuma atualização publicada." />
          ) : (
            <ul className="space-y-3">
              {data.updates.map((u) => (
                <li key={u.id}>
                  <Card padding="sm" className="flex items-start gap-4">
                    <div className="min-w-0 flex-1">
                      <p className="text-xs font-bold text-coral-700">
                        {u.month} · {u.organizationName}
                      </p>
                      <p className="font-extrabold break-words text-indigo-800">{u.title}</p>
                      <p className="mt-1 text-sm break-words whitespace-pre-line text-muted">{u.body}</p>
                    </div>
                    <DeleteButton
                      intent="deleteImpactUpdate"
                      id={u.id}
                      label={u.title}
                      prompt="Tem certeza que deseja excluir esta atualização de impacto?"
                    />
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

function OrganizationSelect({
  organizations,
  field,
}: {
  organizations: Data["organizations"];
  field: { initialValue?: string; errors?: string[] };
}) {
  return (
    <SelectField label="Instituição" name="organizationId" required defaultValue={field.initialValue ?? ""} error={field.errors}>
      <option value="">Escolha…</option>
      {organizations.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}

function NewUnitForm({ organizations }: { organizations: Data["organizations"] }) {
  const [form, fields] = useTabForm("createImpactUnit", impactUnitSchema);
  const submitting = useSubmittingIntent("createImpactUnit");
  return (
    <Card className="h-fit">
      <CardTitle>Nova unidade de impacto</CardTitle>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <IntentInput intent="createImpactUnit" />
        <OrganizationSelect organizations={organizations} field={fields.organizationId} />
        <TextField
          label="Unidade (singular)"
          name="singular"
          required
          maxLength={60}
          placeholder="consulta"
          defaultValue={fields.singular.initialValue}
          error={fields.singular.errors}
        />
        <TextField
          label="Unidade (plural)"
          name="plural"
          required
          maxLength={60}
          placeholder="consultas"
          defaultValue={fields.plural.initialValue}
          error={fields.plural.errors}
        />
        <TextField
          label="Custo de 1 unidade (R$)"
          name="cost"
          required
          inputMode="decimal"
          placeholder="80,00"
          defaultValue={fields.cost.initialValue}
          error={fields.cost.errors}
        />
        <Button type="submit" loading={submitting} loadingText="Criando...">
          Criar unidade
        </Button>
      </Form>
    </Card>
  );
}

function NewUpdateForm({ organizations }: { organizations: Data["organizations"] }) {
  const [form, fields] = useTabForm("createImpactUpdate", impactUpdateSchema);
  const submitting = useSubmittingIntent("createImpactUpdate");
  return (
    <Card className="h-fit">
      <CardTitle>Nova atualização de impacto</CardTitle>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <IntentInput intent="createImpactUpdate" />
        <OrganizationSelect organizations={organizations} field={fields.organizationId} />
        <TextField
          label="Mês"
          name="month"
          type="month"
          required
          defaultValue={fields.month.initialValue}
          error={fields.month.errors}
          hint="AAAA-MM"
        />
        <TextField
          label="Título"
          name="title"
          required
          maxLength={120}
          defaultValue={fields.title.initialValue}
          error={fields.title.errors}
        />
        <TextareaField
          label="Texto"
          name="body"
          required
          maxLength={4000}
          rows={5}
          defaultValue={fields.body.initialValue}
          error={fields.body.errors}
        />
        <Button type="submit" loading={submitting} loadingText="Publicando...">
          Publicar atualização
        </Button>
      </Form>
    </Card>
  );
}
