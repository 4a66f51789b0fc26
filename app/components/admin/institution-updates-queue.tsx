import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { refuseInstitutionUpdateSchema } from "~/domain/admin/forms";
import type { TabData } from "~/domain/admin/panel.server";
import { formatDate } from "~/platform/dates";
import { IntentInput, ResultNotice, useSubmittingIntent, useTabForm } from "./common";

type Pending = TabData<"impacto">["pendingInstitutionUpdates"][number];

/** Impacto → "Atualizações das ONGs": what institutions' teams wrote, published only when an admin approves it (decision 190). */
export function InstitutionUpdatesQueue({ pending }: { pending: Pending[] }) {
  return (
    <section aria-labelledby="atualizacoes-ongs">
      <h2 id="atualizacoes-ongs" className="mb-2 text-xl font-extrabold text-indigo-800">
        Atualizações das ONGs {pending.length > 0 ? <span className="text-coral-700">({pending.length})</span> : null}
      </h2>
      <p className="mb-4 text-sm text-muted">
        Textos que as equipes das instituições enviaram pelo painel delas. Aprovados, aparecem na página pública da instituição e no
        relatório mensal dos assinantes; recusados, voltam com o motivo.
      </p>
      <ResultNotice intents={["approveInstitutionUpdate", "refuseInstitutionUpdate"]} />
      {pending.length === 0 ? (
        <p className="rounded-2xl bg-sand p-4 text-sm text-muted">Nenhuma atualização esperando revisão.</p>
      ) : (
        <ul className="space-y-3">
          {pending.map((u) => (
            <li key={u.id}>
              <PendingUpdate update={u} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingUpdate({ update: u }: { update: Pending }) {
  const [form, fields] = useTabForm("refuseInstitutionUpdate", refuseInstitutionUpdateSchema, undefined, { field: "id", value: u.id });
  const approving = useSubmittingIntent("approveInstitutionUpdate");
  const refusing = useSubmittingIntent("refuseInstitutionUpdate");
  return (
    <Card padding="sm" data-testid="institution-update">
      <p className="text-xs font-bold text-coral-700">
        {u.month} · {u.organizationName} · enviada por {u.authorName ?? "conta excluída"} em {formatDate(u.createdAt)}
      </p>
      <p className="font-extrabold break-words text-indigo-800">{u.title}</p>
      <p className="mt-1 text-sm break-words whitespace-pre-line">{u.body}</p>
      <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-start">
        <Form method="post">
          <IntentInput intent="approveInstitutionUpdate" />
          <input type="hidden" name="id" value={u.id} />
          <Button type="submit" size="sm" loading={approving} loadingText="Publicando..." aria-label={`Aprovar e publicar: ${u.title}`}>
            Aprovar e publicar
          </Button>
        </Form>
        <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-1 flex-col gap-2">
          <IntentInput intent="refuseInstitutionUpdate" />
          <input type="hidden" name="id" value={u.id} />
          <TextareaField
            label="Motivo para recusar"
            name="reason"
            rows={2}
            maxLength={500}
            defaultValue={fields.reason.initialValue}
            error={fields.reason.errors}
          />
          <div>
            <Button type="submit" size="sm" variant="dangerOutline" loading={refusing} loadingText="Recusando...">
              Recusar
            </Button>
          </div>
        </Form>
      </div>
    </Card>
  );
}
