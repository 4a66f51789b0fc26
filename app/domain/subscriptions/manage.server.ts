/**
 * Changing one subscription from our own pages (issue 16): the plan-management link of the
 * subscription e-mails, and account deletion (which cancels a live subscription first). The
 * provider applies the change and tells us through its usual events; only those events move the
 * row (subscription-events.server.ts).
 */
import { eq } from "drizzle-orm";
import type { Config } from "~/platform/config.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { subscriptionChangedEmail, type SubscriptionChangeKind } from "~/domain/subscriptions/emails/subscription-changed.server";
import { CheckoutError, type SubscriptionChange } from "~/domain/payments";
import { type Payments, providerCan } from "~/domain/payments/index.server";
import { getPlan, planOf, type PlanId } from "./plans";
import { priceIdForPlan } from "./plan-prices.server";
import { planManageUrl } from "./manage-link.server";
import { getUserContact, type SubscriptionRow } from "./subscriptions.server";
import { requestPlanChangeConfirmation } from "./plan-change-confirmation.server";

/** Active or with a payment pending: the subscriber is still bound (and billed). */
export function isLiveSubscription(row: Pick<SubscriptionRow, "status">): boolean {
  return row.status === "active" || row.status === "past_due";
}

/** Asks the subscription's own provider for the change; throws CheckoutError (pt-BR message) when it refuses. */
export async function requestSubscriptionChange(
  row: SubscriptionRow,
  change: SubscriptionChange,
  deps: { payments: Pick<Payments, "byName">; config: Config },
): Promise<void> {
  const provider = deps.payments.byName(row.provider);
  if (!provider?.changeSubscription) throw new Error(`provider ${row.provider} cannot change subscriptions here`);
  const plan = planOf(row);
  await provider.changeSubscription({
    subscription: {
      subscriptionId: row.providerSubscriptionId,
      customerId: row.providerCustomerId,
      userId: row.userId,
      priceId: plan ? priceIdForPlan(plan, provider.name, deps.config) : null,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
    change,
  });
}

// ---------- the plan-management link (issue 16, item 5) ----------

export async function findSubscriptionById(id: string, executor: Executor = db): Promise<SubscriptionRow | null> {
  const [row] = await executor.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id)).limit(1);
  return row ?? null;
}

export type LinkChange = { intent: "cancelar" } | { intent: "reativar" } | { intent: "mudar"; planId: PlanId };
export type LinkChangeResult = { ok: true; message: string } | { ok: false; message: string };

type LinkDeps = { payments: Pick<Payments, "byName">; config: Config; mailer: Mailer; now: Date };

/**
 * A change asked from the plan-management page: the provider applies it (its events update the
 * row), and in one transaction the subscriber gets an e-mail confirming it (with the link again,
 * to undo) and the audit log records it.
 */
export async function changeFromPlanLink(row: SubscriptionRow, change: LinkChange, deps: LinkDeps): Promise<LinkChangeResult> {
  if (!isLiveSubscription(row)) return { ok: false, message: "Esta assinatura não está ativa: não há o que mudar." };
  // A change that costs more is never made by the 7-day link alone (issue 31): a fresh single-use
  // link goes to the subscriber's address for each one (plan-change-confirmation.server.ts).
  if (costsMore(row, change)) return requestPlanChangeConfirmation(row, change, deps);
  return applyPlanLinkChange(row, change, deps);
}

/** A move to a dearer plan, or undoing a cancellation (billing resumes). */
function costsMore(row: Pick<SubscriptionRow, "plan" | "customAmountCents" | "cancelAtPeriodEnd">, change: LinkChange): boolean {
  if (change.intent === "reativar") return row.cancelAtPeriodEnd;
  if (change.intent !== "mudar") return false;
  const [now, next] = [planOf(row), getPlan(change.planId)];
  return Boolean(now && next && next.priceCents > now.priceCents);
}

