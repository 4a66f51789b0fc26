import { data, redirect } from "react-router";
import { PixAutomaticoConsent, PixAutomaticoStatus, PixAutomaticoWaiting } from "~/components/subscriptions/pix-automatico-page";
import { requireUser } from "~/domain/accounts/guards.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import type { PaymentProvider } from "~/domain/payments";
import { PLAN_IDS } from "~/domain/subscriptions/plan-ids";
import { getPlan, type PlanId } from "~/domain/subscriptions/plans";
import { findOwnRecurrence, mainInstitution } from "~/domain/subscriptions/pix-automatico.server";
import { startSubscription } from "~/domain/subscriptions/subscribe.server";
import { pixAutomaticoFormSchema } from "~/domain/subscriptions/subscription-form";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { formatDate } from "~/platform/dates";
import { logger } from "~/platform/logger.server";
import { qrCodeDataUrl } from "~/platform/qr.server";
import { pageMeta } from "~/platform/ui/meta";
import { pixPayeeSentence } from "~/platform/operator";
import type { Route } from "./+types/assine-o-bem.pix-automatico";

/**
 * Assine o Bem by Pix Automático at a PSP (docs/decisions/150-pix.md): without a recurrence, the
 * payer's CPF for the chosen plan ("Gerar QR Code" creates the recurrence); with one, the
 * subscriber's own recurrence — its QR code while it waits for the bank app's authorisation, then
 * the confirmation. Only the subscriber reaches it (their id is in the query's where).
 */
export const meta = () =>
  pageMeta({ title: "Assine o Bem com Pix Automático", description: "Autorize o Pix Automático no app do seu banco.", noindex: true });

// A page of one subscriber: never stored by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The PSP's Pix Automático, when on (PIX_AUTOMATICO=on); the sandbox has its own test bank page. */
function pspOf(context: Route.LoaderArgs["context"]): PaymentProvider {
  const pix = context.payments.with("pixAutomaticoAtPsp");
  if (!pix?.createPixAutomaticoCheckout || !pix.getPixRecurrence) throw data(null, { status: 404 });
  return pix;
}

const planOf = (value: string | null): PlanId | null =>
  value && (PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : null;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const provider = pspOf(context);
  const user = await requireUser(request);
  const institution = await mainInstitution();
  if (!params.rec) {
    const plan = getPlan(planOf(new URL(request.url).searchParams.get("plano")) ?? "");
    if (!plan) throw redirect("/assine-o-bem?metodo=pix-automatico");
    return { state: "cpf" as const, plan: plan.id as PlanId, amountCents: plan.priceCents, institution, payerName: user.name };
  }
  const row = await findOwnRecurrence(user.id, params.rec);
  if (!row) throw data(null, { status: 404 });
  // A PSP's recurrence is always one of the four plans ("outro valor" is refused there: subscribe.server.ts).
  const plan = getPlan(row.plan)!;
  const base = { plan: plan.id as PlanId, amountCents: plan.priceCents, institution };
  const firstCharge = row.currentPeriodEnd ? formatDate(row.currentPeriodEnd) : null;
  // Ended before it started: refused in the bank app or expired (the `rec` webhook, or "Já autorizei").
  if (row.status === "incomplete_expired") return { ...base, state: "recusada" as const, reason: "nao-concluida" as const, firstCharge };
  if (row.status !== "incomplete")
    return { ...base, state: row.status === "canceled" ? ("encerrada" as const) : ("ativa" as const), firstCharge };
  let view = null;
  try {
    view = await provider.getPixRecurrence!(row.providerSubscriptionId);
  } catch (error) {
    logger.warn({ subscriptionId: row.id, error: (error as Error).message }, "pix automatico recurrence read failed");
  }
  // The PSP already says how it ended (its webhook may still be on the way).
  if (view?.status === "REJEITADA" || view?.status === "EXPIRADA")
    return {
      ...base,
      state: "recusada" as const,
      reason: view.status === "REJEITADA" ? ("recusada" as const) : ("expirada" as const),
      firstCharge,
    };
  if (view && view.status !== "CRIADA" && view.status !== "APROVADA") return { ...base, state: "encerrada" as const, firstCharge };
  if (!view?.copyPaste) return { ...base, state: "indisponivel" as const, firstCharge };
  return {
    ...base,
    state: "aguardando" as const,
    firstCharge,
    copyPaste: view.copyPaste,
    qr: await qrCodeDataUrl(view.copyPaste),
    payee: pixPayeeSentence(context.config.operator),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = pspOf(context);
  const user = await requireUser(request);
  const submission = parseFormSubmission(await readFormData(request), pixAutomaticoFormSchema);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const choice = submission.value;
  if (choice.intent === "criar") {
    if (params.rec) throw data(null, { status: 400 });
    const result = await startSubscription(user, choice.plano, {
      provider,
      config: context.config,
      clock: context.clock,
      method: "pix-automatico",
      pixPayer: { cpf: choice.cpf },
    });
    if (result.ok) return redirect(new URL(result.url).pathname);
    return data({ error: result.error.description }, { status: result.status });
  }
  // "Já autorizei": the recurrence's state at the PSP, applied by the same code as its webhook (a late webhook is then a duplicate).
  const row = params.rec ? await findOwnRecurrence(user.id, params.rec) : null;
  if (!row) throw data(null, { status: 404 });
  try {
    const view = await provider.getPixRecurrence!(row.providerSubscriptionId);
    for (const event of view?.events ?? []) await processPaymentEvent(event, context);
  } catch (error) {
    logger.warn({ subscriptionId: row.id, error: (error as Error).message }, "pix automatico refresh failed");
  }
  return redirect(new URL(request.url).pathname);
}

export default function AssineOBemPixAutomatico({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  if (d.state === "cpf") return <PixAutomaticoConsent {...d} error={error} />;
  if (d.state === "aguardando") return <PixAutomaticoWaiting {...d} />;
  return <PixAutomaticoStatus {...d} state={d.state} />;
}
