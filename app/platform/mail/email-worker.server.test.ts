import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { startTestSmtp } from "@tests/smtp";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { passwordResetEmail } from "~/domain/accounts/emails/password-reset.server";
import { type Boss, startBoss, stopBoss } from "~/platform/jobs/boss.server";
import { drainOutbox, retryDelayMs, startEmailWorker } from "~/platform/mail/email-worker.server";
import { createSmtpTransport, type MailTransport } from "~/platform/mail/mailer.server";
import { BLANKED_BODY, enqueueEmail, purgeSentEmails, readableEmail } from "~/platform/mail/outbox.server";
import { emailChangeEmail } from "~/domain/accounts/emails/email-change.server";
import { passwordChangedEmail } from "~/domain/accounts/emails/password-changed.server";
import { sql } from "drizzle-orm";

const FAST = { baseDelayMs: 150, maxDelayMs: 600, maxAttempts: 50 };
const message = (to = "ana@example.com") => ({
  to,
  ...passwordResetEmail({ name: "Ana Souza", url: "http://localhost:3000/redefinir-senha?token=abc" }),
});

async function outbox() {
  return db.select().from(schema.emailOutbox);
}

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("enqueueEmail", () => {
  it("stores the message only if the caller's transaction commits", async () => {
    await db
      .transaction(async (tx) => {
        await enqueueEmail(tx, message());
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await outbox()).toHaveLength(0);

    await db.transaction(async (tx) => {
      await enqueueEmail(tx, message());
    });
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: "ana@example.com", status: "pending", template: "password-reset", attempts: 0 });
    expect(readableEmail(rows[0]!).html).toContain("Criar nova senha");
    expect(readableEmail(rows[0]!).text).toContain("http://localhost:3000/redefinir-senha?token=abc");
  });

  it("ignores a second message with the same dedupe key", async () => {
    expect(await enqueueEmail(db, { ...message(), dedupeKey: "k1" })).toEqual(expect.any(String));
    expect(await enqueueEmail(db, { ...message(), dedupeKey: "k1" })).toBeNull();
    expect(await outbox()).toHaveLength(1);
  });
});