/** Applies a change asked from the management link (or confirmed by its single-use link). */
export async function applyPlanLinkChange(row: SubscriptionRow, change: LinkChange, deps: LinkDeps): Promise<LinkChangeResult> {
  if (!isLiveSubscription(row)) return { ok: false, message: "Esta assinatura não está ativa: não há o que mudar." };
  const plan = planOf(row);
  if (!plan) return { ok: false, message: "Não encontramos o plano desta assinatura. Fale com a gente." };
  let providerChange: SubscriptionChange;
  let kind: SubscriptionChangeKind;
  let target = plan;
  switch (change.intent) {
    case "cancelar":
      if (row.cancelAtPeriodEnd) return { ok: false, message: "O cancelamento desta assinatura já está agendado." };
      // Paid until the period's end: it simply does not renew. A failed payment ends it now.
      // Pix Automático at a PSP has no "at period end": the authorisation ends now, and the month paid stays paid.
      providerChange =
        row.status === "active" && providerCan(row.provider, "planChanges") ? { kind: "cancel-at-period-end" } : { kind: "cancel-now" };
      kind = "cancel";
      break;
    case "reativar":
      if (!row.cancelAtPeriodEnd) return { ok: false, message: "Esta assinatura não está com cancelamento agendado." };
      providerChange = { kind: "resume" };
      kind = "resume";
      break;
    case "mudar": {
      if (!providerCan(row.provider, "planChanges"))
        return { ok: false, message: "No Pix Automático o valor é fixo: cancele e assine o novo plano." };
      const next = getPlan(change.planId);
      if (!next || next.id === row.plan) return { ok: false, message: "Escolha um plano diferente do atual." };
      const priceId = priceIdForPlan(next, row.provider, deps.config);
      if (!priceId) return { ok: false, message: "Este plano não está disponível agora." };
      providerChange = { kind: "change-plan", priceId };
      kind = "change-plan";
      target = next;
      break;
    }
  }
  try {
    await requestSubscriptionChange(row, providerChange, deps);
  } catch (error) {
    const detail = error instanceof CheckoutError ? ` (${error.message})` : "";
    return { ok: false, message: `Não conseguimos falar com o provedor de pagamento${detail}. Nada mudou; tente de novo em instantes.` };
  }
  await db.transaction(async (tx) => {
    const contact = row.userId ? await getUserContact(row.userId, tx) : null;
    if (contact) {
      await deps.mailer.enqueue(tx, {
        to: contact.email,
        ...subscriptionChangedEmail({
          name: contact.name,
          kind,
          plan: target,
          previousPlan: plan,
          periodEnd: row.currentPeriodEnd,
          manageUrl: planManageUrl(deps.config.PUBLIC_URL, row.id, deps.now),
        }),
      });
    }
    await tx.insert(schema.auditLog).values({
      actorUserId: null,
      action: `subscription.${kind}`,
      entity: "subscription",
      entityId: row.id,
      details: { via: "plan-link", from: plan.id, to: target.id, provider: row.provider },
    });
  });
  const message =
    kind === "cancel"
      ? "Assinatura cancelada. Não haverá novas cobranças; enviamos a confirmação por e-mail."
      : kind === "resume"
        ? "Pronto: sua assinatura continua. Enviamos a confirmação por e-mail."
        : `Plano alterado para ${target.name}. Enviamos a confirmação por e-mail.`;
  return { ok: true, message };
}

/** The provider's page to update the card, coming back to `returnUrl`; audited. */
export async function paymentMethodPortal(row: SubscriptionRow, returnUrl: string, deps: { payments: Pick<Payments, "byName"> }) {
  const provider = deps.payments.byName(row.provider);
  if (!provider?.createPortalSession) return null;
  try {
    const { url } = await provider.createPortalSession({ customerId: row.providerCustomerId, returnUrl });
    await db.insert(schema.auditLog).values({
      actorUserId: null,
      action: "subscription.open_payment_portal",
      entity: "subscription",
      entityId: row.id,
      details: { via: "plan-link" },
    });
    return url;
  } catch {
    return null;
  }
}
