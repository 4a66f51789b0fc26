import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { impactUnitProposalSchema } from "~/domain/impact/impact-forms";
import { IMPACT_UPDATE_STATUS_LABELS, type ImpactUpdateStatus } from "~/domain/impact/impact-update-review";
import { formatDate } from "~/platform/dates";
import type { FormResult } from "~/platform/forms/submission";
import { formatCents } from "~/platform/money";

type Unit = { id: string; singular: string; plural: string; costCents: number };
type Proposal = {
  id: string;
  unitId: string | null;
  singular: string;
  plural: string;
  costCents: number;
  status: ImpactUpdateStatus;
  reviewNote: string | null;
  createdAt: Date | string;
};

/** The intent of the dashboard's unit form (the update form sends none). */
export const PROPOSE_UNIT_INTENT = "propor-unidade";

const TONES = { pendente: "pending", aprovada: "paid", recusada: "danger" } as const;

/**
 * The institution's impact units (decision 191): the published ones, a form to propose a new unit
 * or a change to one of them (published after an admin approves it), and what the team proposed.
 */
export function DashboardUnits({
  units,
  proposals,
  canWrite,
  result,
}: {
  units: Unit[];
  proposals: Proposal[];
  canWrite: boolean;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === PROPOSE_UNIT_INTENT;
  const [form, fields] = useSchemaForm(impactUnitProposalSchema, result);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (result) first.current?.focus();
  }, [result]);
  const nameOf = (unitId: string | null) => units.find((u) => u.id === unitId)?.singular;
  return (
    <section
      id="unidades"
      aria-labelledby="unidades-titulo"
      className="rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6"
    >
      <h2 id="unidades-titulo" className="text-xl">
        Unidades de impacto
      </h2>
      <p className="mt-1 text-sm text-muted">
        O que uma doação compra, nas palavras da instituição (ex.: 1 cesta básica = R$ 50). Aparecem para quem doa em /doar e nos
        certificados de impacto, depois que a equipe da Festa Solidária aprova.
      </p>
      {units.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nenhuma unidade publicada ainda.</p>
      ) : (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Unidades publicadas">
          {units.map((u) => (
            <li key={u.id} className="rounded-full bg-indigo-50 px-3 py-1.5 text-sm font-bold text-indigo-800">
              1 {u.singular} = {formatCents(u.costCents)}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        // A new proposal in the list remounts the form: the next one starts empty.
        <Form
          key={proposals[0]?.id ?? "primeira"}
          id={form.id}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className="mt-5 grid gap-3"
        >
          <input type="hidden" name="intent" value={PROPOSE_UNIT_INTENT} />
          <SelectField
            ref={first}
            label="O que propor"
            name="unitId"
            defaultValue={fields.unitId.initialValue ?? ""}
            error={fields.unitId.errors}
          >
            <option value="">Uma unidade nova</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                Alterar: 1 {u.singular} ({formatCents(u.costCents)})
              </option>
            ))}
          </SelectField>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Singular"
              name="singular"
              maxLength={60}
              placeholder="cesta básica"
              defaultValue={fields.singular.initialValue}
              error={fields.singular.errors}
            />
            <TextField
              label="Plural"
              name="plural"
              maxLength={60}
              placeholder="cestas básicas"
              defaultValue={fields.plural.initialValue}
              error={fields.plural.errors}
            />
            <TextField
              label="Custo (R$)"
              name="cost"
              inputMode="decimal"
              maxLength={20}
              placeholder="50,00"
              defaultValue={fields.cost.initialValue}
              error={fields.cost.errors}
            />
          </div>
          <div>
            <Button type="submit" loading={sending} loadingText="Enviando...">
              Enviar unidade para aprovação
            </Button>
          </div>
        </Form>
      ) : null}
      {proposals.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nenhuma unidade proposta ainda.</p>
      ) : (
        <ul className="mt-5 divide-y divide-coral-100" aria-label="Unidades propostas">
          {proposals.map((p) => (
            <li key={p.id} className="py-3">
              <div className="flex flex-wrap items-center gap-2">
                <strong className="text-indigo-800">
                  1 {p.singular} = {formatCents(p.costCents)}
                </strong>
                <Badge tone={TONES[p.status]}>{IMPACT_UPDATE_STATUS_LABELS[p.status]}</Badge>
              </div>
              <p className="text-xs text-muted">
                {p.unitId ? `Alteração de “${nameOf(p.unitId) ?? p.singular}”` : "Unidade nova"} · plural: {p.plural} · enviada em{" "}
                {formatDate(p.createdAt)}
              </p>
              {p.status === "recusada" && p.reviewNote ? <p className="mt-1 text-sm text-danger">Motivo: {p.reviewNote}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
