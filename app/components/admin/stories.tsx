import type { loadStoriesPanel } from "~/domain/content/stories-admin.server";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { TextareaField, TextField } from "~/components/ui/field";
import { storySchema } from "~/domain/content/content-forms";
import { formatDate } from "~/platform/dates";
import { ActiveAndDeleteActions, IntentInput, PendingConfirm, ResultNotice, useSavedKey, useSubmittingIntent, useTabForm } from "./common";

export function StoriesTab({ data }: { data: Awaited<ReturnType<typeof loadStoriesPanel>> }) {
  const formKey = useSavedKey("createStory");
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <NewStoryForm key={formKey} />
      <section aria-labelledby="historias-cadastradas">
        <h2 id="historias-cadastradas" className="mb-4 text-xl font-extrabold text-indigo-800">
          Histórias Cadastradas
        </h2>
        <ResultNotice intents={["deleteStory", "toggleStory"]} />
        <PendingConfirm intent="deleteStory" nameOf={(id) => data.stories.find((x) => x.id === id)?.title} />
        {data.stories.length === 0 ? (
          <EmptyState title="Nenhuma história cadastrada." />
        ) : (
          <ul className="space-y-3">
            {data.stories.map((s) => (
              <li key={s.id}>
                <Card padding="sm" className="flex flex-wrap items-start gap-4">
                  <div className="min-w-0 flex-1">
                    <p className="font-extrabold break-words text-indigo-800">{s.title}</p>
                    <p className="mt-1 text-sm break-words whitespace-pre-line text-muted">{s.description}</p>
                    <p className="mt-1 text-xs break-all text-muted">
                      {s.imageUrl ? `Imagem: ${s.imageUrl} · ` : ""}criada em {formatDate(s.createdAt)}
                    </p>
                  </div>
                  <ActiveAndDeleteActions
                    toggleIntent="toggleStory"
                    deleteIntent="deleteStory"
                    id={s.id}
                    active={s.active}
                    label={s.title}
                    prompt="Tem certeza que deseja excluir esta história?"
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

/** Remounted empty after each story it creates (see useSavedKey). */
function NewStoryForm() {
  const [form, fields] = useTabForm("createStory", storySchema);
  const submitting = useSubmittingIntent("createStory");
  return (
    <Card className="h-fit">
      <CardTitle>Nova História</CardTitle>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <IntentInput intent="createStory" />
        <TextField
          label="Título"
          name="title"
          required
          maxLength={120}
          defaultValue={fields.title.initialValue}
          error={fields.title.errors}
        />
        <TextareaField
          label="Descrição"
          name="description"
          required
          maxLength={2000}
          rows={4}
          defaultValue={fields.description.initialValue}
          error={fields.description.errors}
        />
        <TextField
          label="URL da Imagem"
          name="imageUrl"
          type="url"
          maxLength={2000}
          placeholder="https://"
          hint="Opcional. Um endereço que comece com http:// ou https://."
          defaultValue={fields.imageUrl.initialValue}
          error={fields.imageUrl.errors}
        />
        <Button type="submit" loading={submitting} loadingText="Criando...">
          Criar História
        </Button>
      </Form>
    </Card>
  );
}
