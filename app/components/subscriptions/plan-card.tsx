import { Check, Settings, Sparkles } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/platform/money";
import type { Plan } from "~/domain/subscriptions/plans";
import { BENEFIT_LABELS, type BenefitAvailability, offeredBenefits } from "~/domain/subscriptions/benefits";
import { cn } from "~/platform/ui/cn";

export type PlanCardState =
  /** No plan yet: the card offers 'Assinar {plan}'. */
  | { kind: "offer"; popular: boolean }
  /** The user's plan (paying, or with a failed payment to fix). */
  | { kind: "current"; pastDue: boolean }
  /** The user has another plan: changes happen in the portal, never as a second subscription. */
  | { kind: "other" };

/** One plan: name, price, what it does, its perks and the one action that fits the user's situation. */
export function PlanCard({
  plan,
  state,
  busy,
  method,
  availability,
  nudge,
}: {
  plan: Plan;
  /** Benefits that depend on the operator's setup (the WhatsApp group's link). */
  availability: BenefitAvailability;
  state: PlanCardState;
  busy: { plan: string | null; intent: string | null };
  /** The payment method chosen above the cards, when there is a choice. */
  method?: string;
  /** The sealed reference of the gift whose "Que tal todo mês?" brought the donor here (decision 213). */
  nudge?: string | null;
}) {
  const current = state.kind === "current";
  const popular = state.kind === "offer" && state.popular;
  const price = formatCents(plan.priceCents).replace(",00", "");
  const submitting = busy.intent !== null;
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-soft",
        // On a phone the user's own plan comes first, not below the fold.
        current && "order-first sm:order-none",
        current ? "border-indigo-700 ring-2 ring-indigo-700" : popular ? "border-coral-600 ring-2 ring-coral-600" : "border-coral-100",
      )}
      aria-labelledby={`plano-${plan.id}`}
    >
      {current || popular ? (
        <div className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap">
          {current ? (
            state.pastDue ? (
              <Badge tone="danger" shape="ribbon">
                Pagamento pendente
              </Badge>
            ) : (
              <Badge tone="infoSolid" shape="ribbon">
                <Check size={14} strokeWidth={2} aria-hidden="true" />
                Seu Plano Atual
              </Badge>
            )
          ) : (
            <Badge tone="brandSolid" shape="ribbon">
              <Sparkles size={14} strokeWidth={2} aria-hidden="true" />
              Mais Popular
            </Badge>
          )}
        </div>
      ) : null}
      <h3 id={`plano-${plan.id}`} className="text-center text-xl font-extrabold text-indigo-800">
        {plan.name}
      </h3>
      <p className="mt-3 text-center">
        <span className="text-4xl font-extrabold text-coral-700">{price}</span>
        <span className="font-semibold text-muted">/mês</span>
      </p>
      <p className="mt-3 text-center text-sm text-muted">{plan.impact}</p>
      <ul className="mt-5 mb-6 space-y-2 text-sm">
        {offeredBenefits(plan, availability).map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Check size={18} strokeWidth={2} aria-hidden="true" className="mt-0.5 shrink-0 text-paid" />
            <span>{BENEFIT_LABELS[benefit]}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto">
        {state.kind === "offer" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="assinar" />
            {method ? <input type="hidden" name="metodo" value={method} /> : null}
            {nudge ? <input type="hidden" name="convite" value={nudge} /> : null}
            <Button
              type="submit"
              name="plano"
              value={plan.id}
              className="w-full"
              variant={popular ? "primary" : "secondary"}
              loading={busy.intent === "assinar" && busy.plan === plan.id}
              loadingText="Processando..."
              disabled={submitting}
            >
              Assinar {plan.name}
            </Button>
          </Form>
        ) : state.kind === "current" ? (
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="gerenciar"
              className="w-full"
              variant={state.pastDue ? "primary" : "secondary"}
              loading={busy.intent === "gerenciar"}
              loadingText="Processando..."
              disabled={submitting}
            >
              <Settings size={18} strokeWidth={2} aria-hidden="true" />
              Gerenciar Assinatura
            </Button>
          </Form>
        ) : (
          <p className="rounded-xl bg-cream px-3 py-2 text-center text-sm text-muted">
            Para mudar para este plano, use Gerenciar Assinatura.
          </p>
        )}
      </div>
    </li>
  );
}
