import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SandboxFrame } from "~/components/payments/sandbox-checkout";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Config } from "~/platform/config.server";
import { requireUser } from "~/domain/accounts/guards.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { sandboxPortalSchema } from "~/domain/payments/sandbox-forms";
import { deliverPortalChoice } from "~/domain/payments/sandbox-subscription-actions.server";
import { isSandboxPortalSession } from "~/domain/payments/sandbox-subscriptions.server";
import { planOf, PLANS } from "~/domain/subscriptions/plans";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { findCustomerSubscription, getBillingCustomer } from "~/domain/subscriptions/subscriptions.server";
import type { Route } from "./+types/sandbox.portal.$customer";
import { readFormData } from "~/platform/http/form-data.server";

export const handle = { bare: true };

export const meta = () => [{ title: "Gerenciar assinatura — Ambiente de testes" }, { name: "robots", content: "noindex" }];

const STATUS_LABEL = {
  active: "Ativa",
  past_due: "Pagamento pendente",
  incomplete: "Aguardando pagamento",
  canceled: "Cancelada",
  incomplete_expired: "Não autorizada",
} as const;

/**
 * Only the signed-in owner of this sandbox customer, or the holder of a portal session URL issued
 * for it (as Stripe's portal URLs work), gets in; anyone else sees nothing (404).
 */
