import { HeartHandshake } from "lucide-react";
import { useEffect } from "react";
import { data, redirect, useNavigation } from "react-router";
import { toast } from "~/platform/ui/toast";
import { PlanCard, type PlanCardState } from "~/components/subscriptions/plan-card";
import { ImpactTable, RankingExplanation } from "~/components/subscriptions/plan-sections";
import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { getOptionalUser, loginUrl } from "~/domain/accounts/guards.server";
import { formatDate } from "~/platform/dates";
import { monthlyShareSentence } from "~/domain/donations/fee";
import { pageMeta } from "~/platform/ui/meta";
import { PLAN_IDS } from "~/domain/subscriptions/plan-ids";
import { type PlanId, planOf, PLANS, POPULAR_PLAN_ID, type SubscriptionPlanId } from "~/domain/subscriptions/plans";
import { CUSTOM_PLAN_ID } from "~/domain/subscriptions/plan-ids";
import { CustomAmountCard } from "~/components/subscriptions/custom-amount-card";
import { formatCents } from "~/platform/money";
import {
  openCustomerPortal,
  startSubscription,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionError,
} from "~/domain/subscriptions/subscribe.server";
import { customAmountFromInput, type SubscriptionMethod, subscriptionFormSchema } from "~/domain/subscriptions/subscription-form";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { getSubscriptionStatus } from "~/domain/subscriptions/subscriptions.server";
import { activeSubscriptionsByPlan } from "~/domain/subscriptions/supporters.server";
import { supportedInstitutionName } from "~/domain/subscriptions/visits.server";
import { useRootData } from "~/components/layout/root-data";
import type { Route } from "./+types/assine-o-bem";
import { readFormData } from "~/platform/http/form-data.server";
import { claimMonthlyNudge, verifyNudgeRef } from "~/domain/subscriptions/monthly-nudge.server";
import { NUDGE_PARAM } from "~/domain/subscriptions/monthly-nudge";

export const meta = () =>
  pageMeta({
    title: "Assine o Bem",
    description: "Doe todo mês para causas que transformam vidas. Planos Bronze, Prata, Ouro e Diamante, com relatório mensal de impacto.",
  });

/** Pix Automático is offered where a provider with it is on: the PSP with PIX_AUTOMATICO=on, or the sandbox. */
const pixAutomaticoProvider = (context: Route.LoaderArgs["context"]) => context.payments.with("pixAutomatico");
/** At a PSP the recurrence needs the payer's CPF first: our Pix Automático page asks for it. */
const pspPixAutomaticoPage = (context: Route.LoaderArgs["context"], pix: { name: string } | null, plano: SubscriptionPlanId) =>
  // "Outro valor" is not offered at a PSP yet: the service answers that on this page.
  context.payments.can(pix?.name, "pixAutomaticoAtPsp") && plano !== CUSTOM_PLAN_ID ? `/assine-o-bem/pix-automatico?plano=${plano}` : null;
