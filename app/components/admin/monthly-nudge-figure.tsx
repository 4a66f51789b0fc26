import { Repeat } from "lucide-react";
import { Card } from "~/components/ui/card";
import { formatPercent } from "~/platform/money";
import { countOf } from "~/platform/plural";
import { SectionTitle } from "./common";

type Conversion = { shown: number; started: number; converted: number; donors: number; stillActive: number };

const n = (value: number) => value.toLocaleString("pt-BR");

/**
 * "Que tal todo mês?" measured (decision 213): the donors whose subscription was linked by the
 * server to the card they saw after a paid one-off gift, against the gifts whose result page showed it.
 */
export function MonthlyNudgeFigure({ conversion }: { conversion: Conversion }) {
  const { shown, started, converted, donors, stillActive } = conversion;
  const rate = shown > 0 ? formatPercent((converted / shown) * 100, 1) : "—";
  return (
    <section aria-labelledby="convite-mensal" className="space-y-3">
      <SectionTitle>
        <span id="convite-mensal">Doadores avulsos que passaram a doar todo mês</span>
      </SectionTitle>
      <Card padding="md" className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-coral-100 text-coral-700">
            <Repeat size={22} strokeWidth={2} />
          </span>
          <p>
            <span className="block text-4xl font-extrabold text-indigo-800" data-testid="nudge-donors">
              {n(donors)}
            </span>
            <span className="block text-sm font-semibold text-muted">{donors === 1 ? "doador" : "doadores"}</span>
          </p>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Doações pagas que mostraram o convite</dt>
            <dd className="font-bold text-ink">{n(shown)}</dd>
          </div>
          <div>
            <dt className="text-muted">Seguiram para o pagamento do plano</dt>
            <dd className="font-bold text-ink">{n(started)}</dd>
          </div>
          <div>
            <dt className="text-muted">Taxa de conversão</dt>
            <dd className="font-bold text-ink">{rate}</dd>
          </div>
        </dl>
      </Card>
      <p className="text-xs text-muted">
        Conta quem viu “Que tal todo mês?” na página de confirmação de uma doação avulsa paga, seguiu pelo convite e teve a assinatura
        ativada ({countOf(converted, { one: "assinatura", other: "assinaturas" })}, {n(stillActive)} ainda ativa
        {stillActive === 1 ? "" : "s"}). A taxa é assinaturas ativadas pelo convite ÷ doações em que ele apareceu. Quem assinou por outro
        caminho não entra aqui.
      </p>
    </section>
  );
}
