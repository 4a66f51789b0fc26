/**
 * Changes that cost the subscriber more (a dearer plan, undoing a cancellation) asked from the
 * 7-day plan-management link (issue 31: a reused link upgraded Bronze to Diamante without a
 * password). Each such change sends a fresh link to the subscriber's address, good for one hour
 * and ONE use: opening it shows the change, its button makes it. The link is spent atomically in the
 * shared counters (rate-limit.server.ts), so two clicks, two tabs or two instances apply it once.
 */
import { createHash } from "node:crypto";
import type { Config } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import type { Payments } from "~/domain/payments/index.server";
import { planChangeConfirmationEmail } from "~/domain/subscriptions/emails/plan-change-confirmation.server";
import { customPlan, getPlan, type Plan, type SubscriptionPlanId } from "./plans";
import { getUserContact, type SubscriptionRow } from "./subscriptions.server";
import type { applyPlanLinkChange, LinkChange, LinkChangeResult } from "./manage.server";

type LinkChangePlanId = Extract<LinkChange, { intent: "mudar" }>["planId"];

const PLAN_CHANGE_LINK_TTL_SECONDS = 60 * 60;

type Deps = { payments: Pick<Payments, "byName">; config: Config; mailer: Mailer; now: Date };
/** s: subscription id; c: the change; p: its plan; f: the plan when it was asked (a change since makes the link stale). */
// `a`: the chosen amount when the plan is "personalizado" (a reactivation of one).
type ChangeToken = { s: string; c: "mudar" | "reativar"; p: SubscriptionPlanId | null; a?: number | null; f: string };

/** What the page and the e-mail say the change is. */
export function describeChange(change: LinkChange, plan: Plan) {
  return change.intent === "reativar"
    ? { title: `Manter o Plano ${plan.name}`, sentence: `desfazer o cancelamento: o Plano ${plan.name} continua` }
    : { title: `Mudar para o Plano ${plan.name}`, sentence: `mudar para o Plano ${plan.name}` };
}

export async function requestPlanChangeConfirmation(row: SubscriptionRow, change: LinkChange, deps: Deps): Promise<LinkChangeResult> {
  const target = getPlan(change.intent === "mudar" ? change.planId : row.plan);
  const contact = row.userId ? await getUserContact(row.userId) : null;
  if (!target || !contact) return { ok: false, message: "Não conseguimos enviar a confirmação. Escreva para o nosso contato." };
  const limit = await hitRateLimit(`plan-change-link:${row.id}`, 5, 60 * 60);
  if (!limit.allowed) return { ok: false, message: "Já enviamos vários links há pouco: confira seu e-mail ou tente de novo mais tarde." };
  const data: ChangeToken = {
    s: row.id,
    c: change.intent === "mudar" ? "mudar" : "reativar",
    p: target.id,
    a: target.id === "personalizado" ? target.priceCents : null,
    f: row.plan,
  };
  const token = signToken("plan-change", data, PLAN_CHANGE_LINK_TTL_SECONDS, deps.now);
  const url = `${deps.config.PUBLIC_URL}/assinatura/confirmar?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await deps.mailer.enqueue(tx, {
      to: contact.email,
      ...planChangeConfirmationEmail({ name: contact.name, what: describeChange(change, target).sentence, price: target.priceCents, url }),
    });
    await tx.insert(schema.auditLog).values({
      actorUserId: null,
      action: "subscription.change_requested",
      entity: "subscription",
      entityId: row.id,
      details: { via: "plan-link", change: change.intent, from: row.plan, to: target.id },
    });
  });
  return {
    ok: true,
    message: `Para confirmar, enviamos um link para o e-mail da assinatura (vale por 1 hora e uma única vez). Nada mudou ainda.`,
  };
}

export type PlanChangeLink =
  { ok: true; subscriptionId: string; change: LinkChange; fromPlan: string; plan: Plan } | { ok: false; error: "invalid" | "expired" };

/** The change a confirmation link is for, without spending it (the page that shows it). */
export function readPlanChangeToken(token: unknown, now: Date): PlanChangeLink {
  const verified = verifyToken<ChangeToken>("plan-change", token, now);
  if (!verified.ok) return verified;
  const { s, c, p, a, f } = verified.data;
  const plan = p === "personalizado" && typeof a === "number" ? customPlan(a) : typeof p === "string" ? getPlan(p) : undefined;
  if (typeof s !== "string" || typeof f !== "string" || !plan || (c !== "mudar" && c !== "reativar"))
    return { ok: false, error: "invalid" };
  // A move is always to one of the four plans; only a reactivation may name a chosen amount.
  if (c === "mudar" && plan.id === "personalizado") return { ok: false, error: "invalid" };
  const change: LinkChange = c === "mudar" ? { intent: "mudar", planId: plan.id as LinkChangePlanId } : { intent: "reativar" };
  return { ok: true, subscriptionId: s, change, fromPlan: f, plan };
}

export type ConfirmOutcome = LinkChangeResult & { error?: "invalid" | "expired" | "used" | "stale" };

/** The button on the confirmation page: spends the link (once, ever) and makes the change. */
export async function confirmPlanChange(
  token: string,
  deps: Deps,
  load: { findSubscription: (id: string) => Promise<SubscriptionRow | null>; apply: typeof applyPlanLinkChange },
): Promise<ConfirmOutcome> {
  const link = readPlanChangeToken(token, deps.now);
  if (!link.ok)
    return link.error === "expired"
      ? {
          ok: false,
          error: "expired",
          message: "Este link de confirmação venceu (ele vale por 1 hora). Nada mudou: peça a mudança de novo.",
        }
      : { ok: false, error: "invalid", message: "Este link de confirmação não é válido. Nada mudou." };
  const spent = await hitRateLimit(
    `spent:plan-change:${createHash("sha256").update(token).digest("hex")}`,
    1,
    PLAN_CHANGE_LINK_TTL_SECONDS,
  );
  if (!spent.allowed) return { ok: false, error: "used", message: "Este link já foi usado. Para outra mudança, peça um novo link." };
  const row = await load.findSubscription(link.subscriptionId);
  if (!row || row.plan !== link.fromPlan)
    return {
      ok: false,
      error: "stale",
      message: "A assinatura mudou depois que este link foi enviado. Nada mudou: peça a mudança de novo.",
    };
  return load.apply(row, link.change, deps);
}