const methodOf = (value: unknown): SubscriptionMethod => (value === "pix-automatico" ? "pix-automatico" : "cartao");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  const offersPix = pixAutomaticoProvider(context) !== null;
  const method = offersPix ? methodOf(new URL(request.url).searchParams.get("metodo")) : null;
  const [counts, institution] = await Promise.all([activeSubscriptionsByPlan(), supportedInstitutionName()]);
  // From "Que tal todo mês?": the gift's sealed reference rides along to the plan buttons (only while valid).
  const invite = new URL(request.url).searchParams.get(NUDGE_PARAM);
  const nudge = verifyNudgeRef(invite, context.clock.now()) ? invite : null;
  const withNudge = nudge ? { nudge } : {};
  if (!user) return { signedIn: false, subscription: null, error: null, method, counts, institution, ...withNudge };
  const status = await getSubscriptionStatus(user.id);
  // Back from the login that "Assinar {plano}" asked for: go on to that plan's checkout. Creating a
  // checkout moves no money, and the same user and plan reuse it for 10 minutes (idempotency key).
  const query = new URL(request.url).searchParams;
  const chosen = planFromQuery(query.get("plano"));
  if (chosen) {
    if (status.plan) {
      return redirectWithToast("/assine-o-bem", {
        type: "info",
        title: "Você já é Assinante do Bem",
        description: "Para mudar de plano, use Gerenciar Assinatura.",
      });
    }
    // Back from the login the card asked for: the server checks the gift and notes this account.
    if (nudge) await claimMonthlyNudge(nudge, user.id, context.clock.now());
    const pix = method === "pix-automatico" ? pixAutomaticoProvider(context) : null;
    const page = pspPixAutomaticoPage(context, pix, chosen);
    if (page) throw redirect(page);
    const result = await startSubscription(user, chosen, {
      provider: pix ?? context.payments.checkout,
      config: context.config,
      clock: context.clock,
      method: pix ? "pix-automatico" : "cartao",
      customAmountCents: customAmountFromInput(query.get("valor")),
    });
    if (result.ok) throw redirect(result.url);
    return { signedIn: true, subscription: null, error: result.error, method, counts, institution, ...withNudge };
  }
  return {
    ...withNudge,
    error: null,
    method,
    counts,
    institution,
    // The last subscription ended (cancelled here, at the provider, or in the bank app for Pix Automático).
    ...(status.status === "canceled" ? { ended: true } : {}),
    // The last one never started: its Pix Automático authorisation was refused in the bank app or expired.
    ...(status.status === "incomplete_expired" ? { refused: true } : {}),
    signedIn: true,
    subscription: status.plan
      ? {
          plan: status.plan,
          customAmountCents: status.customAmountCents,
          pastDue: status.status === "past_due",
          cancelAtPeriodEnd: status.cancelAtPeriodEnd,
          periodEnd: status.currentPeriodEnd ? formatDate(status.currentPeriodEnd) : null,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  // Only the plan id is read: a price id, amount or customer in the form is dropped by the schema.
  const submission = parseFormSubmission(await readFormData(request), subscriptionFormSchema);
  if (!user) {
    // Works without JavaScript: the toast rides on the redirect, and login brings the user back
    // to the chosen plan's checkout (the loader above goes on with it).
    const plano =
      submission.status === "success" && submission.value.intent !== "gerenciar" ? planFromQuery(submission.value.plano ?? null) : null;
    const metodo = submission.status === "success" && "metodo" in submission.value ? submission.value.metodo : undefined;
    const valor = submission.status === "success" && "valor" in submission.value ? submission.value.valor : undefined;
    const convite = submission.status === "success" && "convite" in submission.value ? submission.value.convite : undefined;
    const back = plano
      ? `/assine-o-bem?plano=${plano}${plano === CUSTOM_PLAN_ID && valor ? `&valor=${encodeURIComponent(valor)}` : ""}${metodo === "pix-automatico" ? "&metodo=pix-automatico" : ""}${convite ? `&${NUDGE_PARAM}=${encodeURIComponent(convite)}` : ""}`
      : "/assine-o-bem";
    // From the card after a gift: most donors have no account yet, so the sign-up tab (name and e-mail filled in).
    const auth = convite ? `${loginUrl(back)}&tab=cadastro` : loginUrl(back);
    return redirectWithToast(auth, { type: "info", title: "Login necessário", description: "Faça login para assinar um plano" });
  }
  if (submission.status !== "success") {
    const error: SubscriptionError = { title: SUBSCRIPTION_MESSAGES.checkoutTitle, description: SUBSCRIPTION_MESSAGES.invalidPlan };
    return data({ error, valor: null as string | null }, { status: 400 });
  }
  const choice = submission.value;
  const deps = { provider: context.payments.checkout, config: context.config, clock: context.clock };
  const pix = choice.intent === "assinar" && choice.metodo === "pix-automatico" ? pixAutomaticoProvider(context) : null;
  const page = choice.intent === "assinar" ? pspPixAutomaticoPage(context, pix, choice.plano) : null;
  // From "Que tal todo mês?": the server checks the gift behind the reference and notes this account (decision 213).
  if (choice.intent === "assinar" && choice.convite) await claimMonthlyNudge(choice.convite, user.id, context.clock.now());
  if (page) return redirect(page);
  const result =
    choice.intent === "gerenciar"
      ? await openCustomerPortal(user, deps)
      : await startSubscription(user, choice.plano, {
          ...deps,
          ...(pix ? { provider: pix, method: "pix-automatico" as const } : {}),
          customAmountCents: customAmountFromInput(choice.valor),
        });
  if (result.ok) return redirect(result.url);
  // What was typed comes back to the field ("outro valor"), nothing lost.
  const typed = choice.intent === "assinar" && choice.plano === CUSTOM_PLAN_ID ? (choice.valor ?? "") : null;
  return data({ error: result.error, valor: typed }, { status: result.status });
}

function planFromQuery(value: string | null): SubscriptionPlanId | null {
  if (value === CUSTOM_PLAN_ID) return CUSTOM_PLAN_ID;
  return value && (PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : null;
}

export default function AssineOBem({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, subscription, method, counts, institution } = loaderData;
  const nudge = "nudge" in loaderData ? (loaderData.nudge ?? null) : null;
  const rootConfig = useRootData()?.config;
  const feePercent = rootConfig?.feePercent ?? 10;
  const availability = { whatsappGroup: rootConfig?.subscribersGroup ?? false };
  const navigation = useNavigation();
  const busy = {
    intent: navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : null,
    plan: navigation.formData?.get("plano")?.toString() ?? null,
  };
  const error: SubscriptionError | undefined = actionData?.error ?? loaderData.error ?? undefined;

  useEffect(() => {
    if (error) toast.error(error.title, { description: error.description });
  }, [error]);

  const currentPlan = subscription ? planOf(subscription) : undefined;
  const currentName =
    currentPlan && subscription?.plan === CUSTOM_PLAN_ID
      ? `com ${formatCents(currentPlan.priceCents)} por mês`
      : `no Plano ${currentPlan?.name}`;
  const stateFor = (planId: string): PlanCardState => {
    if (!subscription) return { kind: "offer", popular: planId === POPULAR_PLAN_ID };
    return planId === subscription.plan ? { kind: "current", pastDue: subscription.pastDue } : { kind: "other" };
  };

  const customIsCurrent = subscription?.plan === CUSTOM_PLAN_ID;
  const customCard = (
    <CustomAmountCard
      state={stateFor(CUSTOM_PLAN_ID)}
      current={subscription?.plan === CUSTOM_PLAN_ID && currentPlan ? formatCents(currentPlan.priceCents) : null}
      busy={busy.intent === "assinar" && busy.plan === CUSTOM_PLAN_ID}
      managing={busy.intent === "gerenciar"}
      method={method ?? undefined}
      typed={actionData?.valor ?? ""}
      error={actionData && typeof actionData.valor === "string" ? actionData.error.description : null}
      nudge={nudge}
    />
  );
  return (
    <>
      <PageHeader
        eyebrow="Assine o Bem"
        title="Doe todo mês e multiplique o bem"
        description={`Escolha um plano mensal, acompanhe o impacto nos relatórios e cancele quando quiser.${institution ? ` Instituição que recebe as mensalidades: ${institution}.` : ""}`}
      />
      <section aria-labelledby="planos" className="mx-auto max-w-6xl px-4 pb-4">
        <h2 id="planos" className="sr-only">
          Planos
        </h2>
        <div className="mx-auto max-w-3xl space-y-3" aria-live="polite">
          {error ? (
            <Alert tone="danger" title={error.title}>
              {error.description}
            </Alert>
          ) : null}
          {!subscription && "ended" in loaderData && loaderData.ended ? (
            <Alert tone="info" title="Sua assinatura foi cancelada">
              Não haverá novas cobranças. Quando quiser, escolha um plano para voltar a apoiar todos os meses.
            </Alert>
          ) : null}
          {!subscription && "refused" in loaderData && loaderData.refused ? (
            <Alert tone="info" title="A autorização do Pix Automático não foi concluída">
              Ela foi recusada no app do banco ou o prazo para autorizar acabou. Nenhum valor foi cobrado. Escolha um plano abaixo para
              começar de novo.
            </Alert>
          ) : null}
          {subscription && currentPlan ? (
            subscription.pastDue ? (
              <Alert tone="danger" title="Pagamento pendente">
                Não conseguimos cobrar a mensalidade {subscription.plan === CUSTOM_PLAN_ID ? "de" : "do"}{" "}
                {subscription.plan === CUSTOM_PLAN_ID ? formatCents(currentPlan.priceCents) : `Plano ${currentPlan.name}`}. Atualize a forma
                de pagamento em Gerenciar Assinatura para continuar apoiando.
              </Alert>
            ) : (
              <Alert tone="success" title={`Você é Assinante do Bem ${currentName}`}>
                {subscription.cancelAtPeriodEnd && subscription.periodEnd
                  ? `Sua assinatura foi cancelada e termina em ${subscription.periodEnd}. Até lá, nada muda.`
                  : subscription.periodEnd
                    ? `Próxima cobrança em ${subscription.periodEnd}. Obrigado por apoiar todos os meses!`
                    : "Obrigado por apoiar todos os meses!"}
              </Alert>
            )
          ) : null}
        </div>
        {method && !subscription ? <MethodChoice method={method} nudge={nudge} /> : null}
        {/* The subscriber's own plan comes first (on a phone, above the fold), as PlanCard does. */}
        {customIsCurrent ? customCard : null}
        <ul className="mt-6 grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              state={stateFor(plan.id)}
              busy={busy}
              method={method ?? undefined}
              availability={availability}
              nudge={nudge}
            />
          ))}
        </ul>
        {customIsCurrent ? null : customCard}
        <p className="mx-auto mt-6 flex max-w-2xl items-start justify-center gap-2 text-center text-sm text-muted">
          <HeartHandshake size={18} strokeWidth={2} aria-hidden="true" className="mt-0.5 shrink-0 text-coral-700" />
          <span>
            {monthlyShareSentence(feePercent)} {signedIn ? "" : "Para assinar, entre na sua conta ou crie uma em um minuto."}
          </span>
        </p>
      </section>
      <ImpactTable
        feePercent={feePercent}
        currentPlan={subscription?.plan && subscription.plan !== CUSTOM_PLAN_ID ? subscription.plan : null}
      />
      <RankingExplanation counts={counts} />
    </>
  );
}