describe("drainOutbox", () => {
  it("sends due messages once and records the outcome", async () => {
    const sent: string[] = [];
    const transport: MailTransport = { kind: "mailbox", send: async (m) => void sent.push(m.to), close() {} };
    await enqueueEmail(db, message("a@example.com"));
    await enqueueEmail(db, message("b@example.com"));
    expect(await drainOutbox(transport, FAST)).toEqual({ sent: 2, failed: 0 });
    expect(await drainOutbox(transport, FAST)).toEqual({ sent: 0, failed: 0 });
    expect(sent.sort()).toEqual(["a@example.com", "b@example.com"]);
    for (const row of await outbox()) expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("blanks a recovery link once really sent, keeps it in the local mailbox, and purges old sent rows (security review finding 8)", async () => {
    const smtp: MailTransport = { kind: "smtp", send: async () => {}, close() {} };
    await enqueueEmail(db, message("a@example.com"));
    await enqueueEmail(db, { to: "a@example.com", ...passwordChangedEmail({ name: "Ana", changedAt: new Date() }) });
    expect(await drainOutbox(smtp, FAST)).toEqual({ sent: 2, failed: 0 });
    const rows = await outbox();
    const reset = rows.find((r) => r.template === "password-reset")!;
    expect(reset).toMatchObject({ status: "sent", html: BLANKED_BODY, text: BLANKED_BODY });
    expect(JSON.stringify(rows)).not.toContain("token=abc");
    expect(rows.find((r) => r.template === "password-changed")!.text).toContain("Ana");

    // The local mailbox (no SMTP, outside production) exists to show the link: it stays there.
    await db.delete(schema.emailOutbox);
    await enqueueEmail(db, message("b@example.com"));
    await drainOutbox({ kind: "mailbox", send: async () => {}, close() {} }, FAST);
    expect(readableEmail((await outbox())[0]!).text).toContain("token=abc");

    // Sent rows older than the retention are purged; recent and unsent ones stay.
    await enqueueEmail(db, message("c@example.com"));
    await db
      .update(schema.emailOutbox)
      .set({ sentAt: sql`now() - interval '31 days'` })
      .where(eq(schema.emailOutbox.to, "b@example.com"));
    expect(await purgeSentEmails()).toBe(1);
    expect((await outbox()).map((r) => r.to)).toEqual(["c@example.com"]);
  });

  it("e-mails that carry a key to an account wait sealed: no link in clear in the outbox row; the mail server gets it whole (issue 31)", async () => {
    const delivered: Array<{ html: string; text: string }> = [];
    const smtp: MailTransport = { kind: "smtp", send: async (m) => void delivered.push(m), close() {} };
    await enqueueEmail(db, message("a@example.com"));
    await enqueueEmail(db, {
      to: "b@example.com",
      ...emailChangeEmail({ name: "Bia", url: "http://localhost:3000/conta/confirmar-email?token=xyz" }),
    });
    const waiting = await outbox();
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.subject.length).toBeGreaterThan(0); // what the queue shows stays readable
      for (const body of [row.html, row.text]) {
        expect(body).not.toMatch(/token=|redefinir-senha|confirmar-email|Ana|Bia/);
      }
    }
    expect(readableEmail(waiting.find((r) => r.template === "password-reset")!).text).toContain("redefinir-senha?token=abc");
    expect(await drainOutbox(smtp, FAST)).toEqual({ sent: 2, failed: 0 });
    expect(delivered.map((m) => m.text).join()).toContain("redefinir-senha?token=abc");
    expect(delivered.map((m) => m.html).join()).toContain("confirmar-email?token=xyz");
  });

  it("backs off after a failure and gives up only after the last attempt", async () => {
    const failing: MailTransport = { kind: "smtp", send: async () => Promise.reject(new Error("connect ECONNREFUSED")), close() {} };
    await enqueueEmail(db, message());
    expect(await drainOutbox(failing, { baseDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 3 })).toEqual({ sent: 0, failed: 1 });
    let [row] = await outbox();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connect ECONNREFUSED" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: nothing is attempted.
    expect(await drainOutbox(failing)).toEqual({ sent: 0, failed: 0 });

    await db.update(schema.emailOutbox).set({ attempts: 2, nextAttemptAt: new Date(Date.now() - 1000) });
    await drainOutbox(failing, { baseDelayMs: 1, maxDelayMs: 1, maxAttempts: 3 });
    [row] = await outbox();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("doubles the delay up to the cap", () => {
    const policy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 100 };
    expect([1, 2, 3, 8, 20].map((n) => retryDelayMs(n, policy))).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});

describe("the pg-boss worker with a real SMTP server", () => {
  let boss: Boss | undefined;
  let stopWorker: (() => Promise<void>) | undefined;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;
  afterEach(async () => {
    await stopWorker?.();
    if (boss) await stopBoss(boss);
    await smtp?.stop();
    boss = stopWorker = smtp = undefined;
  });

  async function startWorker() {
    boss = await startBoss(testConnection());
    const transport = await createSmtpTransport(smtp!.url, "Festa Solidária <nao-responda@festasolidaria.org.br>");
    stopWorker = await startEmailWorker(boss, testConnection(), { transport, retry: FAST, pollMs: 100 });
  }

  it("delivers a committed message over SMTP", async () => {
    smtp = await startTestSmtp();
    await startWorker();
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, message("ana@example.com"));
    });
    const mail = await smtp.waitFor((m) => m.to.includes("ana@example.com"));
    expect(mail.subject).toBe("Redefina sua senha da Festa Solidária");
    expect(mail.text).toContain("http://localhost:3000/redefinir-senha?token=abc");
    expect(mail.html).toContain("Criar nova senha");
    const row = await until(async () => (await outbox()).find((r) => r.status === "sent"));
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("keeps the message while SMTP is down and sends it exactly once when it is back", async () => {
    smtp = await startTestSmtp();
    await smtp.stop();
    await startWorker();
    const id = await enqueueEmail(db, message("bia@example.com"));
    // Several attempts fail while the server is down; the message waits.
    const failing = await until(async () => {
      const [row] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id!));
      return row && row.attempts >= 2 ? row : undefined;
    });
    expect(failing.status).toBe("pending");
    expect(failing.lastError).toBeTruthy();
    expect(smtp.messages).toHaveLength(0);

    await smtp.start();
    await smtp.waitFor((m) => m.to.includes("bia@example.com"));
    const sent = await until(async () => (await outbox()).find((r) => r.status === "sent"));
    expect(sent.lastError).toBeNull();
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.messages.filter((m) => m.to.includes("bia@example.com"))).toHaveLength(1);
  });
});
