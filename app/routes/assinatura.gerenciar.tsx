import { CreditCard, XCircle } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/assinatura.gerenciar";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { readPlanManageToken } from "~/domain/subscriptions/manage-link.server";
import { changeFromPlanLink, findSubscriptionById, isLiveSubscription, paymentMethodPortal } from "~/domain/subscriptions/manage.server";
import { planLinkFormSchema } from "~/domain/subscriptions/subscription-form";
import { planOf, PLANS } from "~/domain/subscriptions/plans";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";
import { linkToken } from "~/platform/http/link-token.server";

export const meta = () =>
  pageMeta({ title: "Gerenciar assinatura", description: "Cancele, mude de plano ou atualize o cartão da sua assinatura.", noindex: true });

const LINK_FAILURES = {
  invalid: {
    title: "Link inválido",
    text: "Este link de gerenciamento não é válido: confira se copiou o endereço inteiro. Nada foi mostrado nem alterado.",
  },
  expired: {
    title: "Link expirado",
    text: "Este link de gerenciamento venceu (ele vale por 7 dias). Nada foi alterado. Entre na sua conta e use Gerenciar Assinatura em Assine o Bem.",
  },
} as const;

const STATUS_LABEL = {
  active: "Ativa",
  past_due: "Pagamento pendente",
  incomplete: "Aguardando pagamento",
  canceled: "Cancelada",
  incomplete_expired: "Não autorizada",
} as const;

async function subscriptionOf(token: string | null, now: Date) {
  const link = readPlanManageToken(token, now);
  if (!link.ok) return { error: link.error };
  const row = await findSubscriptionById(link.subscriptionId);
  return row ? { row } : { error: "invalid" as const };
}

function linkFailure(error: "invalid" | "expired") {
  return data({ view: "bad-link" as const, ...LINK_FAILURES[error] }, { status: error === "expired" ? 410 : 400 });
}

