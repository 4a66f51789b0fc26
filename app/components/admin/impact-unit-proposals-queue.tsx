import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { refuseImpactUnitProposalSchema } from "~/domain/admin/forms";
import type { TabData } from "~/domain/admin/panel.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { IntentInput, ResultNotice, useSubmittingIntent, useTabForm } from "./common";

type Pending = TabData<"impacto">["pendingUnitProposals"][number];

/** Impacto → "Unidades propostas pelas ONGs": units institutions' teams proposed, published in /doar and certificates only when an admin approves (decision 191). */
export function ImpactUnitProposalsQueue({ pending }: { pending: Pending[] }) {
  return (
    <section aria-labelledby="unidades-propostas">
      <h2 id="unidades-propostas" className="mb-2 text-xl font-extrabold text-indigo-800">
        Unidades propostas pelas ONGs {pending.length > 0 ? <span className="text-coral-700">({pending.length})</span> : null}
      </h2>
      <p className="mb-4 text-sm text-muted">
        Unidades de impacto que as equipes das instituições propuseram pelo painel. Aprovadas, passam a valer no painel de impacto de /doar
        e nos certificados; recusadas, voltam com o motivo.
      </p>
      <ResultNotice intents={["approveImpactUnitProposal", "refuseImpactUnitProposal"]} />
      {pending.length === 0 ? (
        <p className="rounded-2xl bg-sand p-4 text-sm text-muted">Nenhuma unidade esperando revisão.</p>
      ) : (
        <ul className="space-y-3">
          {pending.map((p) => (
            <li key={p.id}>
              <PendingProposal proposal={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingProposal({ proposal: p }: { proposal: Pending }) {
  const [form, fields] = useTabForm("refuseImpactUnitProposal", refuseImpactUnitProposalSchema, undefined, { field: "id", value: p.id });
  const approving = useSubmittingIntent("approveImpactUnitProposal");
  const refusing = useSubmittingIntent("refuseImpactUnitProposal");
  const name = `1 ${p.singular} = ${formatCents(p.costCents)}`;
  return (
    <Card padding="sm" data-testid="impact-unit-proposal">
      <p className="text-xs font-bold text-coral-700">
        {p.organizationName} · proposta por {p.authorName ?? "conta excluída"} em {formatDate(p.createdAt)}
      </p>
      <p className="font-extrabold break-words text-indigo-800">
        {name} <span className="text-sm font-normal text-muted">(plural: {p.plural})</span>
      </p>
      <p className="mt-1 text-sm">
        {p.current?.singular
          ? `Altera a unidade atual: 1 ${p.current.singular} = ${formatCents(p.current.costCents ?? 0)}.`
          : "Unidade nova."}
      </p>
      <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-start">
        <Form method="post">
          <IntentInput intent="approveImpactUnitProposal" />
          <input type="hidden" name="id" value={p.id} />
          <Button type="submit" size="sm" loading={approving} loadingText="Publicando..." aria-label={`Aprovar e publicar: ${name}`}>
            Aprovar e publicar
          </Button>
        </Form>
        <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-1 flex-col gap-2">
          <IntentInput intent="refuseImpactUnitProposal" />
          <input type="hidden" name="id" value={p.id} />
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
