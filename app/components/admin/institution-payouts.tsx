import type { loadPayoutsPanel } from "~/domain/payouts/index.server";
import { ExternalLink, FileCheck2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextareaField } from "~/components/ui/field";
import { institutionPayoutTransferSchema } from "~/domain/payouts";
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { postedText } from "~/platform/forms/submission";
import { formatCents } from "~/platform/money";
import { ProofFields } from "./proof-fields";
import { IntentInput, ResultNotice, useIntentResult, useTabForm } from "./common";

type Institution = NonNullable<Awaited<ReturnType<typeof loadPayoutsPanel>>["institutions"]>["institutions"][number];
type Batch = Institution["dueNow"];

const INTENT = "markInstitutionPayoutTransferred";

function counts(t: { gifts: number; charges: number }) {
  const parts = [
    t.gifts ? `${t.gifts} ${t.gifts === 1 ? "doação direta" : "doações diretas"}` : null,
    t.charges ? `${t.charges} ${t.charges === 1 ? "mensalidade" : "mensalidades"}` : null,
  ].filter(Boolean);
  return parts.join(" e ") || "estornos";
}

/** Repasses às instituições (decision 152): per institution, due now, upcoming and transferred. */
export function InstitutionPayouts({
  data,
  today,
}: {
  data: NonNullable<Awaited<ReturnType<typeof loadPayoutsPanel>>["institutions"]>;
  today: string;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Doações diretas (/doar) e mensalidades do Assine o Bem: cartão liquida 33 dias corridos após o pagamento; Pix: liberado após{" "}
        {data.pixHoldDays} dias (prazo do MED). O repasse vence 3 dias úteis depois da liquidação. Doações de festas são repassadas por
        festa; um estorno ou MED que chega depois do repasse da festa é descontado aqui.
      </p>
      <ResultNotice intents={[INTENT]} />
      {data.institutions.length === 0 ? (
        <EmptyState
          title="Nenhum valor para repassar às instituições."
          description="Doações diretas e mensalidades aparecem aqui."
          icon="💸"
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {data.institutions.map((org) => (
            <li key={org.id}>
              <InstitutionCard org={org} today={today} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InstitutionCard({ org, today }: { org: Institution; today: string }) {
  const { dueNow } = org;
  return (
    <section
      aria-labelledby={`org-${org.id}`}
      className="space-y-3 rounded-2xl border border-coral-100 bg-white p-4 shadow-sm"
      data-testid="institution-payout"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`org-${org.id}`} className="font-extrabold text-indigo-800">
            {org.name}
            {org.isMain ? <span className="ml-2 text-xs font-bold text-muted">(principal: Assine o Bem)</span> : null}
          </h3>
          <p className="text-xs break-all text-muted">
            Pix: {org.pixKey ?? "sem chave cadastrada"} · {org.email ?? "sem e-mail"}
          </p>
        </div>
        {dueNow.netCents > 0 ? org.overdue ? <Badge tone="danger">Atrasado</Badge> : <Badge tone="info">Pronto para repassar</Badge> : null}
      </header>

      {dueNow.netCents > 0 ? (
        <div>
          <p className="text-sm text-muted">A repassar agora</p>
          <p className="text-2xl font-extrabold text-indigo-800">{formatCents(dueNow.netCents)}</p>
          <p className="text-xs text-muted">
            {formatCents(dueNow.grossCents)} − taxa {formatCents(dueNow.feeCents)} · {counts(dueNow)}
          </p>
          {dueNow.firstDue && dueNow.deadline ? (
            <p className={org.overdue ? "text-sm font-bold text-danger" : "text-sm"}>
              Liquidado desde {formatCalendarDate(dueNow.firstDue)} · prazo {formatCalendarDate(dueNow.deadline)}
            </p>
          ) : null}
        </div>
      ) : dueNow.netCents < 0 ? (
        <Alert tone="danger" title={`Saldo negativo: ${formatCents(dueNow.netCents)}`}>
          Um reembolso ou contestação chegou depois do repasse. O valor será descontado do próximo repasse.
        </Alert>
      ) : (
        <p className="text-sm text-muted">Nada liquidado a repassar hoje.</p>
      )}

      {org.debt.medCents > 0 ? (
        <p className="text-sm font-bold text-danger">Débito de MED: {formatCents(org.debt.medCents)} (descontado no próximo repasse)</p>
      ) : null}
      {org.debt.otherCents > 0 ? (
        <p className="text-sm font-bold text-danger">
          Débito de estornos: {formatCents(org.debt.otherCents)} (descontado no próximo repasse)
        </p>
      ) : null}

      {org.upcoming.length > 0 ? (
        <div>
          <p className="text-sm font-bold text-indigo-800">A liquidar</p>
          <ul className="text-sm">
            {org.upcoming.map((u) => (
              <li key={u.date} className="flex justify-between gap-3 border-b border-coral-50 py-1">
                <span>
                  {formatCalendarDate(u.date)} <span className="text-xs text-muted">({counts(u)})</span>
                </span>
                <span className="font-bold whitespace-nowrap">{formatCents(u.netCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {org.options.length > 0 ? <TransferForm org={org} today={today} /> : null}

      {org.transfers.length > 0 ? (
        <div>
          <p className="text-sm font-bold text-indigo-800">Transferidos</p>
          <ul className="space-y-1 text-sm">
            {org.transfers.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-coral-50 py-1">
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone="paid">Transferido{t.transferredAt ? ` em ${formatDate(t.transferredAt)}` : ""}</Badge>
                  <span className="font-bold">{formatCents(t.netCents)}</span>
                  {t.periodEnd ? <span className="text-xs text-muted">liquidado até {formatCalendarDate(t.periodEnd)}</span> : null}
                </span>
                {t.proofHref ? (
                  <a href={t.proofHref} className="flex items-center gap-1.5 font-semibold text-indigo-700 hover:underline">
                    <FileCheck2 size={16} strokeWidth={2} aria-hidden="true" />
                    {t.proofFileName}
                  </a>
                ) : t.proofUrl ? (
                  <a
                    href={t.proofUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex items-center gap-1.5 font-semibold text-indigo-700 hover:underline"
                  >
                    <ExternalLink size={16} strokeWidth={2} aria-hidden="true" />
                    Link do comprovante
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function optionLabel(batch: Batch, today: string) {
  const when = batch.cutoff <= today ? "Liquidado até hoje" : `Antecipar: até ${formatCalendarDate(batch.cutoff)}`;
  return `${when} · ${formatCents(batch.netCents)}`;
}

/**
 * "Marcar como transferido": what to pay (what settled by today, or, early and with a reason, up
 * to a later settlement day), and the proof. The server checks the amount and the dates again.
 */
function TransferForm({ org, today }: { org: Institution; today: string }) {
  const [form, fields] = useTabForm(INTENT, institutionPayoutTransferSchema, undefined, { field: "organizationId", value: org.id });
  const reply = useIntentResult(INTENT);
  const refused = Boolean(reply && !reply.ok && postedText(reply.result, "organizationId") === org.id);
  const mayBeEarly = org.options.some((b) => b.cutoff > today);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("organizationId") === org.id;
  return (
    <details className="group" open={refused || undefined}>
      <summary className="cursor-pointer text-sm font-bold text-indigo-700 hover:underline">Marcar como transferido</summary>
      <Form id={form.id} method="post" encType="multipart/form-data" onSubmit={form.onSubmit} noValidate className="mt-3 space-y-3">
        <IntentInput intent={INTENT} />
        <input type="hidden" name="organizationId" value={org.id} />
        <input type="hidden" name="idempotencyKey" value={org.idempotencyKey} />
        <SelectField label="Valor transferido" id={`${form.id}-batch`} name="batch" error={fields.batch.errors}>
          {org.options.map((b) => (
            <option key={b.cutoff} value={`${b.cutoff}:${b.netCents}`}>
              {optionLabel(b, today)}
            </option>
          ))}
        </SelectField>
        <ProofFields formId={form.id} fields={fields} />
        {mayBeEarly || fields.earlyReason.errors ? (
          <TextareaField
            label="Motivo, se antecipar valores ainda não liquidados"
            id={`${form.id}-earlyReason`}
            name="earlyReason"
            rows={3}
            maxLength={500}
            hint="Obrigatório só ao antecipar. O motivo fica no registro de auditoria."
            defaultValue={fields.earlyReason.initialValue}
            error={fields.earlyReason.errors}
          />
        ) : null}
        <Button type="submit" size="sm" loading={submitting} loadingText="Enviando...">
          Confirmar repasse
        </Button>
        <p className="text-xs text-muted">A instituição recebe o comprovante por e-mail.</p>
      </Form>
    </details>
  );
}
