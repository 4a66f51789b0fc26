import { testConnection, useTestDatabase, readableRows } from "@tests/database";
useTestDatabase();

import { createTestUser } from "@tests/auth";
import { startTestSmtp } from "@tests/smtp";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { type Boss, startBoss, stopBoss } from "~/platform/jobs/boss.server";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { startEmailWorker } from "~/platform/mail/email-worker.server";
import { parseConfig } from "~/platform/config.server";
import { transportFromConfig } from "~/platform/mail/mailer.server";
import { countUserSessions } from "~/domain/accounts/sessions.server";
import { action as authAction } from "~/routes/auth";
import { action as resetAction, loader as resetLoader } from "~/routes/redefinir-senha";

const context = { clientIp: "198.51.100.20", nonce: "n", requestId: "r" };
const form = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
  });
const loadReset = (search: string) =>
  resetLoader({ request: new Request(`http://localhost:3000/redefinir-senha${search}`), context, params: {} } as never);
const postReset = (search: string, fields: Record<string, string>) =>
  resetAction({ request: form(`/redefinir-senha${search}`, fields), context, params: {} } as never);
const reply = (r: unknown) => {
  const x = r as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: x.init?.status ?? 200, ...x.data };
};

let boss: Boss | undefined;
let stopWorker: (() => Promise<void>) | undefined;
let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;
afterEach(async () => {
  await stopWorker?.();
  if (boss) await stopBoss(boss);
  await smtp?.stop();
  boss = stopWorker = smtp = undefined;
});

async function startMail() {
  smtp = await startTestSmtp();
  boss = await startBoss(testConnection());
  // The same path as the server: SMTP_URL in the configuration picks the SMTP transport.
  const transport = await transportFromConfig(parseConfig({ ...process.env, SMTP_URL: smtp.url }));
  expect(transport?.kind).toBe("smtp");
  stopWorker = await startEmailWorker(boss, testConnection(), {
    transport,
    retry: { baseDelayMs: 150, maxDelayMs: 500, maxAttempts: 50 },
    pollMs: 100,
  });
  return smtp;
}

describe("password recovery, end to end through the outbox and a real SMTP server", () => {
  it("mails a single-use link that resets the password, revokes sessions and confirms by e-mail", async () => {
    const mail = await startMail();
    const { user, cookie } = await createTestUser({ name: "Diana Prado" });
    await createTestUser({ email: "outra@exemplo.com.br" });

    const answer = reply(
      await authAction({ request: form("/auth?tab=recuperar", { intent: "recover", email: user.email }), context, params: {} } as never),
    );
    expect(answer).toEqual({ status: 200, intent: "recover", sentTo: user.email });

    const received = await mail.waitFor((m) => m.to.includes(user.email) && m.subject.startsWith("Redefina"));
    expect(received.subject).toBe("Redefina sua senha da Festa Solidária");
    expect(received.html).toContain("Olá, Diana!");
    const link = /http:\/\/localhost:3000\/redefinir-senha\?token=[A-Za-z0-9_-]+/.exec(received.text)![0];
    const search = new URL(link).search;

    expect(await loadReset(search)).toMatchObject({ state: "form" });
    expect(
      reply(await postReset(search, { token: new URL(link).searchParams.get("token")!, password: "nova123", confirm: "outra123" })),
    ).toMatchObject({
      status: 400,
      formError: { title: "Senhas não coincidem", description: "Por favor, digite a mesma senha nos dois campos." },
    });
    expect(reply(await postReset(search, { token: "x", password: "123", confirm: "123" }))).toMatchObject({
      formError: { title: "Senha muito curta", description: "A senha deve ter no mínimo 6 caracteres." },
    });

    const token = new URL(link).searchParams.get("token")!;
    const done = (await postReset(search, { token, password: "nova123", confirm: "nova123" })) as Response;
    expect(done.headers.get("Location")).toBe("/redefinir-senha?sucesso=1");
    expect(await loadReset("?sucesso=1")).toMatchObject({ state: "done" });
    expect(await countUserSessions(user.id)).toBe(0);
    expect(await getOptionalUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toBeNull();

    const changed = await mail.waitFor((m) => m.to.includes(user.email) && m.subject === "Sua senha foi alterada");
    expect(changed.text).toContain("encerramos todas as sessões abertas");

    // The link is spent: the page says "Link inválido", and a replayed post changes nothing.
    expect(await loadReset(search)).toMatchObject({ state: "invalid" });
    const replay = (await postReset(search, { token, password: "hacker1", confirm: "hacker1" })) as Response;
    expect(replay.headers.get("Location")).toBe("/redefinir-senha");
    expect(await loadReset("")).toMatchObject({ state: "invalid" });
    // Nobody else got mail.
    expect(mail.messages.every((m) => m.to.includes(user.email))).toBe(true);
  });

  it("refuses an expired link", async () => {
    const { user } = await createTestUser();
    await authAction({ request: form("/auth", { intent: "recover", email: user.email }), context, params: {} } as never);
    const [queued] = await readableRows(db.select().from(schema.emailOutbox));
    const search = new URL(/http\S+/.exec(queued!.text)![0]).search;
    expect(await loadReset(search)).toMatchObject({ state: "form" });
    await db.update(schema.verification).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await loadReset(search)).toMatchObject({ state: "invalid" });
  });

  it("keeps the recovery e-mail while SMTP is down and delivers it once it is back", async () => {
    const mail = await startMail();
    await mail.stop();
    const { user } = await createTestUser();
    const answer = reply(
      await authAction({ request: form("/auth", { intent: "recover", email: user.email }), context, params: {} } as never),
    );
    expect(answer.status).toBe(200); // the user's request does not notice the outage
    const end = Date.now() + 10_000;
    for (;;) {
      const [row] = await readableRows(db.select().from(schema.emailOutbox));
      if (row && row.attempts >= 2) break;
      if (Date.now() > end) throw new Error("no retry happened");
      await new Promise((r) => setTimeout(r, 50));
    }
    await mail.start();
    await mail.waitFor((m) => m.to.includes(user.email));
    await new Promise((r) => setTimeout(r, 700));
    expect(mail.messages).toHaveLength(1);
  });
});
