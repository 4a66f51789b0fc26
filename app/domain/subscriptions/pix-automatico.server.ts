/**
 * Assine o Bem by Pix Automático at a PSP (docs/decisions/150-pix.md, "Pix Automático"): the
 * subscription row written when the recurrence is created (the standard's webhooks name only the
 * recurrence id), the subscriber's own recurrence for our QR page, the due dates, and a charge's
 * amount and period from our record of it (the `cobr` webhook names only its txid).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { db, type Executor, schema, type Transaction } from "~/platform/db.server";
import type { SubscriptionPaymentEvent } from "~/domain/payments";
import { providerCan } from "~/domain/payments/index.server";
import { institutionSummary, type InstitutionSummary } from "~/domain/organizations";
import { findMainInstitution } from "~/domain/organizations/index.server";
import type { PlanId } from "./plans";
import type { SubscriptionRow } from "./subscriptions.server";

const { subscriptions, pixRecurringCharges } = schema;
export const PIX_AUTOMATICO = "pix_automatico";

/** A calendar date's noon in UTC (09:00 in São Paulo): the same calendar day there. */
const calendarNoon = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/** Adds whole months to a calendar date whose day is at most 28. */
function addCalendarMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/**
 * The first month's due date: three days from today, so the job can still ask the PSP for the
 * charge at least two days ahead (the standard's window is 2–10 days) once the payer authorises;
 * a day past the 28th moves to the 1st, so every month has the due day.
 */
export function firstDueDate(now: Date): { startDate: string; dueDay: number } {
  const date = addCalendarDays(todayInSaoPaulo(now), 3);
  const day = Number(date.slice(8, 10));
  if (day <= 28) return { startDate: date, dueDay: day };
  const next = addCalendarMonths(`${date.slice(0, 8)}01`, 1);
  return { startDate: next, dueDay: 1 };
}

/** The due date (day `dueDay` of this month or the next) that falls 2 to 10 days from today, if any. */
export function dueDateInWindow(today: string, dueDay: number): string | null {
  const day = String(dueDay).padStart(2, "0");
  const thisMonth = `${today.slice(0, 8)}${day}`;
  const from = addCalendarDays(today, 2);
  const to = addCalendarDays(today, 10);
  return [thisMonth, addCalendarMonths(thisMonth, 1)].find((d) => d >= from && d <= to) ?? null;
}

/**
 * The row of a recurrence just created: `incomplete` until its `rec` webhook says APROVADA; its
 * period ends at the first due date (what "Próxima cobrança" shows once active).
 */
export async function recordPendingRecurrence(request: {
  userId: string;
  planId: PlanId;
  customerId: string;
  recurrenceId: string;
  startDate: string;
}): Promise<void> {
  await db
    .insert(subscriptions)
    .values({
      userId: request.userId,
      plan: request.planId,
      status: "incomplete",
      provider: "pix",
      providerCustomerId: request.customerId,
      providerSubscriptionId: request.recurrenceId,
      currentPeriodEnd: calendarNoon(request.startDate),
      // Older than any real event: the webhook's events all apply.
      lastEventAt: new Date(0),
      paymentMethod: PIX_AUTOMATICO,
      pixDueDay: Number(request.startDate.slice(8, 10)),
    })
    .onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
}

/** A recurrence of this user and plan created in the last 10 minutes and still waiting: a double click reuses it. */
export async function findWaitingRecurrence(userId: string, planId: PlanId): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.plan, planId),
        eq(subscriptions.status, "incomplete"),
        eq(subscriptions.paymentMethod, PIX_AUTOMATICO),
        // The database's clock, which wrote created_at.
        gt(subscriptions.createdAt, sql`now() - interval '10 minutes'`),
      ),
    )
    .orderBy(sql`${subscriptions.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** The subscriber's own recurrence (our QR page): ownership is part of the query. */
export async function findOwnRecurrence(userId: string, recurrenceId: string, executor: Executor = db): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, "pix"),
        eq(subscriptions.providerSubscriptionId, recurrenceId),
        eq(subscriptions.paymentMethod, PIX_AUTOMATICO),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A `cobr` event's charge as we asked for it: the amount we charged and the month it pays (from
 * its due date). The standard's notification names only the txid; a PSP that sends more is
 * still read against our record, which wins.
 */
export async function withRecurringCharge(tx: Transaction, event: SubscriptionPaymentEvent): Promise<SubscriptionPaymentEvent> {
  if (!providerCan(event.provider, "pixAutomaticoAtPsp") || !event.invoice) return event;
  const [charge] = await tx.select().from(pixRecurringCharges).where(eq(pixRecurringCharges.txid, event.invoice.id)).limit(1);
  if (!charge) return event;
  return {
    ...event,
    invoice: {
      id: event.invoice.id,
      amountCents: charge.amountCents,
      periodEnd: calendarNoon(addCalendarMonths(charge.dueDate, 1)),
    },
  };
}

/** Assine o Bem supports the platform's main charity (decision 152): the institution our page names. */
export async function mainInstitution(): Promise<InstitutionSummary | null> {
  return institutionSummary(await findMainInstitution());
}
