/**
 * The recovery e-mail's link (/assinatura/regularizar, issue 30): signed and sealed, good for 10
 * days and for one failed month. It offers this month by a one-off Pix (the same code until it
 * expires, a new one after — every code it made still pays the month) or, for a card, a new card
 * in the provider's portal. It serves ONE payment: once the month is paid it only says so, and
 * opening the portal spends it (a `spent:` key in the shared counters, as decision 170's links).
 */
import { createHash } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Config } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { truncateText } from "~/platform/text";
import { pixTxid } from "~/domain/payments/index.server";
import type { PaymentProvider } from "~/domain/payments";
import { planName } from "./plans";
import type { RecoveryRow } from "./recovery.server";
import type { SubscriptionRow } from "./subscriptions.server";

const { subscriptionRecoveries, subscriptionRecoveryEvents, subscriptions } = schema;
const RECOVERY_LINK_TTL_SECONDS = 10 * 24 * 60 * 60;
/** A month's Pix code is good for a day; the link makes a new one after that. */
const RECOVERY_PIX_TTL_SECONDS = 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function recoveryLinkUrl(publicUrl: string, recoveryId: string, now: Date = new Date()): string {
  const token = signToken("subscription-recovery", { r: recoveryId }, RECOVERY_LINK_TTL_SECONDS, now);
  return `${publicUrl}/assinatura/regularizar?token=${encodeURIComponent(token)}`;
}

export type RecoveryLink = { ok: true; recovery: RecoveryRow; subscription: SubscriptionRow } | { ok: false; error: "invalid" | "expired" };

/** The month a link is for, or why it is refused. */
export async function readRecoveryLink(token: unknown, now: Date): Promise<RecoveryLink> {
  const verified = verifyToken<{ r?: unknown }>("subscription-recovery", token, now);
  if (!verified.ok) return verified;
  const id = verified.data?.r;
  if (typeof id !== "string" || !UUID.test(id)) return { ok: false, error: "invalid" };
  const [found] = await db
    .select({ recovery: subscriptionRecoveries, subscription: subscriptions })
    .from(subscriptionRecoveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRecoveries.subscriptionId))
    .where(eq(subscriptionRecoveries.id, id))
    .limit(1);
  return found ? { ok: true, ...found } : { ok: false, error: "invalid" };
}

/** What the page says about the month. */
export function describeRecovery(recovery: RecoveryRow, subscription: SubscriptionRow) {
  return {
    planName: planName(subscription.plan) ?? subscription.plan,
    amountCents: recovery.amountCents,
    method: recovery.method,
    status: recovery.status,
    nextAttemptAt: recovery.nextAttemptAt?.toISOString() ?? null,
  };
}

type PixDeps = { provider: PaymentProvider | null; config: Config; now: Date };

/**
 * This month's Pix: the code already made while it is good, else a new one (its txid derived from
 * the month and how many codes it had, so a double click asks the PSP for the same charge).
 */
export async function ensureRecoveryPix(recovery: RecoveryRow, { provider, config, now }: PixDeps) {
  if (recovery.pixTxid && recovery.pixCopyPaste && recovery.pixExpiresAt && recovery.pixExpiresAt.getTime() > now.getTime() + 60_000)
    return { txid: recovery.pixTxid, copyPaste: recovery.pixCopyPaste, expiresAt: recovery.pixExpiresAt };
  if (!provider?.createPixCharge) throw new Error("nenhum provedor gera Pix aqui");
  const made = await db
    .select({ id: subscriptionRecoveryEvents.id })
    .from(subscriptionRecoveryEvents)
    .where(and(eq(subscriptionRecoveryEvents.recoveryId, recovery.id), eq(subscriptionRecoveryEvents.kind, "pix_created")));
  const txid = pixTxid(config.APP_SECRET, `recovery:${recovery.id}`, made.length, provider.pixTxidLength ?? 32);
  const charge = await provider.createPixCharge({
    donationId: recovery.id,
    txid,
    amountCents: recovery.amountCents,
    expiresInSeconds: RECOVERY_PIX_TTL_SECONDS,
    description: truncateText("Assine o Bem: mensalidade em atraso", 140),
    now,
  });
  await db.transaction(async (tx) => {
    // The txid is kept in the history: a code paid after a newer one was made still pays the month.
    await tx
      .insert(subscriptionRecoveryEvents)
      .values({ recoveryId: recovery.id, kind: "pix_created", attempt: made.length + 1, providerEventId: txid, occurredAt: now })
      .onConflictDoNothing();
    await tx
      .update(subscriptionRecoveries)
      .set({ pixTxid: txid, pixCopyPaste: charge.copyPaste, pixExpiresAt: charge.expiresAt })
      .where(eq(subscriptionRecoveries.id, recovery.id));
  });
  return { txid, copyPaste: charge.copyPaste, expiresAt: charge.expiresAt };
}

/** Opening the card portal spends the link (once, across instances); false when it was spent before. */
export async function spendRecoveryLink(token: string): Promise<boolean> {
  const key = `spent:subscription-recovery:${createHash("sha256").update(token).digest("hex")}`;
  const spent = await hitRateLimit(key, 1, RECOVERY_LINK_TTL_SECONDS);
  return spent.allowed;
}

/** A month's one-off Pix, found by any txid the link made (the webhook's side, recovery-pix.server.ts). */
export async function findRecoveryIdByPixTxid(executor: Pick<typeof db, "select">, txid: string): Promise<string | null> {
  const [row] = await executor
    .select({ recoveryId: subscriptionRecoveryEvents.recoveryId })
    .from(subscriptionRecoveryEvents)
    .where(and(eq(subscriptionRecoveryEvents.kind, "pix_created"), eq(subscriptionRecoveryEvents.providerEventId, txid)))
    .limit(1);
  return row?.recoveryId ?? null;
}

/**
 * /conta's notice (issue 30): the signed-in subscriber's month in arrears, if any, with the next
 * try and a fresh link to pay it. Ownership is in the query.
 */
export async function findAccountRecovery(userId: string, now: Date) {
  const [found] = await db
    .select({ recovery: subscriptionRecoveries, subscription: subscriptions })
    .from(subscriptionRecoveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRecoveries.subscriptionId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptionRecoveries.status, ["open", "suspended"])))
    .orderBy(desc(subscriptionRecoveries.firstFailedAt))
    .limit(1);
  if (!found) return null;
  const link = new URL(recoveryLinkUrl("http://localhost", found.recovery.id, now));
  return { ...describeRecovery(found.recovery, found.subscription), href: `${link.pathname}${link.search}` };
}
