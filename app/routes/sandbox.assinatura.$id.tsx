import { data, Form, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { SandboxFrame, SandboxOutcomeButtons, SandboxTestCard } from "~/components/payments/sandbox-checkout";
import { Button } from "~/components/ui/button";
import type { Config } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { deliverCheckoutPaid } from "~/domain/payments/sandbox-subscription-actions.server";
import { readSandboxCheckoutId, sandboxSubscriptionIdFor } from "~/domain/payments/sandbox-subscriptions.server";
import { planOfCheckout } from "~/domain/subscriptions/plans";
import { sandboxOutcomeSchema } from "~/domain/payments/sandbox-forms";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { findCustomerSubscription, findSubscriptionByProviderId } from "~/domain/subscriptions/subscriptions.server";
import type { Route } from "./+types/sandbox.assinatura.$id";
import { readFormData } from "~/platform/http/form-data.server";

export const handle = { bare: true };

export const meta = () => [{ title: "Assinatura — Ambiente de testes" }, { name: "robots", content: "noindex" }];

async function loadCheckout(id: string | undefined, config: Config) {
  const checkout = config.paymentsSandbox && id ? readSandboxCheckoutId(config.APP_SECRET, id) : null;
  if (!checkout) throw data(null, { status: 404 });
  const subscriptionId = sandboxSubscriptionIdFor(config.APP_SECRET, checkout.checkoutId);
  const paid = Boolean(await findSubscriptionByProviderId("sandbox", subscriptionId));
  // The sandbox refuses a second subscription on the same customer (Stripe would take it; our
  // page never offers it, this covers a second tab).
  const other = await findCustomerSubscription("sandbox", checkout.customerId);
  const alreadySubscribed = !paid && (other?.status === "active" || other?.status === "past_due");
  return { checkout, plan: planOfCheckout(checkout)!, paid, alreadySubscribed };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { plan, paid, alreadySubscribed } = await loadCheckout(params.id, context.config);
  return { planName: plan.name, priceCents: plan.priceCents, open: !paid && !alreadySubscribed, paid, alreadySubscribed };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { checkout, paid, alreadySubscribed } = await loadCheckout(params.id, context.config);
  const submission = parseFormSubmission(await readFormData(request), sandboxOutcomeSchema);
  // A paid (or superseded) checkout answers any button, "Voltar" included, by leaving the page.
  if (paid) return redirect("/subscription-success");
  if (alreadySubscribed) return redirect("/assine-o-bem");
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { intent } = submission.value;
  if (intent === "cancelar") return redirect("/subscription-canceled");
  // Like Stripe Checkout: a declined card stays on the page and creates nothing.
  if (intent === "recusar") return data({ declined: true }, { status: 402 });
  await deliverCheckoutPaid(checkout, {
    sandboxEvents: context.payments.sandboxEvents,
    now: context.clock.now(),
    secret: context.config.APP_SECRET,
  });
  return redirect("/subscription-success");
}

export default function SandboxSubscriptionCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { planName, priceCents, open, alreadySubscribed } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  const amount = formatCents(priceCents);
  return (
    <SandboxFrame
      summary={
        <>
          <h1 className="mt-4 text-base font-semibold text-slate-600">Assine o Bem · Plano {planName}</h1>
          <p className="mt-1 text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">
            {amount}
            <span className="text-lg font-semibold text-slate-600"> por mês</span>
          </p>
          <p className="mt-4 max-w-sm text-sm text-slate-600">
            Esta é uma página de assinatura simulada. Escolha o resultado para testar a confirmação da assinatura pelo webhook.
          </p>
        </>
      }
    >
      {open ? (
        <Form method="post" className="space-y-5">
          {actionData?.declined ? (
            <Alert tone="danger" title="Pagamento recusado">
              O cartão foi recusado (simulação). Nenhuma assinatura foi criada; tente de novo.
            </Alert>
          ) : null}
          <SandboxTestCard />
          <SandboxOutcomeButtons amount={amount} busyIntent={busyIntent} />
          <p className="text-xs text-slate-600">
            <strong>Pagar</strong> ativa a assinatura e paga a primeira mensalidade; <strong>Recusar</strong> simula um cartão recusado;{" "}
            <strong>Cancelar</strong> volta sem assinar.
          </p>
        </Form>
      ) : (
        <div className="space-y-4 text-center">
          <h2 className="text-xl font-bold text-slate-900">
            {alreadySubscribed ? "Você já tem uma assinatura" : "Esta assinatura já foi paga"}
          </h2>
          <p className="text-slate-600">Não é possível pagar esta sessão de novo.</p>
          <Form method="post">
            <Button type="submit" name="intent" value="voltar" variant="secondary" shape="rounded">
              Voltar
            </Button>
          </Form>
        </div>
      )}
    </SandboxFrame>
  );
}
