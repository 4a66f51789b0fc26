/**
 * When a failed monthly charge is tried again (docs/recovery.md, decision 200). Plain rules, no
 * database: the recovery service and the retry job read them, the account page and the admin show
 * their result.
 *
 * - Card, retried by us (the sandbox, any card provider that does not retry by itself): days 1, 3,
 *   5 and 7 after the first failure — four retries in a week, a short form of Stripe's Smart
 *   Retries default (up to 8 tries within 2 weeks).
 * - Card at Stripe: Stripe retries by itself; its `invoice.payment_failed` names the next try
 *   (`next_payment_attempt`), null on its last one. We schedule nothing (never a double charge).
 * - Pix Automático: the Central Bank's rules allow an intraday retry (the same evening) and up to
 *   3 retries within 7 days of the due date on dates the receiver chooses (brazil-notes.md): the
 *   evening of the failure, then days 2, 4 and 6.
 */
import type { RecoveryMethod, RecoveryStatus, RetryOwner } from "./recovery-kinds";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Offsets from the first failure, one per retry, in milliseconds. */
const RETRY_SCHEDULES: Record<RecoveryMethod, readonly number[]> = {
  card: [1 * DAY, 3 * DAY, 5 * DAY, 7 * DAY],
  // The intraday retry: the debit runs early in the morning, the retry the same evening.
  pix_automatico: [10 * HOUR, 2 * DAY, 4 * DAY, 6 * DAY],
};

/** The BCB's window for Pix Automático retries: within 7 days of the failed due date. */
export const PIX_RETRY_WINDOW_MS = 7 * DAY;

/** The retries the schedule allows after the first failure. */
export const maxRetries = (method: RecoveryMethod) => RETRY_SCHEDULES[method].length;

/**
 * When we try next, or null when none is left (the plan is suspended). `failures` counts the
 * distinct failed attempts seen, the first charge included; `lastAttemptAt` is our last request,
 * so a retry asked early ("Tentar agora") is not followed by another the same hour.
 */
export function nextRetryAt(method: RecoveryMethod, firstFailedAt: Date, failures: number, lastAttemptAt: Date | null = null): Date | null {
  const offset = RETRY_SCHEDULES[method][failures - 1];
  if (offset === undefined) return null;
  const planned = firstFailedAt.getTime() + offset;
  const spaced = lastAttemptAt ? lastAttemptAt.getTime() + HOUR : 0;
  return new Date(Math.max(planned, spaced));
}

/** Whether our schedule is used up: the first charge and every retry failed. */
export const scheduleExhausted = (method: RecoveryMethod, failures: number) => failures > maxRetries(method);

/**
 * Whether we may ask for one more retry now: an open cycle we retry ourselves, whose last retry has
 * answered, with retries left, and (Pix Automático) still inside the BCB's 7-day window.
 */
export function mayRetryNow(
  recovery: {
    status: RecoveryStatus;
    retriesBy: RetryOwner;
    method: RecoveryMethod;
    failures: number;
    retriesRequested: number;
    firstFailedAt: Date;
  },
  now: Date,
): boolean {
  if (recovery.status !== "open" || recovery.retriesBy !== "ours") return false;
  if (recovery.retriesRequested >= maxRetries(recovery.method)) return false;
  // The previous retry's answer has not arrived yet: asking again would try twice.
  if (recovery.retriesRequested >= recovery.failures) return false;
  if (recovery.method === "pix_automatico" && now.getTime() - recovery.firstFailedAt.getTime() > PIX_RETRY_WINDOW_MS) return false;
  return true;
}

/** The recovered share of failed cycles: recovered / failed, null when nothing failed. */
export function recoveredShare(failed: number, recovered: number): number | null {
  return failed > 0 ? recovered / failed : null;
}
