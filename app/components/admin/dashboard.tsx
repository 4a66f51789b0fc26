import type { loadDashboardPanel } from "~/domain/content/dashboard.server";
import { CalendarHeart, HandCoins, HeartHandshake, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DonationStatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { TextField } from "~/components/ui/field";
import { Progress } from "~/components/ui/progress";
import { familiesHelpedSchema } from "~/domain/content/content-forms";
import { adminHref } from "./tabs";
import { formatCalendarDate, formatDateTime } from "~/platform/dates";
import { formatCents, formatPercent } from "~/platform/money";
import { cn } from "~/platform/ui/cn";
import { Alert } from "~/components/ui/alert";
import { IntentInput, ResultNotice, ScrollTable, SectionTitle, StatCard, tdClass, thClass, useSavedKey, useTabForm } from "./common";
import { countOf } from "~/platform/plural";
import { MonthlyNudgeFigure } from "./monthly-nudge-figure";

const icon = { size: 22, strokeWidth: 2 } as const;

export function DashboardTab({ data }: { data: Awaited<ReturnType<typeof loadDashboardPanel>> }) {
  const { stats, parties, latest, balances, reconcile } = data;
  const negative = balances.filter((b) => b.balanceCents < 0);
  const savedKey = useSavedKey("setFamiliesHelped");
  return (
    <div className="space-y-10">
      <ResultNotice intents={["setFamiliesHelped"]} />
      <section aria-label="Números gerais" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Total arrecadado"
          value={formatCents(stats.totalRaisedCents)}
          hint="Doações pagas, menos reembolsos e contestações"
          icon={<HandCoins {...icon} />}
        />
        <StatCard
          label="Doações"
          value={stats.paidDonations.toLocaleString("pt-BR")}
          hint="Doações pagas"
          icon={<HeartHandshake {...icon} />}
        />
        <StatCard
          label="Campanhas ativas"
          value={stats.activeParties.toLocaleString("pt-BR")}
          hint="Festas no ar, listadas abaixo"
          icon={<CalendarHeart {...icon} />}
        />
        <StatCard
          label="Assinantes ativos"
          value={stats.activeSubscribers.toLocaleString("pt-BR")}
          hint="Assinaturas ativas do Assine o Bem"
          icon={<Users {...icon} />}
        />
      </section>

      <MonthlyNudgeFigure conversion={data.nudge} />

      <section aria-labelledby="conciliacao" className="space-y-3">
        <SectionTitle className="mb-2">
          <span id="conciliacao">Conciliação e saldos</span>
        </SectionTitle>
        {!reconcile ? (
          <Alert tone="info" title="A conciliação ainda não rodou">
            Ela roda todo dia de madrugada; rode agora na aba{" "}
            <Link to={adminHref("conciliacao")} className="font-bold underline">
              Conciliação
            </Link>
            .
          </Alert>
        ) : reconcile.ok ? (
          <Alert tone="success" title="Conciliação sem divergências">
            Última em {formatDateTime(new Date(reconcile.ranAt))}: livro-caixa, totais das festas, saldos e provedor conferem.
          </Alert>
        ) : (
          <Alert tone="danger" title={`Conciliação com ${countOf(reconcile.count, { one: "divergência", other: "divergências" })}`}>
            <p>
              Última em {formatDateTime(new Date(reconcile.ranAt))}. Veja todas na aba{" "}
              <Link to={adminHref("conciliacao")} className="font-bold underline">
                Conciliação
              </Link>
              .
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {reconcile.first.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {negative.map((b) => (
          <Alert key={b.organizationId ?? "none"} tone="danger" title={`Saldo negativo: ${b.name ?? "sem instituição"}`}>
            {formatCents(b.balanceCents)}: um reembolso ou contestação chegou depois do repasse. O valor deve ser descontado do próximo
            repasse ou cobrado da instituição.
          </Alert>
        ))}
        {balances.length > 0 ? (
          <ScrollTable label="Saldos das instituições" minWidth={560}>
            <thead>
              <tr>
                <th className={thClass}>Instituição</th>
                <th className={`${thClass} text-right`}>Líquido pago</th>
                <th className={`${thClass} text-right`}>Estornos</th>
                <th className={`${thClass} text-right`}>Repassado</th>
                <th className={`${thClass} text-right`}>Saldo a repassar</th>
              </tr>
            </thead>
            <tbody>
              {balances.map((b) => (
                <tr key={b.organizationId ?? "none"}>
                  <td className={cn(tdClass, "min-w-48 font-bold text-ink")}>{b.name ?? "Sem instituição"}</td>
                  <td className={`${tdClass} text-right`}>{formatCents(b.paidNetCents)}</td>
                  <td className={`${tdClass} text-right`}>{formatCents(b.takenBackNetCents)}</td>
                  <td className={`${tdClass} text-right`}>{formatCents(b.payoutNetCents)}</td>
                  <td className={cn(tdClass, "text-right font-extrabold", b.balanceCents < 0 ? "text-danger" : "text-indigo-800")}>
                    {formatCents(b.balanceCents)}
                    {b.balanceCents < 0 ? " (negativo)" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ) : null}
      </section>

      <FamiliesHelpedForm key={savedKey} families={data.families} />

      <section aria-labelledby="festas-ativas">
        <SectionTitle className="mb-4">
          <span id="festas-ativas">Festas ativas</span>
        </SectionTitle>
        {parties.length === 0 ? (
          <EmptyState title="Nenhuma festa ativa no momento." />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {parties.map((p) => (
              <li key={p.id}>
                <Card padding="md">
                  <p className="font-extrabold text-indigo-800">{p.name}</p>
                  <p className="mt-1 text-sm text-muted">
                    {p.eventType} · {formatCalendarDate(p.eventDate)}
                  </p>
                  <p className="mt-3 text-sm">
                    <span className="font-bold text-ink">{formatCents(p.raisedCents)}</span>
                    <span className="text-muted"> {p.goalCents > 0 ? `de ${formatCents(p.goalCents)}` : "· sem meta"}</span>
                  </p>
                  {p.goalCents > 0 ? (
                    <>
                      <Progress value={p.progress} label={`Progresso de ${p.name}`} className="mt-2" />
                      <p className="mt-1 text-xs font-semibold text-muted">{formatPercent(p.progress, 1)} da meta</p>
                    </>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ultimas-doacoes">
        <SectionTitle className="mb-4">
          <span id="ultimas-doacoes">Últimas doações</span>
        </SectionTitle>
        {latest.length === 0 ? (
          <EmptyState title="Nenhuma doação paga ainda." />
        ) : (
          <ul className="divide-y divide-coral-100 rounded-2xl border border-coral-100 bg-white shadow-soft">
            {latest.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3">
                <div className="min-w-0">
                  <p className="font-bold break-words text-ink">{d.anonymous || !d.donorName ? "Doação Anônima" : d.donorName}</p>
                  <p className="text-xs text-muted">
                    {formatDateTime(d.paidAt ?? d.createdAt)}
                    {d.partyName ? ` · ${d.partyName}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-extrabold text-indigo-800">{formatCents(d.amountCents)}</span>
                  <DonationStatusBadge status={d.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * Remounted after each save, so it shows the saved figure (see useSavedKey). The figure is copied
 * from an institution's report: its source and date are shown beside it on every page.
 */
function FamiliesHelpedForm({ families }: { families: { count: number; source: string; reportedOn: string } }) {
  const [form, fields] = useTabForm("setFamiliesHelped", familiesHelpedSchema, {
    familiesHelped: String(families.count),
    familiesSource: families.source,
    familiesReportedOn: families.reportedOn,
  });
  return (
    <Card padding="md">
      <Form
        id={form.id}
        method="post"
        onSubmit={form.onSubmit}
        noValidate
        className="grid items-start gap-4 md:grid-cols-[10rem_1fr_11rem_auto]"
      >
        <IntentInput intent="setFamiliesHelped" />
        <TextField
          label="Famílias ajudadas"
          name="familiesHelped"
          inputMode="numeric"
          required
          defaultValue={fields.familiesHelped.initialValue}
          error={fields.familiesHelped.errors}
        />
        <TextField
          label="Fonte"
          name="familiesSource"
          required
          maxLength={120}
          defaultValue={fields.familiesSource.initialValue}
          error={fields.familiesSource.errors}
          hint="Aparece como “Segundo …”, ex.: o relatório anual da AADORA."
        />
        <TextField
          label="Data do relatório"
          name="familiesReportedOn"
          type="date"
          required
          defaultValue={fields.familiesReportedOn.initialValue}
          error={fields.familiesReportedOn.errors}
        />
        <Button type="submit" variant="secondary" size="md" className="md:mt-7">
          Salvar
        </Button>
      </Form>
      <p className="mt-2 text-sm text-muted">Mostrado na página inicial, em Histórias e em Transparência, sempre com a fonte e a data.</p>
    </Card>
  );
}
