import { data, Form, redirect, useNavigation } from "react-router";
import { SandboxFrame } from "~/components/payments/sandbox-checkout";
import { Button } from "~/components/ui/button";
import { sandboxPixAutomaticoSchema } from "~/domain/payments/sandbox-forms";
import { deliverPixAutomaticoChoice, sandboxRecurrenceBrCode, sandboxRecurrenceId } from "~/domain/payments/sandbox-pix-automatico.server";
import { readSandboxCheckoutId } from "~/domain/payments/sandbox-subscriptions.server";
import { planOf, planOfCheckout } from "~/domain/subscriptions/plans";
import { findSubscriptionByProviderId } from "~/domain/subscriptions/subscriptions.server";
import type { Config } from "~/platform/config.server";
import { formatDate } from "~/platform/dates";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { formatCents } from "~/platform/money";
import { qrCodeDataUrl } from "~/platform/qr.server";
import type { Route } from "./+types/sandbox.pix-automatico.$id";

export const handle = { bare: true };

export const meta = () => [{ title: "Banco de testes — Pix Automático" }, { name: "robots", content: "noindex" }];

async function loadRecurrence(id: string | undefined, config: Config) {
  const checkout = config.paymentsSandbox && id ? readSandboxCheckoutId(config.APP_SECRET, id) : null;
  if (!checkout) throw data(null, { status: 404 });
  const idRec = sandboxRecurrenceId(config.APP_SECRET, checkout);
  const row = await findSubscriptionByProviderId("sandbox", idRec);
  return { checkout, idRec, row };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { config } = context;
  const { checkout, idRec, row } = await loadRecurrence(params.id, config);
  const plan = (row ? planOf(row) : planOfCheckout(checkout))!;
  const brCode = sandboxRecurrenceBrCode(config.PUBLIC_URL, idRec, {
    merchantName: config.PIX_MERCHANT_NAME,
    merchantCity: config.PIX_MERCHANT_CITY,
  });
  return {
    planName: plan.name,
    priceCents: plan.priceCents,
    idRec,
    brCode,
    qr: await qrCodeDataUrl(brCode),
    state: row?.status ?? "nova",
    periodEnd: row?.currentPeriodEnd ? formatDate(row.currentPeriodEnd) : null,
    done: new URL(request.url).searchParams.get("feito"),
  };
}

/** The subscriber's "bank app": like a real bank it only answers the PSP; the result reaches us later, signed. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { checkout, row } = await loadRecurrence(params.id, context.config);
  const submission = parseFormSubmission(await readFormData(request), sandboxPixAutomaticoSchema);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { intent } = submission.value;
  if (intent === "recusar") return redirect("/subscription-canceled");
  const error = await deliverPixAutomaticoChoice(checkout, row, intent, {
    sandboxEvents: context.payments.sandboxEvents,
    now: context.clock.now(),
    secret: context.config.APP_SECRET,
  });
  if (error) return data({ error }, { status: 409 });
  if (intent === "autorizar") return redirect("/subscription-success");
  return redirect(`/sandbox/pix-automatico/${params.id}?feito=${intent}`);
}

const DONE: Record<string, string> = {
  "pagar-mes": "Cobrança do mês paga. O resultado chega à assinatura pelo webhook.",
  "falhar-mes": "Cobrança do mês recusada (saldo insuficiente, simulação).",
  "cancelar-no-banco": "Autorização cancelada no banco.",
};

export default function SandboxPixAutomatico({ loaderData, actionData }: Route.ComponentProps) {
  const { planName, priceCents, idRec, brCode, qr, state, periodEnd, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const amount = formatCents(priceCents);
  const active = state === "active" || state === "past_due";
  return (
    <SandboxFrame
      label="Pix Automático"
      summary={
        <>
          <h1 className="mt-4 text-base font-semibold text-slate-600">Banco de testes — Pix Automático</h1>
          <p className="mt-1 text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">
            {amount}
            <span className="text-lg font-semibold text-slate-600"> por mês</span>
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Assine o Bem · Plano {planName} · recorrência {idRec}
          </p>
          <img src={qr} alt="QR Code da autorização do Pix Automático" width={176} height={176} className="mt-4 rounded-lg bg-white p-2" />
          <p className="mt-2 font-mono text-xs break-all text-slate-500">{brCode}</p>
        </>
      }
    >
      {done && DONE[done] ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-900">
          {DONE[done]}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {state === "nova" ? (
        <Form method="post" className="space-y-3">
          <p className="text-sm text-slate-700">
            Autorize uma vez o débito mensal de {amount} para a Festa Solidária. A primeira mensalidade é paga agora.
          </p>
          <Button type="submit" name="intent" value="autorizar" size="lg" className="w-full" disabled={busy}>
            Autorizar Pix Automático
          </Button>
          <Button type="submit" name="intent" value="recusar" variant="secondary" className="w-full" disabled={busy}>
            Recusar
          </Button>
        </Form>
      ) : active ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {state === "past_due" ? "A última cobrança não foi paga." : "Autorização ativa."}
            {periodEnd ? ` Pago até ${periodEnd}.` : ""}
          </p>
          <Form method="post" className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" name="intent" value="pagar-mes" className="w-full" disabled={busy}>
              Pagar cobrança do mês
            </Button>
            <Button type="submit" name="intent" value="falhar-mes" variant="secondary" className="w-full" disabled={busy}>
              Recusar cobrança do mês
            </Button>
          </Form>
          <Form method="post">
            <Button type="submit" name="intent" value="cancelar-no-banco" variant="secondary" className="w-full" disabled={busy}>
              Cancelar autorização no banco
            </Button>
          </Form>
        </div>
      ) : (
        <p className="text-sm font-semibold text-slate-700">
          {state === "canceled" ? "Esta autorização foi cancelada." : "Aguardando a confirmação da autorização."}
        </p>
      )}
      <p className="mt-4 text-xs text-slate-600">
        Cada escolha chega à assinatura pelo webhook, assinada, como num banco de verdade. Atualize a página para ver o estado.
      </p>
    </SandboxFrame>
  );
}
