import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextareaField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { IMPACT_UPDATE_STATUS_LABELS, type ImpactUpdateStatus } from "~/domain/impact/impact-update-review";
import { institutionUpdateSchema } from "~/domain/impact/institution-update-form";
import { formatDate } from "~/platform/dates";
import { PROPOSE_UNIT_INTENT } from "./dashboard-units";
import type { FormResult } from "~/platform/forms/submission";

type Update = {
  id: string;
  month: string;
  monthLabel: string;
  title: string;
  body: string;
  status: ImpactUpdateStatus;
  reviewNote: string | null;
  createdAt: Date | string;
};

const TONES = { pendente: "pending", aprovada: "paid", recusada: "danger" } as const;

/** The institution's own impact updates: a form (published after an admin approves it) and what it sent, with the review. */
export function DashboardUpdates({
  updates,
  canWrite,
  thisMonth,
  result,
}: {
  updates: Update[];
  canWrite: boolean;
  /** YYYY-MM, São Paulo: the month field's first value. */
  thisMonth: string;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formData?.get("intent") !== PROPOSE_UNIT_INTENT;
  const [form, fields] = useSchemaForm(institutionUpdateSchema, result);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (result) first.current?.focus();
  }, [result]);
  return (
    <section
      id="atualizacoes"
      aria-labelledby="atualizacoes-titulo"
      className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6"
    >
      <h2 id="atualizacoes-titulo" className="text-xl">
        Atualizações de impacto
      </h2>
      <p className="mt-1 text-sm text-muted">
        Conte o que as doações tornaram possível. A equipe da Festa Solidária revisa cada texto antes de publicar na página pública e no
        relatório mensal dos assinantes.
      </p>
      {canWrite ? (
        <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-3">
          <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            <TextField
              ref={first}
              label="Mês"
              name="month"
              type="month"
              defaultValue={fields.month.initialValue ?? thisMonth}
              error={fields.month.errors}
            />
            <TextField label="Título" name="title" maxLength={120} defaultValue={fields.title.initialValue} error={fields.title.errors} />
          </div>
          <TextareaField
            label="Texto"
            name="body"
            rows={5}
            maxLength={4000}
            defaultValue={fields.body.initialValue}
            error={fields.body.errors}
          />
          <div>
            <Button type="submit" loading={sending} loadingText="Enviando...">
              Enviar para aprovação
            </Button>
          </div>
        </Form>
      ) : null}
      {updates.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nenhuma atualização enviada ainda.</p>
      ) : (
        <ul className="mt-5 divide-y divide-coral-100">
          {updates.map((u) => (
            <li key={u.id} className="py-3">
              <div className="flex flex-wrap items-center gap-2">
                <strong className="text-indigo-800">{u.title}</strong>
                <Badge tone={TONES[u.status]}>{IMPACT_UPDATE_STATUS_LABELS[u.status]}</Badge>
              </div>
              <p className="text-xs text-muted">
                Referente a {u.monthLabel} · enviada em {formatDate(u.createdAt)}
              </p>
              <p className="mt-1 text-sm whitespace-pre-line">{u.body}</p>
              {u.status === "recusada" && u.reviewNote ? <p className="mt-1 text-sm text-danger">Motivo: {u.reviewNote}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
