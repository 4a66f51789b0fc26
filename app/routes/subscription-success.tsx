import { CircleAlert, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { SubscriptionSuccessView } from "~/components/static-pages/subscription-success-view";
import { buttonVariants } from "~/components/ui/button";
import { requireUser } from "~/domain/accounts/guards.server";
import { formatDate } from "~/platform/dates";
import { logger } from "~/platform/logger.server";
import { pageMeta } from "~/platform/ui/meta";
import { planOf } from "~/domain/subscriptions/plans";
import { planIncludes } from "~/domain/subscriptions/benefits";
import { refreshSubscription, sendSubscriptionConfirmation } from "~/domain/subscriptions/subscribe.server";
import type { Route } from "./+types/subscription-success";

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: data?.state === "confirmed" ? "Assinatura Confirmada!" : "Confirmando sua assinatura",
    description: "Sua assinatura do Assine o Bem: confirmação e próximos passos.",
    noindex: true,
  });

/** The provider's confirmation usually lands within seconds: re-check every 3 s, for about a minute. */
export const RECHECK_SECONDS = 3;
export const MAX_CHECKS = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const check = Math.min(Math.max(Number.parseInt(new URL(request.url).searchParams.get("verificacao") ?? "0", 10) || 0, 0), MAX_CHECKS);
  const status = await refreshSubscription(user.id, { provider: context.payments.checkout, config: context.config });
  const plan = status.subscribed && status.plan ? planOf({ plan: status.plan, customAmountCents: status.customAmountCents }) : undefined;
  if (!plan || !status.subscriptionId) {
    return {
      state: status.status === "past_due" ? ("failed" as const) : ("waiting" as const),
      check,
      nextCheck: check < MAX_CHECKS ? check + 1 : null,
      plan: null,
    };
  }
  try {
    await sendSubscriptionConfirmation(status.subscriptionId, context);
  } catch (error) {
    // product-spec §8: a confirmation e-mail failure is only logged; the page still confirms.
    logger.error({ subscriptionId: status.subscriptionId, error: (error as Error).message }, "subscription confirmation e-mail not queued");
  }
  return {
    state: "confirmed" as const,
    check,
    nextCheck: null,
    plan: {
      name: plan.name,
      monthlyCents: plan.priceCents,
      renewsOn: status.currentPeriodEnd ? formatDate(status.currentPeriodEnd) : undefined,
      whatsappGroupUrl: planIncludes(plan.id, "whatsapp") ? (context.config.SUBSCRIBERS_WHATSAPP_GROUP_URL ?? null) : null,
      mural: planIncludes(plan.id, "mural"),
      visit: planIncludes(plan.id, "visita"),
    },
  };
}

export default function SubscriptionSuccess({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "confirmed") return <SubscriptionSuccessView plan={loaderData.plan} />;
  if (loaderData.state === "failed") return <PaymentFailed />;
  return <Confirming nextCheck={loaderData.nextCheck} />;
}

function Confirming({ nextCheck }: { nextCheck: number | null }) {
  const navigate = useNavigate();
  const next = nextCheck === null ? null : `/subscription-success?verificacao=${nextCheck}`;
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true, preventScrollReset: true }), RECHECK_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [next, navigate]);
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-12 md:py-20">
      {next ? (
        // Without JavaScript the browser re-checks by itself; React never hoists this one into <head>.
        <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${RECHECK_SECONDS};url=${next}">` }} />
      ) : null}
      <div
        className="mx-auto max-w-2xl rounded-3xl border border-coral-100 bg-white px-5 py-10 text-center shadow-soft sm:p-12"
        role="status"
        aria-live="polite"
      >
        {next ? (
          <>
            <Loader2 size={48} strokeWidth={2} aria-hidden="true" className="mx-auto animate-spin text-coral-600" />
            <h1 className="mt-6 text-2xl md:text-3xl">Confirmando seu pagamento…</h1>
            <p className="mx-auto mt-3 max-w-md text-muted">
              Estamos aguardando a confirmação da operadora. Isso costuma levar só alguns segundos; esta página se atualiza sozinha.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl md:text-3xl">Ainda não recebemos a confirmação</h1>
            <p className="mx-auto mt-3 max-w-md text-muted">
              O pagamento pode levar alguns minutos para ser confirmado. Você não precisa assinar de novo: confira daqui a pouco em Assine o
              Bem.
            </p>
            <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
              <Link to="/assine-o-bem" className={buttonVariants({ variant: "secondary" })}>
                Ver minha assinatura
              </Link>
              <Link to="/subscription-success" replace className={buttonVariants()}>
                Verificar de novo
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function PaymentFailed() {
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-12 md:py-20">
      <div className="mx-auto max-w-2xl rounded-3xl border border-coral-100 bg-white px-5 py-10 text-center shadow-soft sm:p-12">
        <span className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-danger-bg text-danger">
          <CircleAlert size={44} strokeWidth={2} aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl md:text-3xl">Pagamento não confirmado</h1>
        <p className="mx-auto mt-3 max-w-md text-muted">
          A operadora não aprovou a cobrança da sua assinatura. Atualize a forma de pagamento em Gerenciar Assinatura para continuar
          apoiando.
        </p>
        <div className="mt-8 flex justify-center">
          <Link to="/assine-o-bem" className={buttonVariants()}>
            Gerenciar Assinatura
          </Link>
        </div>
      </div>
    </section>
  );
}
