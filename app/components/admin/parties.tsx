import type { loadPartiesPanel } from "~/domain/parties/party-admin.server";
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { partyUpdateSchema } from "~/domain/parties/party-admin-form";
import { adminHref } from "./tabs";
import { formatCalendarDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { EVENT_TYPES, partyVisibility } from "~/domain/parties";
import {
  EditAndActiveCell,
  IntentInput,
  Pagination,
  ResultNotice,
  ScrollTable,
  tdClass,
  thClass,
  useSavedKey,
  useSubmittingIntent,
  useTabForm,
} from "./common";
import { CancelPartyCell } from "./refunds";
import { MovePartyForm } from "./party-move";
import { MatchPledgeForm, MatchPledgeList, type PledgeRow } from "./match-pledges";
import { CampaignList, type CampaignRow } from "./campaigns";
import { UnpaidPledges } from "./unpaid-pledges";

type Data = Awaited<ReturnType<typeof loadPartiesPanel>>;

export function PartiesTab({
  data,
  pledges = [],
  unpaidPledges = [],
  campaigns = [],
}: {
  data: Data;
  pledges?: PledgeRow[];
  unpaidPledges?: PledgeRow[];
  campaigns?: CampaignRow[];
}) {
  const { q, rows, page, pageSize, total, editing, withoutInstitution, onlyWithoutInstitution } = data;
  const sem = onlyWithoutInstitution ? "instituicao" : null;
  const savedKey = useSavedKey("updateParty", editing?.id);
  const cancelKey = useSavedKey("cancelParty");
  const moveKey = useSavedKey("moveParty", editing?.id);
  const pledgeKey = useSavedKey("createMatchPledge", editing?.id);
  return (
    <div className="space-y-6">
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft"
      >
        <TextField
          label="Buscar festas"
          name="q"
          defaultValue={q}
          placeholder="Nome, código, criador ou e-mail"
          className="w-full sm:w-96"
        />
        <Button type="submit" variant="secondary">
          <Search size={18} strokeWidth={2} aria-hidden="true" />
          Buscar
        </Button>
      </Form>

      {withoutInstitution > 0 || onlyWithoutInstitution ? (
        <Alert tone={withoutInstitution > 0 ? "danger" : "info"} title={withoutInstitutionTitle(withoutInstitution)}>
          {withoutInstitution > 0 ? <p>As doações destas festas não têm quem as receba: escolha a instituição de cada uma.</p> : null}
          <Link
            to={onlyWithoutInstitution ? adminHref("festas", { q }) : adminHref("festas", { q, sem: "instituicao" })}
            className="mt-1 inline-block font-bold text-indigo-700 underline underline-offset-2"
          >
            {onlyWithoutInstitution ? "Ver todas as festas" : "Ver só as festas sem instituição"}
          </Link>
        </Alert>
      ) : null}
      <ResultNotice intents={["toggleParty", "cancelParty", "createMatchPledge", "cancelMatchPledge"]} />
      {editing ? (
        <>
          <EditPartyForm key={savedKey} party={editing} closeHref={adminHref("festas", { q, sem, pagina: page > 1 ? page : null })} />
          <MovePartyForm key={moveKey} party={editing} institutions={data.institutions} />
          <MatchPledgeForm key={pledgeKey} party={editing} />
        </>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState title="Nenhuma festa encontrada." description={q ? "Tente buscar por outro nome." : undefined} />
      ) : (
        <ScrollTable label="Festas" minWidth={980}>
          <thead>
            <tr>
              <th className={thClass}>Festa</th>
              <th className={thClass}>Criador</th>
              <th className={thClass}>Data</th>
              <th className={thClass}>Causa</th>
              <th className={`${thClass} text-right`}>Arrecadado</th>
              <th className={thClass}>Situação</th>
              <th className={thClass}>Ações</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const visibility = partyVisibility(p);
              return (
                <tr key={p.id} className={editing?.id === p.id ? "bg-coral-50/60" : undefined}>
                  <td className={tdClass}>
                    <Link to={`/festa/${p.shareCode}`} className="font-bold text-indigo-800 underline-offset-2 hover:underline">
                      {p.name}
                    </Link>
                    <p className="text-xs text-muted">
                      {p.eventType} · código {p.shareCode}
                    </p>
                  </td>
                  <td className={tdClass}>
                    {p.creatorName ?? <span className="text-muted">—</span>}
                    {p.creatorEmail ? <p className="text-xs whitespace-nowrap text-muted">{p.creatorEmail}</p> : null}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatCalendarDate(p.eventDate)}</td>
                  <td className={tdClass}>
                    {p.causeName}
                    {p.organizationName ? (
                      <p className="text-xs text-muted">{p.organizationName}</p>
                    ) : (
                      <Badge tone="danger" className="mt-1 whitespace-nowrap">
                        sem instituição
                      </Badge>
                    )}
                  </td>
                  <td className={`${tdClass} text-right whitespace-nowrap`}>
                    <span className="font-bold">{formatCents(p.raisedCents)}</span>
                    <p className="text-xs text-muted">{p.goalCents > 0 ? `meta ${formatCents(p.goalCents)}` : "sem meta"}</p>
                  </td>
                  <td className={tdClass}>
                    {visibility === "live" ? (
                      <Badge tone="paid" className="whitespace-nowrap">
                        no ar
                      </Badge>
                    ) : visibility === "ended" ? (
                      <Badge tone="info" className="whitespace-nowrap">
                        encerrada
                      </Badge>
                    ) : (
                      <Badge tone="danger" className="whitespace-nowrap">
                        desativada
                      </Badge>
                    )}
                  </td>
                  <td className={tdClass}>
                    <EditAndActiveCell
                      editHref={adminHref("festas", { q, sem, pagina: page > 1 ? page : null, editar: p.id })}
                      toggleIntent="toggleParty"
                      id={p.id}
                      active={p.active}
                      label={p.name}
                    />
                    <CancelPartyCell key={`${cancelKey}-${p.id}`} party={p} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} href={(n) => adminHref("festas", { q, sem, pagina: n })} />
      <UnpaidPledges pledges={unpaidPledges} />
      <MatchPledgeList pledges={pledges} />
      <CampaignList campaigns={campaigns} />
    </div>
  );
}

function withoutInstitutionTitle(n: number) {
  if (n === 0) return "Todas as festas têm uma instituição.";
  return n === 1 ? "1 festa sem instituição" : `${n.toLocaleString("pt-BR")} festas sem instituição`;
}

function centsToInput(cents: number) {
  return cents > 0 ? (cents / 100).toFixed(2).replace(".", ",") : "";
}

/** Remounted after each save, so it shows what was saved (see useSavedKey). */
function EditPartyForm({ party, closeHref }: { party: NonNullable<Data["editing"]>; closeHref: string }) {
  const [form, fields] = useTabForm("updateParty", partyUpdateSchema, {
    id: party.id,
    name: party.name,
    eventType: party.eventType,
    eventDate: party.eventDate,
    goal: centsToInput(party.goalCents),
    message: party.message ?? "",
  });
  const submitting = useSubmittingIntent("updateParty");
  return (
    <Card>
      <CardTitle>Editar festa</CardTitle>
      <p className="mt-1 text-sm text-muted">As mudanças aparecem na página da festa assim que você salvar.</p>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
        <IntentInput intent="updateParty" />
        <input type="hidden" name="id" value={party.id} />
        <TextField
          label="Nome da festa"
          name="name"
          required
          maxLength={120}
          defaultValue={fields.name.initialValue}
          error={fields.name.errors}
          className="md:col-span-2"
        />
        <SelectField
          label="Tipo de evento"
          name="eventType"
          required
          defaultValue={fields.eventType.initialValue}
          error={fields.eventType.errors}
        >
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Data do evento"
          name="eventDate"
          type="date"
          required
          defaultValue={fields.eventDate.initialValue}
          error={fields.eventDate.errors}
        />
        <div className="text-sm">
          <p className="font-bold text-indigo-800">Instituição e causa</p>
          <p className="mt-1" data-testid="admin-festa-instituicao">
            {party.organizationName ?? "Sem instituição"} · {party.causeName}
          </p>
          <p className="mt-1 text-xs text-muted">A causa é sempre a da instituição. Para trocar, use “Mudar de instituição” abaixo.</p>
        </div>
        <TextField
          label="Meta (R$)"
          name="goal"
          inputMode="decimal"
          placeholder="1.500,00"
          defaultValue={fields.goal.initialValue}
          error={fields.goal.errors}
        />
        <TextareaField
          label="Por que escolhi essa ONG/Causa"
          name="message"
          maxLength={1000}
          rows={4}
          defaultValue={fields.message.initialValue}
          error={fields.message.errors}
          className="md:col-span-2"
        />
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit" loading={submitting} loadingText="Salvando...">
            Salvar alterações
          </Button>
          <Link to={closeHref} className={buttonVariants({ variant: "secondary" })}>
            Fechar
          </Link>
        </div>
      </Form>
    </Card>
  );
}