async function loadPortal(request: Request, customerId: string | undefined, config: Config) {
  if (!config.paymentsSandbox || !customerId || !/^[A-Za-z0-9_]{1,100}$/.test(customerId)) throw data(null, { status: 404 });
  if (isSandboxPortalSession(config.APP_SECRET, customerId, new URL(request.url).searchParams.get("sessao"))) {
    return findCustomerSubscription("sandbox", customerId);
  }
  const user = await requireUser(request);
  const customer = await getBillingCustomer(user.id);
  if (!customer || customer.provider !== "sandbox" || customer.providerCustomerId !== customerId) throw data(null, { status: 404 });
  return findCustomerSubscription("sandbox", customerId);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const row = await loadPortal(request, params.customer, context.config);
  const binding = row && (row.status === "active" || row.status === "past_due") ? row : null;
  return {
    done: new URL(request.url).searchParams.has("feito"),
    subscription: binding
      ? {
          plan: binding.plan,
          customAmountCents: binding.customAmountCents,
          status: binding.status,
          periodEnd: binding.currentPeriodEnd ? formatDate(binding.currentPeriodEnd) : null,
          cancelAtPeriodEnd: binding.cancelAtPeriodEnd,
        }
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const row = await loadPortal(request, params.customer, context.config);
  const submission = parseFormSubmission(await readFormData(request), sandboxPortalSchema);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { intent, plano } = submission.value;
  if (!row) return data({ error: "Você não tem uma assinatura para gerenciar." }, { status: 400 });
  const error = await deliverPortalChoice(row, intent, plano ?? null, {
    sandboxEvents: context.payments.sandboxEvents,
    now: context.clock.now(),
  });
  if (error) return data({ error }, { status: 400 });
  const session = new URL(request.url).searchParams.get("sessao");
  const keep = session ? `&sessao=${encodeURIComponent(session)}` : "";
  return redirect(`/sandbox/portal/${encodeURIComponent(params.customer)}?feito=${intent}${keep}`);
}

export default function SandboxPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const plan = subscription ? planOf(subscription)! : null;
  return (
    <SandboxFrame
      label="Gerenciar assinatura"
      summary={
        <>
          <h1 className="mt-4 text-2xl font-extrabold text-slate-900">Gerenciar assinatura</h1>
          {subscription && plan ? (
            <dl className="mt-4 space-y-2 text-slate-700">
              <div className="flex justify-between gap-4 border-b border-slate-200 pb-2">
                <dt>Plano</dt>
                <dd className="font-bold text-slate-900">
                  {plan.name} · {formatCents(plan.priceCents)}/mês
                </dd>
              </div>
              <div className="flex justify-between gap-4 border-b border-slate-200 pb-2">
                <dt>Situação</dt>
                <dd className="font-bold text-slate-900">
                  {subscription.cancelAtPeriodEnd ? "Cancelamento agendado" : STATUS_LABEL[subscription.status]}
                </dd>
              </div>
              {subscription.periodEnd ? (
                <div className="flex justify-between gap-4 border-b border-slate-200 pb-2">
                  <dt>{subscription.cancelAtPeriodEnd ? "Termina em" : "Próxima cobrança"}</dt>
                  <dd className="font-bold text-slate-900">{subscription.periodEnd}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="mt-4 text-slate-600">Você não tem uma assinatura ativa.</p>
          )}
          <Link to="/assine-o-bem" className="mt-6 inline-flex items-center gap-2 font-bold text-indigo-700 hover:underline">
            <ArrowLeft size={18} strokeWidth={2} aria-hidden="true" />
            Voltar para a Festa Solidária
          </Link>
        </>
      }
    >
      <div className="space-y-6">
        {actionData?.error ? (
          <Alert tone="danger" title="Não foi possível">
            {actionData.error}
          </Alert>
        ) : null}
        {done && !actionData ? (
          <Alert tone="success" title="Pedido enviado">
            A mudança chega à Festa Solidária em instantes.
          </Alert>
        ) : null}
        {subscription && plan ? (
          <>
            <Form method="post" className="space-y-3">
              <h2 className="font-bold text-slate-900">Mudar de plano</h2>
              <input type="hidden" name="intent" value="mudar" />
              <div className="grid grid-cols-1 gap-2">
                {PLANS.filter((p) => p.id !== plan.id).map((p) => (
                  <Button key={p.id} type="submit" name="plano" value={p.id} variant="secondary" size="sm" shape="rounded" disabled={busy}>
                    Mudar para {p.name} · {formatCents(p.priceCents)}/mês
                  </Button>
                ))}
              </div>
            </Form>
            <Form method="post" className="space-y-3">
              <h2 className="font-bold text-slate-900">Cancelar assinatura</h2>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {subscription.cancelAtPeriodEnd ? (
                  <Button type="submit" name="intent" value="reativar" variant="secondary" size="sm" shape="rounded" disabled={busy}>
                    Manter assinatura
                  </Button>
                ) : (
                  <Button type="submit" name="intent" value="cancelar-fim" variant="secondary" size="sm" shape="rounded" disabled={busy}>
                    Cancelar no fim do período
                  </Button>
                )}
                <Button type="submit" name="intent" value="cancelar-agora" variant="destructive" size="sm" shape="rounded" disabled={busy}>
                  Cancelar agora
                </Button>
              </div>
            </Form>
            <Form method="post" className="space-y-3 rounded-xl bg-slate-50 p-4">
              <h2 className="font-bold text-slate-900">Simular cobranças</h2>
              <div className="grid grid-cols-1 gap-2">
                {subscription.status === "past_due" ? (
                  <Button type="submit" name="intent" value="regularizar" size="sm" shape="rounded" disabled={busy}>
                    Atualizar cartão e pagar
                  </Button>
                ) : (
                  <>
                    <Button type="submit" name="intent" value="renovar" variant="secondary" size="sm" shape="rounded" disabled={busy}>
                      Cobrar o próximo mês
                    </Button>
                    <Button type="submit" name="intent" value="falhar" variant="dangerOutline" size="sm" shape="rounded" disabled={busy}>
                      Simular cobrança recusada
                    </Button>
                  </>
                )}
              </div>
            </Form>
          </>
        ) : (
          <Link to="/assine-o-bem" className={buttonVariants({ shape: "rounded", className: "w-full" })}>
            Ver planos
          </Link>
        )}
      </div>
    </SandboxFrame>
  );
}