/** "Pagar com": plain links (the server renders the chosen one; no script on this page for it). */
function MethodChoice({ method, nudge }: { method: SubscriptionMethod; nudge: string | null }) {
  const invite = nudge ? `${NUDGE_PARAM}=${encodeURIComponent(nudge)}` : "";
  const option = (value: SubscriptionMethod, label: string, hint: string) => (
    <a
      href={
        value === "cartao"
          ? `/assine-o-bem${invite ? `?${invite}` : ""}`
          : `/assine-o-bem?metodo=pix-automatico${invite ? `&${invite}` : ""}`
      }
      aria-current={method === value ? "true" : undefined}
      className={
        method === value
          ? "rounded-xl border-2 border-indigo-700 bg-indigo-50 px-4 py-2 text-center"
          : "rounded-xl border border-coral-100 bg-white px-4 py-2 text-center hover:border-indigo-300"
      }
    >
      <span className="block font-bold text-indigo-800">{label}</span>
      <span className="block text-xs text-muted">{hint}</span>
    </a>
  );
  return (
    <nav aria-label="Forma de pagamento" className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-2">
      <p className="text-sm font-semibold">Pagar com:</p>
      <div className="grid w-full grid-cols-2 gap-3">
        {option("pix-automatico", "Pix Automático", "autorize uma vez no app do banco")}
        {option("cartao", "Cartão", "crédito, todo mês")}
      </div>
    </nav>
  );
}
