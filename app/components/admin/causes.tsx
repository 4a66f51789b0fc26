import type { loadCausesPanel } from "~/domain/organizations/causes-admin.server";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { causeSchema } from "~/domain/organizations/cause-form";
import { CAUSE_ICON_LABELS, CAUSE_ICONS, DEFAULT_CAUSE_ICON } from "~/domain/organizations";
import { formatDate } from "~/platform/dates";
import { ActiveAndDeleteActions, IntentInput, PendingConfirm, ResultNotice, useSavedKey, useSubmittingIntent, useTabForm } from "./common";

export function CausesTab({ data }: { data: Awaited<ReturnType<typeof loadCausesPanel>> }) {
  const formKey = useSavedKey("createCause");
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <NewCauseForm key={formKey} />
      <section aria-labelledby="causas-cadastradas">
        <h2 id="causas-cadastradas" className="mb-4 text-xl font-extrabold text-indigo-800">
          Causas Cadastradas
        </h2>
        <ResultNotice intents={["deleteCause", "toggleCause"]} />
        <PendingConfirm intent="deleteCause" nameOf={(id) => data.causes.find((x) => x.id === id)?.name} />
        {data.causes.length === 0 ? (
          <EmptyState title="Nenhuma causa cadastrada." />
        ) : (
          <ul className="space-y-3">
            {data.causes.map((c) => (
              <li key={c.id}>
                <Card padding="sm" className="flex flex-wrap items-start gap-4">
                  <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-coral-50 text-2xl">
                    {c.icon && /\p{Extended_Pictographic}/u.test(c.icon) ? c.icon : "💛"}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-extrabold break-words text-indigo-800">{c.name}</p>
                    <p className="mt-1 text-sm break-words text-muted">{c.description}</p>
                    <p className="mt-1 text-xs text-muted">
                      {c.icon && !/\p{Extended_Pictographic}/u.test(c.icon) ? `Ícone: ${c.icon} · ` : ""}
                      {c.partyCount === 1 ? "1 festa" : `${c.partyCount} festas`} · criada em {formatDate(c.createdAt)}
                    </p>
                  </div>
                  <ActiveAndDeleteActions
                    toggleIntent="toggleCause"
                    deleteIntent="deleteCause"
                    id={c.id}
                    active={c.active}
                    label={c.name}
                    prompt="Tem certeza que deseja excluir esta causa?"
                  />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Remounted empty after each cause it creates (see useSavedKey). */
function NewCauseForm() {
  const [form, fields] = useTabForm("createCause", causeSchema);
  const submitting = useSubmittingIntent("createCause");
  return (
    <Card className="h-fit">
      <CardTitle>Nova Causa</CardTitle>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <IntentInput intent="createCause" />
        <TextField
          label="Nome da Causa"
          name="name"
          required
          minLength={3}
          maxLength={80}
          defaultValue={fields.name.initialValue}
          error={fields.name.errors}
        />
        <TextareaField
          label="Descrição"
          name="description"
          required
          maxLength={1000}
          rows={3}
          defaultValue={fields.description.initialValue}
          error={fields.description.errors}
        />
        <SelectField
          label="Ícone"
          name="icon"
          hint="Aparece nos cartões da causa e das festas."
          defaultValue={fields.icon.initialValue ?? ""}
          error={fields.icon.errors}
        >
          <option value="">Sem ícone ({DEFAULT_CAUSE_ICON})</option>
          {CAUSE_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {icon} {CAUSE_ICON_LABELS[icon]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={submitting} loadingText="Criando...">
          Criar Causa
        </Button>
      </Form>
    </Card>
  );
}