/** Anyone holding the link may manage this one subscription (it reached the subscriber's inbox); nothing else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request);
  const found = await subscriptionOf(token, context.clock.now());
  if (!("row" in found) || !found.row) return linkFailure(found.error ?? "invalid");
  const row = found.row;
  const plan = planOf(row)!;
  return {
    view: "manage" as const,
    token: token!,
    live: isLiveSubscription(row),
    status: STATUS_LABEL[row.status],
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    periodEnd: row.currentPeriodEnd ? formatDate(row.currentPeriodEnd) : null,
    plan: { id: plan.id, name: plan.name, price: formatCents(plan.priceCents) },
    otherPlans: PLANS.filter((p) => p.id !== plan.id).map((p) => ({ id: p.id, name: p.name, price: formatCents(p.priceCents) })),
  };
}

type ActionData = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readFormData(request), planLinkFormSchema);
  if (submission.status !== "success")
    return data<ActionData>({ ok: false, message: "Escolha uma das opções da página." }, { status: 400 });
  const value = submission.value;
  const now = context.clock.now();
  const found = await subscriptionOf(value.token, now);
  if (!("row" in found) || !found.row) {
    const error = found.error ?? "invalid";
    return data<ActionData>({ ok: false, message: LINK_FAILURES[error].text }, { status: error === "expired" ? 410 : 400 });
  }
  const row = found.row;
  if (value.intent === "pagamento") {
    if (!isLiveSubscription(row)) return data<ActionData>({ ok: false, message: "Esta assinatura não está ativa." }, { status: 400 });
    const back = `${context.config.PUBLIC_URL}/assinatura/gerenciar?token=${encodeURIComponent(value.token)}`;
    const url = await paymentMethodPortal(row, back, context);
    if (!url)
      return data<ActionData>(
        { ok: false, message: "Não conseguimos abrir a página de pagamento agora. Tente de novo em instantes." },
        { status: 502 },
      );
    return redirect(url);
  }
  const change = value.intent === "mudar" ? { intent: "mudar" as const, planId: value.plano } : { intent: value.intent };
  const result = await changeFromPlanLink(row, change, { ...context, now });
  return data<ActionData>(result, { status: result.ok ? 200 : 400 });
}

export default function ManagePlan({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = actionData as ActionData | undefined;

  if (loaderData.view === "bad-link") {
    return (
      <div className="mx-auto max-w-xl px-4 py-14">
        <h1 className="text-3xl">Gerenciar assinatura</h1>
        <Alert tone="danger" title={loaderData.title} className="mt-6">
          {loaderData.text}
        </Alert>
        <Link to="/assine-o-bem" className={buttonVariants({ className: "mt-6" })}>
          Ir para Assine o Bem
        </Link>
      </div>
    );
  }
  const s = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Assine o Bem</p>
      <h1 className="mt-1 text-3xl md:text-4xl">Gerenciar assinatura</h1>
      {result ? (
        <Alert tone={result.ok ? "success" : "danger"} title={result.ok ? "Pedido registrado" : "Não foi possível"} className="mt-6">
          {result.message}
        </Alert>
      ) : null}
      <Card className="mt-6 p-5 md:p-6">
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">Plano</dt>
            <dd className="text-lg font-extrabold text-indigo-800">
              {s.plan.name} · {s.plan.price}/mês
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Situação</dt>
            <dd>
              <Badge tone={s.live && !s.cancelAtPeriodEnd ? "paid" : "pending"}>
                {s.cancelAtPeriodEnd ? "Cancelamento agendado" : s.status}
              </Badge>
            </dd>
          </div>
          {s.live && s.periodEnd ? (
            <div>
              <dt className="text-sm text-muted">{s.cancelAtPeriodEnd ? "Termina em" : "Próxima cobrança"}</dt>
              <dd className="font-bold">{s.periodEnd}</dd>
            </div>
          ) : null}
        </dl>
      </Card>

      {s.live ? (
        <div className="mt-6 grid gap-6">
          <Card className="p-5 md:p-6">
            <h2 className="text-xl">Mudar de plano</h2>
            <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-3">
              <input type="hidden" name="token" value={s.token} />
              <input type="hidden" name="intent" value="mudar" />
              {s.otherPlans.map((p) => (
                <Button key={p.id} type="submit" name="plano" value={p.id} variant="secondary" size="sm" disabled={busy}>
                  {p.name} · {p.price}/mês
                </Button>
              ))}
            </Form>
          </Card>
          <Card className="p-5 md:p-6">
            <h2 className="text-xl">Forma de pagamento</h2>
            <p className="mt-1 text-sm text-muted">Você vai para a página segura do provedor de pagamento e volta para cá.</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="token" value={s.token} />
              <Button type="submit" name="intent" value="pagamento" variant="secondary" disabled={busy}>
                <CreditCard size={18} aria-hidden="true" /> Atualizar cartão
              </Button>
            </Form>
          </Card>
          <Card className="p-5 md:p-6">
            <h2 className="text-xl">{s.cancelAtPeriodEnd ? "Manter assinatura" : "Cancelar assinatura"}</h2>
            <p className="mt-1 text-sm text-muted">
              {s.cancelAtPeriodEnd
                ? "O cancelamento está agendado. Quer continuar apoiando?"
                : "Sem multa: não haverá novas cobranças, e o período já pago continua valendo."}
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="token" value={s.token} />
              {s.cancelAtPeriodEnd ? (
                <Button type="submit" name="intent" value="reativar" disabled={busy}>
                  Manter assinatura
                </Button>
              ) : (
                <Button type="submit" name="intent" value="cancelar" variant="destructive" disabled={busy}>
                  <XCircle size={18} aria-hidden="true" /> Cancelar assinatura
                </Button>
              )}
            </Form>
          </Card>
        </div>
      ) : (
        <p className="mt-6 text-muted">
          Esta assinatura não está ativa. Para assinar de novo,{" "}
          <Link to="/assine-o-bem" className="font-bold text-coral-700 underline">
            veja os planos
          </Link>
          .
        </p>
      )}
    </div>
  );
}
