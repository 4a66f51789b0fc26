import type { loadReconcilePanel } from "~/domain/ledger/index.server";
import { RefreshCw } from "lucide-react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { formatDateTime } from "~/platform/dates";
import { countOf } from "~/platform/plural";
import { IntentInput, SectionTitle, useSubmittingIntent } from "./common";

type Data = Awaited<ReturnType<typeof loadReconcilePanel>>;

const CHECK_LABELS: Record<string, string> = {
  party: "Festa",
  gift: "Doação",
  charge: "Mensalidade",
  payout: "Repasse",
  row: "Lançamento",
  institution: "Instituição",
  provider: "Provedor",
};

/** Admin → Conciliação: the last run, every difference, and "Rodar agora" (decision 169). */
export function ReconcileTab({ data }: { data: Data }) {
  const { last } = data;
  const running = useSubmittingIntent("runReconcile");
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">
          Confere o livro-caixa com os totais das festas, os repasses, os saldos das instituições e os registros do provedor de pagamento.
          Roda sozinha todo dia de madrugada; aqui você roda quando quiser.
        </p>
        <Form method="post">
          <IntentInput intent="runReconcile" />
          <Button type="submit" loading={running} loadingText="Conferindo…">
            <RefreshCw size={16} strokeWidth={2} aria-hidden="true" />
            Rodar agora
          </Button>
        </Form>
      </div>

      {!last ? (
        <EmptyState
          title="A conciliação ainda não rodou."
          description="Clique em Rodar agora para conferir o livro-caixa pela primeira vez."
          icon="📒"
        />
      ) : (
        <>
          {last.ok ? (
            <Alert tone="success" title="Nenhuma divergência">
              Última em {formatDateTime(new Date(last.ranAt))}: livro-caixa, totais das festas, repasses, saldos e provedor conferem.
            </Alert>
          ) : (
            <Alert tone="danger" title={countOf(last.discrepancies.length, { one: "divergência", other: "divergências" })}>
              Última em {formatDateTime(new Date(last.ranAt))}. Cada linha abaixo diz o que não confere.
            </Alert>
          )}
          <Card padding="md">
            <SectionTitle className="mb-2">O que foi conferido</SectionTitle>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <li>{last.checked.parties} festas</li>
              <li>{last.checked.gifts} doações pagas</li>
              <li>{last.checked.charges} mensalidades</li>
              <li>{last.checked.payouts} repasses</li>
              <li>{last.checked.rows} lançamentos</li>
              <li>{last.checked.institutions} instituições</li>
              <li className="col-span-2">{last.checked.providerRecords} registros do provedor</li>
            </ul>
            <p className="mt-2 text-xs text-muted">
              Provedor: de {formatDateTime(new Date(last.range.from))} a {formatDateTime(new Date(last.range.to))}.
            </p>
          </Card>
          {last.discrepancies.length > 0 ? (
            <section aria-labelledby="divergencias" className="space-y-2">
              <SectionTitle>
                <span id="divergencias">Divergências</span>
              </SectionTitle>
              <ul className="space-y-2">
                {last.discrepancies.map((d, i) => (
                  <li key={`${d.check}-${i}`} className="rounded-xl border border-danger/30 bg-danger-bg/40 px-4 py-3 text-sm break-words">
                    <span className="mr-2 font-bold text-danger">{CHECK_LABELS[d.check] ?? d.check}</span>
                    {d.pt}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {last.notices.length > 0 ? (
            <section aria-labelledby="avisos" className="space-y-2">
              <SectionTitle>
                <span id="avisos">Avisos</span>
              </SectionTitle>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {last.notices.map((notice) => (
                  <li key={notice.pt} className="break-words">
                    {notice.pt}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
