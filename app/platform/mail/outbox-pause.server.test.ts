import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { passwordResetEmail } from "~/domain/accounts/emails/password-reset.server";
import { drainOutbox } from "~/platform/mail/email-worker.server";
import type { MailTransport } from "~/platform/mail/mailer.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { runOutboxCommand } from "./outbox-cli.server";
import { checkDatabaseIdentity, currentDatabaseIdentity, isOutboxPaused, outboxStatus } from "./outbox-pause.server";

function recorder() {
  const sent: string[] = [];
  const transport = { kind: "test", send: async (m: { to: string }) => void sent.push(m.to), close() {} } as unknown as MailTransport;
  return { sent, transport };
}
const queue = (to: string) =>
  enqueueEmail(db, { to, ...passwordResetEmail({ name: "Ana", url: "http://localhost:3000/redefinir-senha?token=abc" }) });

function cli(args: string[]) {
  const out: string[] = [];
  return runOutboxCommand(args, { log: (l) => out.push(l), error: (l) => out.push(l) }).then((code) => ({ code, out: out.join("\n") }));
}

describe("a restored copy pauses e-mail sending", () => {
  it("records the identity at the first start and keeps sending on the same database", async () => {
    expect((await checkDatabaseIdentity()).status).toBe("first-start");
    expect((await checkDatabaseIdentity()).status).toBe("same");
    expect(await isOutboxPaused()).toBe(false);
  });

  it("pauses when the database's identity changed, sends nothing until resumed, then sends once", async () => {
    await checkDatabaseIdentity();
    // What a dump restored elsewhere looks like: the recorded identity is another database's.
    await db
      .update(schema.systemState)
      .set({ value: "7000000000000000000/festa/16384" })
      .where(eq(schema.systemState.key, "database_identity"));
    await queue("convidado@exemplo.com.br");

    const check = await checkDatabaseIdentity();
    expect(check).toMatchObject({
      status: "restored-copy",
      recorded: "7000000000000000000/festa/16384",
      current: await currentDatabaseIdentity(),
    });
    expect(await isOutboxPaused()).toBe(true);
    // The next start on the same copy: still paused, not "restored" again.
    expect((await checkDatabaseIdentity()).status).toBe("same");

    const { sent, transport } = recorder();
    expect(await drainOutbox(transport)).toEqual({ sent: 0, failed: 0 });
    expect(sent).toEqual([]);
    const [row] = await db.select().from(schema.emailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 0 });

    const status = await cli(["status"]);
    expect(status.code).toBe(0);
    expect(status.out).toContain("PAUSADO (cópia restaurada detectada");
    expect(status.out).toMatch(/Na fila: 1 pendente[,;]/);

    expect((await cli(["resume"])).code).toBe(0);
    expect(await isOutboxPaused()).toBe(false);
    expect(await drainOutbox(transport)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(["convidado@exemplo.com.br"]);
  });

  it("resume before the first start accepts the copy: the start does not pause again", async () => {
    await checkDatabaseIdentity();
    await db.update(schema.systemState).set({ value: "outro/banco/1" }).where(eq(schema.systemState.key, "database_identity"));
    expect((await outboxStatus()).identityChanged).toBe(true);
    expect((await cli(["status"])).out).toContain("cópia restaurada");
    await cli(["resume"]);
    expect((await checkDatabaseIdentity()).status).toBe("same");
    expect(await isOutboxPaused()).toBe(false);
  });

  it("an operator can pause and resume by hand; unknown commands print the usage", async () => {
    expect((await cli(["pause", "manutenção", "do", "SMTP"])).code).toBe(0);
    expect((await outboxStatus()).reason).toBe("manutenção do SMTP");
    await queue("a@exemplo.com.br");
    const { sent, transport } = recorder();
    await drainOutbox(transport);
    expect(sent).toEqual([]);
    await cli(["resume"]);
    await drainOutbox(transport);
    expect(sent).toEqual(["a@exemplo.com.br"]);
    const wrong = await cli(["explode"]);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain("npm run outbox -- <comando>");
  });
});
