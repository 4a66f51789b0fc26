/**
 * The supporters' mural and the subscribers' ranking (/assine-o-bem/mural, /assine-o-bem): counts
 * of active subscriptions per plan band and the names of the subscribers who chose to appear, from
 * /conta. Only active subscriptions count; a name is a first name and initial or the name the
 * subscriber chose, never an e-mail (LGPD).
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { muralDefaultName, planIncludes, plansWith } from "./benefits";
import { PLAN_IDS } from "./plan-ids";
import { PLANS, type PlanId } from "./plans";

const { subscriptions, supporterMural, user } = schema;

export type MuralChoice = { optedIn: boolean; displayName: string | null };

export async function findMuralChoice(userId: string, executor: Executor = db): Promise<MuralChoice> {
  const [row] = await executor
    .select({ displayName: supporterMural.displayName })
    .from(supporterMural)
    .where(eq(supporterMural.userId, userId))
    .limit(1);
  return row ? { optedIn: true, displayName: row.displayName } : { optedIn: false, displayName: null };
}

/** Opting in stores the row (with the chosen name, or null for the default); opting out deletes it. */
export async function saveMuralChoice(userId: string, choice: { show: boolean; displayName: string | null }, executor: Executor = db) {
  if (!choice.show) {
    await executor.delete(supporterMural).where(eq(supporterMural.userId, userId));
    return;
  }
  await executor
    .insert(supporterMural)
    .values({ userId, displayName: choice.displayName })
    .onConflictDoUpdate({ target: supporterMural.userId, set: { displayName: choice.displayName, updatedAt: new Date() } });
}

export type RankingBand = { plan: PlanId; name: string; band: string; subscribers: number; names: string[] };

async function activeCountsByPlan(executor: Executor) {
  const rows = await executor
    .select({ plan: subscriptions.plan, n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.status, "active"))
    .groupBy(subscriptions.plan);
  return new Map(rows.map((r) => [r.plan, r.n]));
}

/** How many active subscriptions each plan has now (the ranking's counts on /assine-o-bem). */
export async function activeSubscriptionsByPlan(executor: Executor = db): Promise<Partial<Record<PlanId, number>>> {
  return Object.fromEntries(await activeCountsByPlan(executor));
}

async function optedInSupporters(executor: Executor) {
  const muralPlans = plansWith("mural").map((p) => p.id);
  if (muralPlans.length === 0) return [];
  return executor
    .select({ userId: user.id, fullName: user.name, displayName: supporterMural.displayName, plan: subscriptions.plan })
    .from(supporterMural)
    .innerJoin(user, eq(user.id, supporterMural.userId))
    .innerJoin(subscriptions, and(eq(subscriptions.userId, user.id), eq(subscriptions.status, "active")))
    .where(inArray(subscriptions.plan, muralPlans));
}

/**
 * The ranking, highest band first: how many active subscriptions each band has and, for the bands
 * whose plan includes the mural, the names of those who opted in (each person once, in their
 * highest band), in alphabetical order.
 */
export async function supportersRanking(executor: Executor = db): Promise<RankingBand[]> {
  const [counts, supporters] = await Promise.all([activeCountsByPlan(executor), optedInSupporters(executor)]);
  const rank = (plan: string) => (PLAN_IDS as readonly string[]).indexOf(plan);
  const best = new Map<string, (typeof supporters)[number]>();
  for (const s of supporters) {
    const seen = best.get(s.userId);
    if (!seen || rank(s.plan) > rank(seen.plan)) best.set(s.userId, s);
  }
  const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });
  return [...PLANS].reverse().map((plan) => ({
    plan: plan.id,
    name: plan.name,
    band: plan.band,
    subscribers: counts.get(plan.id) ?? 0,
    names: planIncludes(plan.id, "mural")
      ? [...best.values()]
          .filter((s) => s.plan === plan.id)
          .map((s) => s.displayName?.trim() || muralDefaultName(s.fullName))
          .sort(collator.compare)
      : [],
  }));
}
