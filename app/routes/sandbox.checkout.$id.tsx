import { data, Form, redirect, useNavigation } from "react-router";
import { SandboxFrame, SandboxOutcomeButtons, SandboxTestCard } from "~/components/payments/sandbox-checkout";
import { Button } from "~/components/ui/button";
import type { Config } from "~/platform/config.server";
import { formatCents } from "~/platform/money";
import { SANDBOX_TEST_CARD_FINGERPRINT, sandboxEvent, sandboxPaymentId, type SandboxEventType } from "~/domain/payments/sandbox.server";
import { findDonationByCheckoutId } from "~/domain/donations/donations.server";
import { giftReturnUrls } from "~/domain/donations/gift-result.server";
import type { Route } from "./+types/sandbox.checkout.$id";
import { readFormData } from "~/platform/http/form-data.server";
import { type SandboxOutcome, sandboxOutcomeSchema } from "~/domain/payments/sandbox-forms";
import { parseFormSubmission } from "~/platform/forms/submission.server";

export const handle = { bare: true };

export const meta = () => [{ title: "Pagamento — Ambiente de testes" }, { name: "robots", content: "noindex" }];

const CHECKOUT_ID = /^cs_sbx_[0-9a-f]{32}$/;

async function loadCheckout(id: string | undefined, config: Config) {
  if (!config.paymentsSandbox || !id || !CHECKOUT_ID.test(id)) throw data(null, { status: 404 });
  const donation = await findDonationByCheckoutId(id);
  if (!donation || donation.provider !== "sandbox") throw data(null, { status: 404 });
  return donation;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const d = await loadCheckout(params.id, context.config);
  return {
    amountCents: d.amountCents,
    destination: d.partyName ?? d.organizationName ?? "Festa Solidária",
    open: d.status === "pendente",
    status: d.status,
    partyCode: d.partyCode,
  };
}

const OUTCOMES = {
  pagar: { type: "checkout.paid", result: "sucesso" },
  recusar: { type: "checkout.failed", result: "cancelada" },
  cancelar: { type: "checkout.canceled", result: "cancelada" },
} as const satisfies Record<SandboxOutcome, { type: SandboxEventType; result: "sucesso" | "cancelada" }>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const d = await loadCheckout(params.id, context.config);
  const submission = parseFormSubmission(await readFormData(request), sandboxOutcomeSchema);
  // Back where a real provider sends the donor: the checkout's return addresses (signed reference to the gift).
  const back = giftReturnUrls({
    publicUrl: "",
    donationId: d.id,
    festa: d.partyCode,
    ong: d.partyCode ? null : d.organizationSlug,
    now: context.clock.now(),
  });
  if (submission.status !== "success") throw data(null, { status: 400 });
  const outcome = OUTCOMES[submission.value.intent];
  if (d.status === "pendente") {
    // Like a real provider: the result reaches the webhook later, signed, never from this request.
    await context.payments.sandboxEvents.deliver(
      sandboxEvent(
        outcome.type,
        {
          checkoutId: d.checkoutId!,
          donationId: d.id,
          // The amount paid, as a PSP's event names it: the sandbox's simulated fee is taken on it.
          ...(outcome.type === "checkout.paid" ? { paymentId: sandboxPaymentId(d.checkoutId!), amountCents: d.amountCents } : {}),
          // A declined test card carries its fingerprint, like Stripe's, for the abuse limits.
          ...(outcome.type === "checkout.failed" ? { cardFingerprint: SANDBOX_TEST_CARD_FINGERPRINT } : {}),
        },
        context.clock.now(),
      ),
    );
    // A declined card says so on the way back (its event may still be on its way to the webhook).
    if (outcome.type === "checkout.failed") return redirect(`${back.cancelUrl}&pagamento=recusado`);
    return redirect(outcome.result === "sucesso" ? back.successUrl : back.cancelUrl);
  }
  return redirect(d.status === "paga" ? back.successUrl : back.cancelUrl);
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { amountCents, destination, open } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  const amount = formatCents(amountCents);
  return (
    <SandboxFrame
      summary={
        <>
          <h1 className="mt-4 text-base font-semibold text-slate-600">Doação para {destination}</h1>
          <p className="mt-1 text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">{amount}</p>
          <p className="mt-4 max-w-sm text-sm text-slate-600">
            Esta é uma página de pagamento simulada. Escolha o resultado para testar a confirmação da doação pelo webhook.
          </p>
        </>
      }
    >
      {open ? (
        <Form method="post" className="space-y-5">
          <SandboxTestCard />
          <SandboxOutcomeButtons amount={amount} busyIntent={busyIntent} />
          <p className="text-xs text-slate-600">
            <strong>Pagar</strong> confirma a doação; <strong>Recusar</strong> simula um cartão recusado; <strong>Cancelar</strong> volta
            sem pagar.
          </p>
        </Form>
      ) : (
        <div className="space-y-4 text-center">
          <h2 className="text-xl font-bold text-slate-900">Este pagamento já foi encerrado</h2>
          <p className="text-slate-600">Não é possível pagar esta sessão de novo.</p>
          <Form method="post">
            <Button type="submit" name="intent" value="cancelar" variant="secondary" shape="rounded">
              Voltar
            </Button>
          </Form>
        </div>
      )}
    </SandboxFrame>
  );
}
