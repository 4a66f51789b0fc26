/**
 * The Diamante plan's guided visit: a subscriber asks from /conta; the request is stored, e-mailed
 * to the supported institution (the main charity, which receives every Assine o Bem charge,
 * decision 152) and listed for the team. Institutions have no dashboard yet: they answer by e-mail.
 */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { visitRequestEmail } from "~/domain/subscriptions/emails/visit-request.server";
import { db, type Executor, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { planIncludes } from "./benefits";
import { getSubscriptionStatus } from "./subscriptions.server";

const { visitRequests, organizations, user } = schema;

/** One request a week per subscriber: the institution answers each one by hand. */
export const VISIT_REQUEST_INTERVAL_DAYS = 7;

export type VisitInput = { preferredDates: string; people: number; message: string | null };

/** The institution that receives Assine o Bem charges: the oldest active main charity. */
async function supportedInstitution(executor: Executor) {
  const [row] = await executor
    .select({ id: organizations.id, name: organizations.name, email: organizations.email })
    .from(organizations)
    .where(and(eq(organizations.isMain, true), eq(organizations.active, true)))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(1);
  return row ?? null;
}

export async function supportedInstitutionName(executor: Executor = db): Promise<string | null> {
  return (await supportedInstitution(executor))?.name ?? null;
}

export async function listOwnVisitRequests(userId: string, executor: Executor = db) {
  return executor
    .select({
      id: visitRequests.id,
      preferredDates: visitRequests.preferredDates,
      people: visitRequests.people,
      createdAt: visitRequests.createdAt,
    })
    .from(visitRequests)
    .where(eq(visitRequests.userId, userId))
    .orderBy(desc(visitRequests.createdAt))
    .limit(5);
}

/** The team's list (admin → Mensagens): newest first, with who asked (admins may see the e-mail). */
export async function listVisitRequestsForAdmin(limit = 20, executor: Executor = db) {
  return executor
    .select({
      id: visitRequests.id,
      name: user.name,
      email: user.email,
      institution: organizations.name,
      preferredDates: visitRequests.preferredDates,
      people: visitRequests.people,
      message: visitRequests.message,
      sentTo: visitRequests.sentTo,
      createdAt: visitRequests.createdAt,
    })
    .from(visitRequests)
    .innerJoin(user, eq(user.id, visitRequests.userId))
    .leftJoin(organizations, eq(organizations.id, visitRequests.organizationId))
    .orderBy(desc(visitRequests.createdAt))
    .limit(limit);
}

export type VisitResult =
  { ok: true; institutionName: string } | { ok: false; error: "not-included" | "no-institution" | "too-soon"; lastAt?: Date };

/**
 * Stores the request and queues its e-mail in one transaction (both or neither). Refused unless the
 * user's active plan includes the visit, and more than once a week.
 */
export async function requestGuidedVisit(
  requester: { userId: string; name: string; email: string },
  input: VisitInput,
  deps: { mailer: Mailer; teamEmail: string; now: Date },
): Promise<VisitResult> {
  const status = await getSubscriptionStatus(requester.userId);
  if (!status.subscribed || !planIncludes(status.plan, "visita")) return { ok: false, error: "not-included" };
  return db.transaction(async (tx) => {
    // Two tabs posting at once: the user row lock makes the weekly check hold.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, requester.userId)).for("update");
    const since = new Date(deps.now.getTime() - VISIT_REQUEST_INTERVAL_DAYS * 86_400_000);
    const [recent] = await tx
      .select({ createdAt: visitRequests.createdAt })
      .from(visitRequests)
      .where(and(eq(visitRequests.userId, requester.userId), gt(visitRequests.createdAt, since)))
      .orderBy(desc(visitRequests.createdAt))
      .limit(1);
    if (recent) return { ok: false as const, error: "too-soon" as const, lastAt: recent.createdAt };
    const institution = await supportedInstitution(tx);
    if (!institution) return { ok: false as const, error: "no-institution" as const };
    const sentTo = institution.email ?? deps.teamEmail;
    const [row] = await tx
      .insert(visitRequests)
      .values({ userId: requester.userId, organizationId: institution.id, ...input, sentTo, createdAt: deps.now })
      .returning({ id: visitRequests.id });
    await deps.mailer.enqueue(tx, {
      to: sentTo,
      headers: { "Reply-To": requester.email },
      dedupeKey: `visit-request:${row!.id}`,
      ...visitRequestEmail({
        recipient: institution.email ? "institution" : "team",
        institutionName: institution.name,
        subscriberName: requester.name,
        subscriberEmail: requester.email,
        ...input,
        requestedAt: deps.now,
      }),
    });
    return { ok: true as const, institutionName: institution.name };
  });
}
