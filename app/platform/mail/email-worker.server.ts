/**
 * Sends the e-mail outbox. A pg-boss queue ("email-outbox", policy "short": at most one drain
 * waiting, however many instances ask) runs `drainOutbox`, which claims due messages and sends
 * them one by one. Each message carries its own retry schedule (attempts, next_attempt_at,
 * exponential backoff), so a mail server that is down only delays the message: it is never
 * dropped and the user's request never waits for it.
 *
 * Wake-ups: the NOTIFY that enqueueEmail sends on commit, plus a light poll for messages whose
 * retry time has come.
 */
import type { Connection } from "~/platform/db.server";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import type { MailTransport } from "~/platform/mail/mailer.server";
import {
  claimDueEmails,
  hasDueEmails,
  markEmailAttemptFailed,
  markEmailSent,
  OUTBOX_CHANNEL,
  type QueuedEmailRenderer,
  readableEmail,
  storeRenderedEmail,
} from "~/platform/mail/outbox.server";
import { isOutboxPaused } from "~/platform/mail/outbox-pause.server";

const EMAIL_QUEUE = "email-outbox";

export type RetryPolicy = {
  /** Delay after the first failure; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many attempts the message is marked failed (it stays in the outbox). */
  maxAttempts: number;
};

// 30 s, 1 min, 2 min … capped at 1 h: about four days of trying before giving up.
const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 100 };
const LEASE_SECONDS = 120;
const BATCH = 10;

export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

/** Sends every message that is due now. Returns how many went out and how many failed. */
export async function drainOutbox(transport: MailTransport, policy: RetryPolicy = DEFAULT_RETRY, render?: QueuedEmailRenderer) {
  let sent = 0;
  let failed = 0;
  // Paused (a restored copy, or an operator): messages stay pending, untouched.
  if (await isOutboxPaused()) return { sent, failed };
  for (;;) {
    const batch = await claimDueEmails(BATCH, LEASE_SECONDS);
    if (batch.length === 0) return { sent, failed };
    for (const claimed of batch) {
      let email = claimed;
      try {
        // Queued unrendered (a paid gift's e-mails): rendered here, outside the paying transaction.
        if (claimed.renderData) {
          const rendered = render?.({ template: claimed.template, renderData: claimed.renderData });
          if (!rendered) throw new Error(`no renderer for the queued template ${claimed.template}`);
          await storeRenderedEmail(claimed.id, rendered);
          email = { ...claimed, ...rendered, renderData: null };
        }
        const { html, text } = readableEmail(email);
        await transport.send({
          to: email.to,
          subject: email.subject,
          html,
          text,
          ...(email.headers ? { headers: email.headers } : {}),
        });
        // The local mailbox is where a developer reads the links: blank only what really left.
        await markEmailSent(email.id, undefined, { blankSensitive: transport.kind !== "mailbox" });
        sent++;
      } catch (error) {
        failed++;
        const message = error instanceof Error ? error.message : String(error);
        const final = email.attempts >= policy.maxAttempts;
        await markEmailAttemptFailed(email.id, message, final ? { final: true } : { retryInMs: retryDelayMs(email.attempts, policy) });
        (final ? logger.error : logger.warn).call(
          logger,
          { emailId: email.id, template: email.template, attempts: email.attempts, err: message },
          final ? "e-mail gave up after its last attempt" : "e-mail attempt failed; will retry",
        );
      }
    }
  }
}

export type EmailWorkerOptions = {
  transport: MailTransport | null;
  retry?: RetryPolicy;
  /** Renders the messages queued unrendered (see QueuedEmailRenderer). */
  render?: QueuedEmailRenderer;
  /** How often to look for messages whose retry time has come. */
  pollMs?: number;
};

/** Starts the worker in this process; returns its stop function. */
export async function startEmailWorker(boss: Boss, connection: Connection, options: EmailWorkerOptions) {
  const { transport } = options;
  if (!transport) {
    logger.warn("SMTP_URL não configurada: os e-mails ficam guardados na fila até que ela seja configurada.");
    return async () => {};
  }
  const retry = options.retry ?? DEFAULT_RETRY;
  await boss.createQueue(EMAIL_QUEUE, { name: EMAIL_QUEUE, policy: "short", retryLimit: 3, retryDelay: 5 });
  let stopped = false;
  // The drain running now, so stopping waits for it: no query may start after the pool closes.
  let inFlight: Promise<unknown> | undefined;
  const workerId = await boss.work(EMAIL_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async () => {
    if (stopped) return;
    const run = drainOutbox(transport, retry, options.render);
    inFlight = run;
    try {
      await run;
    } catch (error) {
      if (!stopped) throw error;
    } finally {
      inFlight = undefined;
    }
  });

  const wake = async () => {
    if (stopped) return;
    try {
      await boss.send(EMAIL_QUEUE, {});
      boss.notifyWorker(workerId);
    } catch (error) {
      logger.warn({ err: error }, "could not queue the e-mail drain");
    }
  };
  const unlisten = await connection.listen(OUTBOX_CHANNEL, () => void wake());
  const timer = setInterval(() => {
    hasDueEmails()
      .then((due) => (due ? wake() : undefined))
      .catch(() => {});
  }, options.pollMs ?? 5_000);
  timer.unref();
  await wake();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight?.catch(() => {});
    await unlisten().catch(() => {});
    await boss.offWork(EMAIL_QUEUE).catch(() => {});
    transport.close();
  };
}
