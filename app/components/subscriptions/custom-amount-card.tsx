import { HandCoins, Settings } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { CUSTOM_PLAN_ID } from "~/domain/subscriptions/plan-ids";
import { CUSTOM_MAX_CENTS, CUSTOM_MIN_CENTS, PLANS } from "~/domain/subscriptions/plans";
import { formatCents, formatCentsShort } from "~/platform/money";
import { cn } from "~/platform/ui/cn";
import type { PlanCardState } from "./plan-card";

/**
 * "Outro valor" beside the four plans (decision 183): the amount is typed in reais and checked on
 * the server (from R$ 10 to R$ 5.000); its ranking band follows the plans' bands.
 */
export function CustomAmountCard({
  state,
  current,
  busy,
  managing,
  method,
  typed,
  error,
  nudge,
}: {
  state: PlanCardState;
  /** The subscriber's own chosen amount, formatted, when "outro valor" is their plan. */
  current: string | null;
  busy: boolean;
  /** "Gerenciar Assinatura" was pressed and the portal is opening. */
  managing: boolean;
  method?: string;
  /** What was typed before an error, shown back. */
  typed: string;
  error: string | null;
  /** The sealed reference of the gift whose "Que tal todo mês?" brought the donor here (decision 213). */
  nudge?: string | null;
}) {
  const isCurrent = state.kind === "current";
  return (
    <section
      aria-labelledby="plano-personalizado"
      className={cn(
        "relative mx-auto mt-8 max-w-3xl rounded-2xl border bg-white p-6 shadow-soft",
        isCurrent ? "border-indigo-700 ring-2 ring-indigo-700" : "border-coral-100",
      )}
    >
      {isCurrent ? (
        <div className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap">
          <Badge tone={state.pastDue ? "danger" : "infoSolid"} shape="ribbon">
            {state.pastDue ? "Pagamento pendente" : "Seu Plano Atual"}
          </Badge>
        </div>
      ) : null}
      <div className="flex items-start gap-3">
        <HandCoins size={28} strokeWidth={2} aria-hidden="true" className="mt-1 shrink-0 text-coral-700" />
        <div className="min-w-0">
          <h3 id="plano-personalizado" className="text-xl font-extrabold text-indigo-800">
            Outro valor
          </h3>
          <p className="mt-1 text-sm text-muted">
            Prefere um valor seu? Escolha quanto doar por mês, a partir de {formatCents(CUSTOM_MIN_CENTS)}. Você recebe os mesmos recibos e
            relatórios, e entra na faixa do ranking que o seu valor alcança, como nos planos (a partir de{" "}
            {formatCentsShort(PLANS[0]!.bandFromCents)}).
          </p>
        </div>
      </div>
      {state.kind === "offer" ? (
        <Form method="post" className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <input type="hidden" name="intent" value="assinar" />
          <input type="hidden" name="plano" value={CUSTOM_PLAN_ID} />
          {method ? <input type="hidden" name="metodo" value={method} /> : null}
          {nudge ? <input type="hidden" name="convite" value={nudge} /> : null}
          {/* The kit's TextField markup, without importing the form kit: it would bring Conform's
              runtime (18 KB gzip) to a public page that never validates in the browser. */}
          <div>
            <Label htmlFor="campo-valor">Valor por mês (R$)</Label>
            <Input
              id="campo-valor"
              name="valor"
              inputMode="decimal"
              autoComplete="off"
              placeholder="Ex.: 40,00"
              required
              maxLength={20}
              defaultValue={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "campo-valor-erro campo-valor-dica" : "campo-valor-dica"}
            />
            <p id="campo-valor-dica" className="mt-1 text-sm text-muted">
              De {formatCents(CUSTOM_MIN_CENTS)} a {formatCents(CUSTOM_MAX_CENTS)} por mês.
            </p>
            {error ? (
              <p id="campo-valor-erro" role="alert" className="mt-1.5 text-sm font-semibold text-danger">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="sm:mt-7" variant="secondary" loading={busy} loadingText="Processando...">
            Assinar com outro valor
          </Button>
        </Form>
      ) : isCurrent ? (
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <p className="font-bold text-indigo-800">{current} por mês</p>
          <Form method="post">
            <Button type="submit" name="intent" value="gerenciar" variant="secondary" loading={managing} loadingText="Processando...">
              <Settings size={18} strokeWidth={2} aria-hidden="true" />
              Gerenciar Assinatura
            </Button>
          </Form>
        </div>
      ) : (
        <p className="mt-5 rounded-xl bg-cream px-3 py-2 text-center text-sm text-muted">
          Você já é Assinante do Bem. Para mudar o valor, cancele em Gerenciar Assinatura e assine de novo com o valor que quiser.
        </p>
      )}
    </section>
  );
}
