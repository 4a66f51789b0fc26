/**
 * "Que tal todo mês?" on the server (issue 29, item 4; decision 213). The result page of a paid
 * one-off gift offers the nearest plan (monthly-nudge.ts) and records that it did; the card's
 * button carries a sealed, short-lived reference to the gift (never the donor's e-mail) to
 * /assine-o-bem; there, for a signed-in account, the server checks the gift (it exists, it is
 * paid, it is not someone else's) and notes who started a checkout from it; when that account's
 * next subscription becomes active, it is linked to the gift. The admin's figure counts those links.
 */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { formatCents } from "~/platform/money";
import { nearestPlan } from "./monthly-nudge";
import { getSubscriptionStatus } from "./subscriptions.server";

const { monthlyNudges, donations, subscriptions } = schema;

/** The card's reference is good for two hours: the moment after the gift, not a standing link. */
const NUDGE_TTL_SECONDS = 2 * 3600;
/** Name and e-mail are put in the sign-up form only within a day of the gift being paid. */
const PREFILL_WINDOW_MS = 24 * 3600 * 1000;
/** A subscription counts for the nudge when it was created within this time after the checkout started. */
const CONVERSION_WINDOW = sql`interval '2 days'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signNudgeRef(donationId: string, now: Date): string {
  return signToken("monthly-nudge", { g: donationId }, NUDGE_TTL_SECONDS, now);
}

/** The gift a nudge reference names, or null (missing, tampered, expired). */
export function verifyNudgeRef(ref: string | null | undefined, now: Date): string | null {
  if (!ref) return null;
  const verified = verifyToken<{ g?: unknown }>("monthly-nudge", ref, now);
  const id = verified.ok ? verified.data?.g : null;
  return typeof id === "string" && UUID.test(id) ? id : null;
}

export type MonthlyNudgeOffer = {
  plan: { id: string; name: string; price: string; impact: string };
  ref: string;
};

/**
 * The card for a gift's result page: only for a paid one-off gift whose card has not already
 * become a subscription, and not for a viewer who already has a plan. Records (once per gift) that the card was shown; null when none is shown.
 */
export async function monthlyNudgeOffer(input: {
  donationId: string;
  viewerUserId: string | null;
  now: Date;
}): Promise<MonthlyNudgeOffer | null> {
  const [gift] = await db
    .select({ amountCents: donations.amountCents, convertedTo: monthlyNudges.subscriptionId })
    .from(donations)
    .leftJoin(monthlyNudges, eq(monthlyNudges.donationId, donations.id))
    .where(and(eq(donations.id, input.donationId), eq(donations.status, "paga")))
    .limit(1);
  // Not paid (yet), or this gift's card already became a subscription: nothing to ask.
  if (!gift || gift.convertedTo) return null;
  if (input.viewerUserId) {
    const status = await getSubscriptionStatus(input.viewerUserId);
    if (status.plan) return null;
  }
  await db.insert(monthlyNudges).values({ donationId: input.donationId }).onConflictDoNothing({ target: monthlyNudges.donationId });
  const plan = nearestPlan(gift.amountCents);
  return {
    plan: { id: plan.id, name: plan.name, price: formatCents(plan.priceCents), impact: plan.impact },
    ref: signNudgeRef(input.donationId, input.now),
  };
}

/**
 * An account goes from the card to a plan's checkout. The server checks the gift behind the
 * reference — paid, and a guest's or this account's own — and notes the account and the moment
 * (the first account to start keeps it; a gift already converted is not taken again). Returns
 * whether the nudge is now this account's.
 */
export async function claimMonthlyNudge(ref: string | null | undefined, userId: string, now: Date): Promise<boolean> {
  const donationId = verifyNudgeRef(ref, now);
  if (!donationId) return false;
  const claimed = await db
    .insert(monthlyNudges)
    .select(
      db
        .select({
          donationId: donations.id,
          shownAt: sql`now()`.as("shown_at"),
          userId: sql`${userId}`.as("user_id"),
          startedAt: sql`now()`.as("started_at"),
          subscriptionId: sql`null::uuid`.as("subscription_id"),
          convertedAt: sql`null::timestamptz`.as("converted_at"),
        })
        .from(donations)
        .where(and(eq(donations.id, donationId), eq(donations.status, "paga"), or(isNull(donations.userId), eq(donations.userId, userId)))),
    )
    .onConflictDoUpdate({
      target: monthlyNudges.donationId,
      set: { userId: sql`excluded.user_id`, startedAt: sql`excluded.started_at` },
      setWhere: sql`${monthlyNudges.subscriptionId} is null and (${monthlyNudges.userId} is null or ${monthlyNudges.userId} = excluded.user_id)`,
    })
    .returning({ donationId: monthlyNudges.donationId });
  return claimed.length > 0;
}

/**
 * Inside the transaction applying a subscription's event: once the subscription is active, it is
 * linked to the newest nudge its account started shortly before it was created (never to one
 * started after it, so an older subscription is never claimed). Idempotent.
 */
export async function linkNudgedSubscription(
  tx: Executor,
  row: { id: string; userId: string | null; status: string; createdAt: Date },
): Promise<void> {
  if (!row.userId || row.status !== "active") return;
  const [already] = await tx
    .select({ id: monthlyNudges.donationId })
    .from(monthlyNudges)
    .where(eq(monthlyNudges.subscriptionId, row.id))
    .limit(1);
  if (already) return;
  const [nudge] = await tx
    .select({ donationId: monthlyNudges.donationId })
    .from(monthlyNudges)
    .where(
      and(
        eq(monthlyNudges.userId, row.userId),
        isNull(monthlyNudges.subscriptionId),
        isNotNull(monthlyNudges.startedAt),
        sql`${monthlyNudges.startedAt} <= ${row.createdAt}`,
        sql`${monthlyNudges.startedAt} > ${row.createdAt}::timestamptz - ${CONVERSION_WINDOW}`,
      ),
    )
    .orderBy(desc(monthlyNudges.startedAt))
    .limit(1)
    .for("update");
  if (!nudge) return;
  await tx
    .update(monthlyNudges)
    .set({ subscriptionId: row.id, convertedAt: sql`now()` })
    .where(and(eq(monthlyNudges.donationId, nudge.donationId), isNull(monthlyNudges.subscriptionId)));
}

/**
 * The sign-up form's name and e-mail when /auth is on the way from the card to a plan
 * (`redirectTo` carries the reference): the gift's, read here, within a day of its payment.
 */
export async function nudgeSignupPrefill(redirectTo: string | null, now: Date): Promise<{ name: string; email: string } | null> {
  if (!redirectTo) return null;
  const url = new URL(redirectTo, "http://local");
  if (url.pathname !== "/assine-o-bem") return null;
  const donationId = verifyNudgeRef(url.searchParams.get("convite"), now);
  if (!donationId) return null;
  const [gift] = await db
    .select({ name: donations.donorName, email: donations.donorEmail, anonymous: donations.anonymous, paidAt: donations.paidAt })
    .from(donations)
    .where(and(eq(donations.id, donationId), eq(donations.status, "paga"), isNull(donations.userId)))
    .limit(1);
  if (!gift?.email || !gift.paidAt || now.getTime() - gift.paidAt.getTime() > PREFILL_WINDOW_MS) return null;
  return { name: gift.anonymous ? "" : (gift.name ?? ""), email: gift.email };
}

/**
 * The admin's figure: result pages that showed the card (one per gift), checkouts started from it,
 * and the distinct donors whose subscription became active after it (and how many still are).
 */
export async function monthlyNudgeConversion(executor: Executor = db) {
  const [row] = await executor
    .select({
      shown: sql<number>`count(*)::int`,
      started: sql<number>`count(*) filter (where ${monthlyNudges.startedAt} is not null)::int`,
      converted: sql<number>`count(*) filter (where ${monthlyNudges.subscriptionId} is not null)::int`,
      donors: sql<number>`count(distinct coalesce(${monthlyNudges.userId}, ${monthlyNudges.subscriptionId}::text))
        filter (where ${monthlyNudges.subscriptionId} is not null)::int`,
      stillActive: sql<number>`count(distinct ${subscriptions.id}) filter (where ${subscriptions.status} = 'active')::int`,
    })
    .from(monthlyNudges)
    .leftJoin(subscriptions, eq(subscriptions.id, monthlyNudges.subscriptionId));
  const { shown = 0, started = 0, converted = 0, donors = 0, stillActive = 0 } = row ?? {};
  return { shown, started, converted, donors, stillActive };
}
