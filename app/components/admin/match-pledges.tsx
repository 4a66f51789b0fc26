/**
 * Festas → "Patrocínio em dobro" (decision 215): an admin creates a sponsor's matching pledge for
 * the party being edited (active at once), and the list of pledges with what each has promised.
 * A <details> form, so it works without JavaScript; opened again when the server refuses it.
 */
import { HandCoins } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field";
import { PledgeTermsFields } from "~/components/matching/pledge-fields";
import { pledgeCreateSchema, RATIO_CHOICES } from "~/domain/matching/pledge-form";
import type { PledgeStatus } from "~/domain/matching/pledge-status";
import { formatCents } from "~/platform/money";
import { formatDate } from "~/platform/dates";
import { IntentInput, ScrollTable, tdClass, thClass, useIntentResult, useSubmittingIntent, useTabForm } from "./common";

export type PledgeRow = {
  id: string;
  partyName: string;
  partyCode: string;
  sponsorName: string;
  ratioPercent: number;
  capCents: number;
  matchedCents: number;
  /** What the sponsor paid (the ledger) and still owes (decision 220). */
  paidCents: number;
  dueCents: number;
  hasEmail: boolean;
  status: PledgeStatus;
  deadline: Date | string;
  paymentRequestedAt: Date | string | null;
};

export const STATUS_LABEL: Record<PledgeStatus, string> = {
  pendente_confirmacao: "aguardando patrocinador",
  ativa: "ativa",
  encerrada: "encerrada",
  cancelada: "cancelada",
};

export function MatchPledgeForm({ party }: { party: { id: string; name: string } }) {
  const intent = "createMatchPledge";
  const [form, fields] = useTabForm(intent, pledgeCreateSchema, undefined, { field: "partyId", value: party.id });
  const reply = useIntentResult(intent);
  const submitting = useSubmittingIntent(intent);
  return (
    <Card data-testid="patrocinio-em-dobro">
      <details open={Boolean(reply && !reply.ok) || undefined}>
        <summary className="flex cursor-pointer items-center gap-2 font-bold text-indigo-700">
          <HandCoins size={18} strokeWidth={2} aria-hidden="true" />
          Patrocínio em dobro
        </summary>
        <CardTitle className="mt-4">Um patrocinador dobra as doações de “{party.name}”</CardTitle>
        <p className="mt-1 text-sm text-muted">
          Cada doação paga até a data final soma o valor escolhido, até o teto. Fica ativo ao salvar. O valor dobrado é uma promessa do
          patrocinador: não entra na arrecadação até ele pagar.
        </p>
        <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
          <IntentInput intent={intent} />
          <input type="hidden" name="partyId" value={party.id} />
          <PledgeTermsFields
            fields={fields}
            idPrefix={form.id}
            email={{ label: "E-mail do patrocinador (opcional)", required: false }}
            deadline={{}}
          />
          <FieldError error={form.errors} />
          <div className="md:col-span-2">
            <Button type="submit" loading={submitting} loadingText="Salvando...">
              Ativar patrocínio
            </Button>
          </div>
        </Form>
      </details>
    </Card>
  );
}

export function MatchPledgeList({ pledges }: { pledges: PledgeRow[] }) {
  if (pledges.length === 0) return null;
  return (
    <ScrollTable label="Patrocínios em dobro" minWidth={960}>
      <thead>
        <tr>
          <th className={thClass}>Festa</th>
          <th className={thClass}>Patrocinador</th>
          <th className={`${thClass} text-right`}>Prometido / teto</th>
          <th className={`${thClass} text-right`}>Pago</th>
          <th className={`${thClass} text-right`}>A receber</th>
          <th className={thClass}>Prazo</th>
          <th className={thClass}>Situação</th>
          <th className={thClass}>Ações</th>
        </tr>
      </thead>
      <tbody>
        {pledges.map((p) => (
          <tr key={p.id}>
            <td className={tdClass}>
              {p.partyName}
              <p className="text-xs text-muted">código {p.partyCode}</p>
            </td>
            <td className={tdClass}>
              {p.sponsorName}
              <p className="text-xs text-muted">{RATIO_CHOICES.find((c) => c.percent === p.ratioPercent)?.label ?? `${p.ratioPercent}%`}</p>
            </td>
            <td className={`${tdClass} text-right whitespace-nowrap`}>
              {formatCents(p.matchedCents)} / {formatCents(p.capCents)}
            </td>
            <td className={`${tdClass} text-right whitespace-nowrap`}>{formatCents(p.paidCents)}</td>
            <td className={`${tdClass} text-right whitespace-nowrap`}>{formatCents(p.dueCents)}</td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDate(p.deadline)}</td>
            <td className={tdClass}>
              <Badge tone={p.status === "ativa" ? "paid" : "info"}>{STATUS_LABEL[p.status]}</Badge>
            </td>
            <td className={tdClass}>
              {p.status === "ativa" ? (
                <Form method="post">
                  <IntentInput intent="cancelMatchPledge" />
                  <input type="hidden" name="pledgeId" value={p.id} />
                  <Button type="submit" size="sm" variant="secondary">
                    Cancelar
                  </Button>
                </Form>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
