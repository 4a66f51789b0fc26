import type { loadOrganizationsPanel } from "~/domain/organizations/organizations-panel.server";
import { CircleAlert, CircleCheck, Download, FileText } from "lucide-react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, TextareaField } from "~/components/ui/field";
import { adminHref } from "./tabs";
import {
  APPLICATION_DOCUMENTS,
  APPLICATION_STATUS_LABELS,
  applicationDisplayName,
  applicationReviewSchema,
  compareWithRegistry,
  formatCnpj,
  formatPixKey,
  formatRegistryAddress,
  isActiveRegistryStatus,
  PIX_KEY_TYPE_LABELS,
  REGISTRY_RESULT_LABELS,
} from "~/domain/organizations";
import { formatDate, formatDateTime } from "~/platform/dates";
import { IntentInput, ScrollTable, tdClass, thClass, useSubmittingIntent, useTabForm } from "./common";

type Data = Awaited<ReturnType<typeof loadOrganizationsPanel>>["applications"];
type Reviewing = NonNullable<Data["reviewing"]>;

const STATUS_TONE = { submitted: "pending", changes_requested: "info", approved: "paid", rejected: "danger" } as const;

/** Admin → ONGs → Pedidos: the queue, and the application being reviewed. */
export function InstitutionApplications({ data }: { data: Data }) {
  const { waiting, decided } = data.queue;
  return (
    <section aria-labelledby="pedidos" className="space-y-4">
      <h2 id="pedidos" className="text-xl font-extrabold text-indigo-800">
        Pedidos de cadastro {waiting.length > 0 ? <Badge tone="pending">{waiting.length} aguardando</Badge> : null}
      </h2>
      {data.reviewing ? <ApplicationReview a={data.reviewing} /> : null}
      {waiting.length + decided.length === 0 ? (
        <EmptyState title="Nenhum pedido de cadastro ainda." description="Instituições pedem o cadastro em /ongs/cadastrar." />
      ) : (
        <ScrollTable label="Pedidos de cadastro" minWidth={760}>
          <thead>
            <tr>
              <th className={thClass}>Instituição</th>
              <th className={thClass}>CNPJ</th>
              <th className={thClass}>Receita Federal</th>
              <th className={thClass}>Situação</th>
              <th className={thClass}>Enviado</th>
            </tr>
          </thead>
          <tbody>
            {[...waiting, ...decided].map((a) => (
              <tr key={a.id} className={data.reviewing?.id === a.id ? "bg-coral-50/60" : undefined}>
                <td className={tdClass}>
                  <Link to={adminHref("ongs", { pedido: a.id })} className="font-bold text-indigo-800 underline">
                    {applicationDisplayName(a)}
                  </Link>
                  <p className="text-xs text-muted">
                    {a.city} - {a.state}
                  </p>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatCnpj(a.cnpj)}</td>
                <td className={tdClass}>{REGISTRY_RESULT_LABELS[a.registryResult]}</td>
                <td className={tdClass}>
                  <Badge tone={STATUS_TONE[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(a.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function ApplicationReview({ a }: { a: Reviewing }) {
  const company = a.registryData;
  const rows = compareWithRegistry(a, company);
  const inactive = company ? !isActiveRegistryStatus(company.status) : false;
  return (
    <article aria-labelledby="pedido-titulo" className="space-y-5 rounded-3xl border border-coral-100 bg-white p-5 shadow-soft md:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="pedido-titulo" className="text-2xl">
            {applicationDisplayName(a)}
          </h3>
          <p className="text-sm text-muted">
            CNPJ {formatCnpj(a.cnpj)} · pedido de {a.applicantName ?? "conta removida"} ({a.applicantEmail ?? "—"}) em{" "}
            {formatDateTime(a.createdAt)}
          </p>
        </div>
        <Badge tone={STATUS_TONE[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>
      </header>

      <section aria-labelledby="pedido-receita" className="space-y-3">
        <h4 id="pedido-receita" className="font-extrabold text-indigo-800">
          Receita Federal
        </h4>
        <p className="text-sm">
          <strong>{REGISTRY_RESULT_LABELS[a.registryResult]}</strong>
          {a.registryCheckedAt ? ` em ${formatDateTime(a.registryCheckedAt)}` : ""}
          {company ? (
            <>
              {" "}
              · situação <Badge tone={inactive ? "danger" : "paid"}>{company.status}</Badge>
            </>
          ) : null}
        </p>
        {inactive ? (
          <Alert tone="danger" title="CNPJ inativo">
            <p>Um CNPJ com situação {company!.status} não pode ser aprovado.</p>
          </Alert>
        ) : null}
        <ScrollTable label="Dados digitados e da Receita Federal" minWidth={320}>
          <thead>
            <tr>
              <th className={thClass}>Campo</th>
              <th className={thClass}>Digitado</th>
              <th className={thClass}>Receita Federal</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className={r.differs ? "bg-pending-bg" : undefined}>
                <th scope="row" className={`${tdClass} text-left font-bold`}>
                  {r.label}
                </th>
                <td className={tdClass}>{r.typed || <span className="text-muted">—</span>}</td>
                <td className={tdClass}>
                  {r.registry === null ? (
                    <span className="text-muted">não consultado</span>
                  ) : (
                    r.registry || <span className="text-muted">—</span>
                  )}
                  {r.differs ? (
                    <span className="ml-2 inline-flex items-center gap-1 text-xs font-bold text-pending">
                      <CircleAlert size={14} aria-hidden="true" /> diferente
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        {company ? (
          <p className="text-sm text-muted">
            {company.cnae ? `CNAE ${company.cnae.code} — ${company.cnae.description}. ` : ""}
            {formatRegistryAddress(company.address)}
          </p>
        ) : null}
      </section>

      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-bold">Causa</dt>
        <dd>{a.causeName ?? "—"}</dd>
        <dt className="font-bold">Contato</dt>
        <dd className="break-all">
          {a.contactEmail} · {a.contactPhone}
        </dd>
        <dt className="font-bold">Chave Pix</dt>
        <dd>
          {PIX_KEY_TYPE_LABELS[a.pixKeyType]}: {formatPixKey(a.pixKeyType, a.pixKey)}
          <p
            className={
              a.pixHolder.result === "differs" ? "font-bold text-danger" : a.pixHolder.result === "matches" ? "text-paid" : "text-muted"
            }
          >
            Titular da chave — {a.pixHolder.label}
          </p>
        </dd>
        <dt className="font-bold">Descrição</dt>
        <dd className="whitespace-pre-wrap">{a.description}</dd>
      </dl>

      <section aria-labelledby="pedido-documentos">
        <h4 id="pedido-documentos" className="font-extrabold text-indigo-800">
          Documentos
        </h4>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {a.documents.map((d) => (
            <li key={d.kind}>
              <a
                href={`/admin/ongs/pedidos/${a.id}/documentos/${d.kind}`}
                className="flex items-center gap-2 rounded-xl border border-coral-100 p-3 text-sm font-bold text-indigo-800 hover:bg-coral-50"
              >
                <FileText size={18} aria-hidden="true" className="shrink-0" />
                <span className="min-w-0 flex-1">{APPLICATION_DOCUMENTS[d.kind].label}</span>
                <Download size={16} aria-hidden="true" className="shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      </section>

      {a.status === "submitted" ? <ReviewForm a={a} inactive={inactive} /> : <Decided a={a} />}
    </article>
  );
}

function Decided({ a }: { a: Reviewing }) {
  return (
    <p className="flex gap-2 rounded-xl bg-sand p-3 text-sm">
      <CircleCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
      {APPLICATION_STATUS_LABELS[a.status]} em {a.reviewedAt ? formatDateTime(a.reviewedAt) : "—"}
      {a.reviewReason ? `: ${a.reviewReason}` : "."}
    </p>
  );
}

function ReviewForm({ a, inactive }: { a: Reviewing; inactive: boolean }) {
  const intent = "reviewApplication";
  const [form, fields] = useTabForm(intent, applicationReviewSchema, undefined, { field: "id", value: a.id });
  const sending = useSubmittingIntent(intent);
  const found = a.registryResult === "found";
  return (
    <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="space-y-4 rounded-2xl bg-indigo-50 p-4">
      <IntentInput intent={intent} />
      <input type="hidden" name="id" value={a.id} />
      <h4 className="font-extrabold text-indigo-800">Decisão</h4>
      {found ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="registryChecked" className="mt-1 h-4 w-4 accent-indigo-700" />
          <span>Conferi os dados da Receita Federal com o cartão CNPJ e os documentos.</span>
        </label>
      ) : null}
      <TextareaField
        label={found ? "Se não foi possível conferir a Receita, por quê?" : "A Receita não foi consultada: como o CNPJ foi conferido? *"}
        name="noRegistryReason"
        rows={2}
        maxLength={1000}
        defaultValue={fields.noRegistryReason.initialValue}
        error={fields.noRegistryReason.errors}
      />
      <TextareaField
        label="Nota da aprovação (o que foi conferido) *"
        name="note"
        rows={2}
        maxLength={1000}
        hint="Fica no registro de auditoria e na verificação da instituição."
        defaultValue={fields.note.initialValue}
        error={fields.note.errors}
      />
      <TextareaField
        label="Motivo (para ajustes ou recusa) *"
        name="reason"
        rows={2}
        maxLength={2000}
        hint="Vai por e-mail para quem fez o pedido."
        defaultValue={fields.reason.initialValue}
        error={fields.reason.errors}
      />
      <FieldError error={form.errors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="decision" value="aprovar" disabled={inactive} loading={sending}>
          Aprovar
        </Button>
        <Button type="submit" name="decision" value="ajustes" variant="secondary">
          Pedir ajustes
        </Button>
        <Button type="submit" name="decision" value="recusar" variant="dangerOutline">
          Recusar
        </Button>
      </div>
    </Form>
  );
}
