import type { loadPayoutsPanel } from "~/domain/payouts/index.server";
import { ExternalLink, FileCheck2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { TextareaField } from "~/components/ui/field";
import { tabLinkClass } from "~/components/ui/tabs";
import { payoutTransferSchema } from "~/domain/payouts";
import { adminHref } from "./tabs";
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { cn } from "~/platform/ui/cn";
import { postedText } from "~/platform/forms/submission";
import { PayoutStatusBadge } from "~/components/payouts/payout-status-badge";
import { InstitutionPayouts } from "./institution-payouts";
import { ProofFields } from "./proof-fields";
import { IntentInput, Pagination, ResultNotice, ScrollTable, tdClass, thClass, useIntentResult, useTabForm } from "./common";

type Data = Awaited<ReturnType<typeof loadPayoutsPanel>>;
type Row = Data["rows"][number];

export function PayoutsTab({ data }: { data: Data }) {
  const pending = data.situation === "pendentes";
  const institutions = data.situation === "instituicoes";
  return (
    <div className="space-y-6">
      <nav aria-label="Situação dos repasses" className="inline-flex flex-wrap gap-1 rounded-2xl bg-sand p-1">
        <Link to={adminHref("repasses")} className={tabLinkClass(pending)} aria-current={pending ? "page" : undefined}>
          Festas pendentes ({data.pendingCount})
        </Link>
        <Link
          to={adminHref("repasses", { situacao: "transferidos" })}
          className={tabLinkClass(data.situation === "transferidos")}
          aria-current={data.situation === "transferidos" ? "page" : undefined}
        >
          Festas transferidas
        </Link>
        <Link
          to={adminHref("repasses", { situacao: "instituicoes" })}
          className={tabLinkClass(institutions)}
          aria-current={institutions ? "page" : undefined}
        >
          Instituições{data.institutions ? ` (${data.institutions.dueCount})` : ""}
        </Link>
      </nav>
      {data.institutions ? <InstitutionPayouts data={data.institutions} today={data.today} /> : <PartyPayouts data={data} />}
    </div>
  );
}

function PartyPayouts({ data }: { data: Data }) {
  const pending = data.situation === "pendentes";
  return (
    <>
      <p className="text-sm text-muted">
        A operadora do cartão paga até 33 dias corridos após o evento; um Pix fica retido {data.pixHoldDays} dias depois de pago (prazo do
        MED). O repasse à instituição vence 3 dias úteis depois (sem fins de semana e feriados nacionais). Taxa da plataforma:{" "}
        {data.feePercent.toLocaleString("pt-BR")}%.
      </p>

      <ResultNotice intents={["markPayoutTransferred"]} />
      {data.rows.length === 0 ? (
        <EmptyState
          title={pending ? "Nenhum repasse pendente." : "Nenhum repasse transferido ainda."}
          description={pending ? "Festas encerradas com doações pagas aparecem aqui." : undefined}
          icon="💸"
        />
      ) : (
        <ScrollTable label="Repasses" minWidth={1100}>
          <thead>
            <tr>
              <th className={thClass}>Festa</th>
              <th className={`${thClass} text-right`}>Bruto</th>
              <th className={`${thClass} text-right`}>Taxa</th>
              <th className={`${thClass} text-right`}>Líquido</th>
              <th className={thClass}>Liquidação</th>
              <th className={thClass}>Prazo do repasse</th>
              <th className={thClass}>{pending ? "Situação" : "Comprovante"}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.partyId} className={row.stage.stage === "atrasado" ? "bg-danger-bg/60" : undefined}>
                <td className={tdClass}>
                  <p className="font-bold text-indigo-800">{row.partyName}</p>
                  <p className="text-xs text-muted">
                    Evento em {formatCalendarDate(row.eventDate)} · {row.paidCount} {row.paidCount === 1 ? "doação" : "doações"}
                  </p>
                  <p className="text-xs text-muted">Criador: {row.creatorName ?? "—"}</p>
                  <p className="text-xs text-muted">
                    Instituição: {row.organizationName ?? row.causeName}
                    {row.organizationEmail ? "" : " (sem e-mail)"}
                  </p>
                </td>
                <td className={`${tdClass} text-right whitespace-nowrap`}>{formatCents(row.grossCents)}</td>
                <td className={`${tdClass} text-right whitespace-nowrap`}>{formatCents(row.feeCents)}</td>
                <td className={`${tdClass} text-right font-extrabold whitespace-nowrap`}>{formatCents(row.netCents)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatCalendarDate(row.settlementDate)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  <span className={cn(row.stage.stage === "atrasado" && "font-extrabold text-danger")}>
                    {formatCalendarDate(row.transferDeadline)}
                  </span>
                </td>
                <td className={tdClass}>{pending ? <PendingCell row={row} today={data.today} /> : <ProofCell row={row} />}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <Pagination
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        href={(p) => adminHref("repasses", { situacao: pending ? null : "transferidos", pagina: p })}
      />
    </>
  );
}

/**
 * "Marcar como transferido", one form per row. Before the card operator settles, the form asks for
 * the reason (required, kept in the audit log); the server decides again with its own date.
 */
function PendingCell({ row, today }: { row: Row; today: string }) {
  const intent = "markPayoutTransferred";
  const early = today < row.settlementDate;
  const [form, fields] = useTabForm(intent, payoutTransferSchema({ settlementDate: early ? row.settlementDate : undefined }), undefined, {
    field: "partyId",
    value: row.partyId,
  });
  // Open after the server refused this row's form (also without JavaScript); a check in the browser
  // happens in a form the admin has just opened.
  const reply = useIntentResult(intent);
  const refused = Boolean(reply && !reply.ok && postedText(reply.result, "partyId") === row.partyId);
  const askReason = early || Boolean(fields.earlyReason.errors);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("partyId") === row.partyId;
  return (
    <div className="space-y-2">
      <PayoutStatusBadge status={row.stage} />
      <details className="group" open={refused || undefined}>
        <summary className="cursor-pointer text-sm font-bold text-indigo-700 hover:underline">Marcar como transferido</summary>
        <Form
          id={form.id}
          method="post"
          encType="multipart/form-data"
          onSubmit={form.onSubmit}
          noValidate
          className="mt-3 w-72 max-w-full space-y-3"
        >
          <IntentInput intent={intent} />
          <input type="hidden" name="partyId" value={row.partyId} />
          <ProofFields formId={form.id} fields={fields} />
          {askReason ? (
            <TextareaField
              label="Motivo do repasse antes da liquidação"
              id={`${form.id}-earlyReason`}
              name="earlyReason"
              required
              rows={3}
              maxLength={500}
              hint={`Liquidação prevista para ${formatCalendarDate(row.settlementDate)}. O motivo fica no registro de auditoria.`}
              defaultValue={fields.earlyReason.initialValue}
              error={fields.earlyReason.errors}
            />
          ) : null}
          <Button type="submit" size="sm" loading={submitting} loadingText="Enviando...">
            Confirmar repasse
          </Button>
          <p className="text-xs text-muted">O criador e a instituição recebem o comprovante por e-mail.</p>
        </Form>
      </details>
    </div>
  );
}

function ProofCell({ row }: { row: Row }) {
  return (
    <div className="space-y-1 text-sm">
      <Badge tone="paid">Transferido{row.transferredAt ? ` em ${formatDate(row.transferredAt)}` : ""}</Badge>
      {row.proofHref ? (
        <a href={row.proofHref} className="flex items-center gap-1.5 font-semibold text-indigo-700 hover:underline">
          <FileCheck2 size={16} strokeWidth={2} aria-hidden="true" />
          {row.proofFileName}
        </a>
      ) : null}
      {row.proofUrl ? (
        <a
          href={row.proofUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-1.5 font-semibold text-indigo-700 hover:underline"
        >
          <ExternalLink size={16} strokeWidth={2} aria-hidden="true" />
          Link do comprovante
        </a>
      ) : null}
    </div>
  );
}
