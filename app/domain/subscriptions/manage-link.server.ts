/**
 * The plan-management link every subscription e-mail carries (issue 16, item 5): signed with the
 * app's signed-link helper, good for 7 days and for that one subscription, to
 * /assinatura/gerenciar, where the subscriber cancels, changes plan or updates the payment method
 * without a password.
 */
import { signToken, verifyToken } from "~/platform/signed-link.server";

const PLAN_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

export function planManageToken(subscriptionId: string, now: Date = new Date()): string {
  return signToken("plan-manage", { s: subscriptionId }, PLAN_LINK_TTL_SECONDS, now);
}

export function planManageUrl(publicUrl: string, subscriptionId: string, now: Date = new Date()): string {
  return `${publicUrl}/assinatura/gerenciar?token=${encodeURIComponent(planManageToken(subscriptionId, now))}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subscription id the link was made for, or why it is refused. */
export function readPlanManageToken(
  token: unknown,
  now: Date,
): { ok: true; subscriptionId: string } | { ok: false; error: "invalid" | "expired" } {
  const verified = verifyToken<{ s?: unknown }>("plan-manage", token, now);
  if (!verified.ok) return verified;
  const id = verified.data?.s;
  return typeof id === "string" && UUID.test(id) ? { ok: true, subscriptionId: id } : { ok: false, error: "invalid" };
}
