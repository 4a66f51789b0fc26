import type { loadRecoveriesPanel } from "~/domain/subscriptions/index.server";
import { RotateCcw } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents, formatPercent } from "~/platform/money";
import { IntentInput, ResultNotice, ScrollTable, SectionTitle, tdClass, thClass, useSubmittingIntent } from "./common";

type Data = Awaited<ReturnType<typeof loadRecoveriesPanel>>;

const share = (value: number | null) => (value === null ? "—" : formatPercent(value * 100, 0));
// Intl, not the shared month names: those would join every page's shell chunk (the party page's budget).
const shortMonth = new Intl.DateTimeFormat("pt-BR", { month: "short", timeZone: "UTC" });
const monthLabel = (key: string) =>
  `${shortMonth.format(new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, 15))).replace(".", "")}/${key.slice(0, 4)}`;

/** Admin → Assinaturas: plans in recovery ("em atraso", "suspensa") with "Tentar agora", and the recovered share by month (issue 30). */
export function RecoveriesTab({ data }: { data: Data }) {
  const { rows, figures } = data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="recuperacao-taxa">
        <SectionTitle className="mb-2">
          <span id="recuperacao-taxa">Ciclos recuperados</span>
        </SectionTitle>
        <p className="mb-4 max-w-3xl text-sm text-muted">
          De cada mês em que uma mensalidade falhou pela primeira vez: quantas foram pagas depois (nova tentativa, novo cartão ou Pix do
          link). Recuperados ÷ com falha, sempre contados assim, para comparar um mês com outro. Ciclos ainda em aberto contam como não
          recuperados até se resolverem.
        </p>
        <p className="mb-4 text-lg font-extrabold text-indigo-800" data-testid="recovered-share">
          Últimos 6 meses: {share(figures.total.share)} recuperados ({figures.total.recovered} de {figures.total.failed})
        </p>
        <ScrollTable label="Ciclos recuperados por mês" minWidth={560}>
          <thead>
            <tr>
              <th className={thClass}>Mês da falha</th>
              <th className={thClass}>Com falha</th>
              <th className={thClass}>Recuperados</th>
              <th className={thClass}>Suspensos</th>
              <th className={thClass}>Em aberto</th>
              <th className={thClass}>Taxa</th>
            </tr>
          </thead>
          <tbody>
            {figures.months.map((m) => (
              <tr key={m.month}>
                <td className={tdClass}>{monthLabel(m.month)}</td>
                <td className={tdClass}>{m.failed}</td>
                <td className={tdClass}>{m.recovered}</td>
                <td className={tdClass}>{m.suspended}</td>
                <td className={tdClass}>{m.open}</td>
                <td className={`${tdClass} font-bold`}>{share(m.share)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </section>

      <section aria-labelledby="recuperacao-lista">
        <SectionTitle className="mb-4">
          <span id="recuperacao-lista">Planos em recuperação</span>
        </SectionTitle>
        <ResultNotice intents={["retryRecovery"]} />
        {rows.length === 0 ? (
          <EmptyState
            title="Nenhum plano em atraso."
            description="Quando uma mensalidade falhar, o plano aparece aqui até ser pago."
            icon="✅"
          />
        ) : (
          <ScrollTable label="Planos em recuperação" minWidth={880}>
            <thead>
              <tr>
                <th className={thClass}>Assinante</th>
                <th className={thClass}>Plano</th>
                <th className={thClass}>Situação</th>
                <th className={thClass}>Falhou em</th>
                <th className={thClass}>Tentativas</th>
                <th className={thClass}>Próxima tentativa</th>
                <th className={thClass}>Ação</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <RecoveryRow key={row.id} row={row} />
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
    </div>
  );
}

function RecoveryRow({ row }: { row: Data["rows"][number] }) {
  const retrying = useSubmittingIntent("retryRecovery");
  const ours = row.retriesBy === "ours";
  return (
    <tr>
      <td className={tdClass}>{row.subscriberName ?? "Conta removida"}</td>
      <td className={tdClass}>
        {row.planName} · {formatCents(row.amountCents)}
        <span className="block text-xs text-muted">{row.method === "pix_automatico" ? "Pix Automático" : "Cartão"}</span>
      </td>
      <td className={tdClass}>
        {row.status === "suspended" ? (
          <Badge tone="danger" className="whitespace-nowrap">
            Suspensa
          </Badge>
        ) : (
          <Badge tone="pending" className="whitespace-nowrap">
            Em atraso
          </Badge>
        )}
        {row.extraPayments > 0 ? <span className="mt-1 block text-xs font-semibold text-danger">Pix a devolver</span> : null}
      </td>
      <td className={tdClass}>{formatDate(row.firstFailedAt)}</td>
      <td className={tdClass}>{row.failures}</td>
      <td className={tdClass}>
        {row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : "—"}
        {!ours ? <span className="block text-xs text-muted">pelo provedor (Stripe)</span> : null}
      </td>
      <td className={tdClass}>
        {ours && row.status === "open" ? (
          <Form method="post">
            <IntentInput intent="retryRecovery" />
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" size="sm" variant="secondary" loading={retrying} loadingText="Pedindo…">
              <RotateCcw size={14} strokeWidth={2} aria-hidden="true" />
              Tentar agora
            </Button>
          </Form>
        ) : (
          <span className="text-xs text-muted">
            {row.status === "suspended" ? "Aguarda o Pix do assinante" : "O provedor tenta sozinho"}
          </span>
        )}
      </td>
    </tr>
  );
}
