/**
 * Fault (c): the mail server is down for a while. The contact form still answers at once; its
 * e-mails wait in the outbox (attempts counted, nothing lost) and all arrive exactly once after the
 * mail server comes back (the worker retries with backoff: first retry 30 s after a failure).
 */
import { startTestSmtp } from "@tests/smtp";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  createFaultDb,
  DB_KINDS,
  type FaultDb,
  postForm,
  scalar,
  type ServerProcess,
  sleep,
  startServer,
  waitUntil,
} from "./support/harness";

const MESSAGES = 12;
let server: ServerProcess | undefined;
let db: FaultDb | undefined;
let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;

afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  await db?.drop();
  server = db = smtp = undefined;
});

describe.each(DB_KINDS)("SMTP down for a while (%s)", (kind) => {
  it("e-mails wait in the outbox and all arrive once, later", async () => {
    db = await createFaultDb(kind);
    smtp = await startTestSmtp();
    const smtpUrl = smtp.url;
    await smtp.stop(); // down from the start, same port later
    server = await startServer(db, { SMTP_URL: smtpUrl, TRUST_PROXY: "on", CONTACT_EMAIL: "equipe@exemplo.com.br" });

    const stamp = Date.now().toString(36);
    const markers = Array.from({ length: MESSAGES }, (_, i) => `Pessoa ${stamp} n${i}x`);
    const began = Date.now();
    for (const [i, nome] of markers.entries()) {
      // One address per message: the form's rate limit is per address (five per ten minutes).
      const res = await postForm(
        server,
        "/contato",
        { nome, email: `p${i}@exemplo.com.br`, telefone: "(31) 98888-7777", mensagem: "Mensagem durante a queda" },
        { "X-Forwarded-For": `203.0.113.${i + 1}` },
      );
      await res.arrayBuffer();
      expect(res.status, `contact ${i}`).toBe(200);
    }
    const answeredInMs = Date.now() - began;

    // Down for a while: the worker tries, fails, and keeps every message.
    if (kind === "pg") {
      const conn = await db.open();
      try {
        await waitUntil(
          "every message tried once",
          async () => (await scalar(conn, sql`select count(*) from email_outbox where status = 'pending' and attempts >= 1`)) === MESSAGES,
          30_000,
          300,
        );
        expect(await scalar(conn, sql`select count(*) from email_outbox where status = 'sent'`)).toBe(0);
      } finally {
        await conn.close();
      }
    } else {
      await sleep(8_000);
    }
    expect(smtp.messages.length).toBe(0);

    await smtp.start();
    const backAt = Date.now();
    await waitUntil(
      `${MESSAGES} e-mails (received ${smtp.messages.length})`,
      () => markers.every((m) => smtp!.messages.some((msg) => msg.text.includes(m) || msg.html.includes(m))),
      150_000,
      500,
    );
    const deliveredInMs = Date.now() - backAt;
    await sleep(5_000); // would-be duplicates have time to show up

    for (const m of markers) {
      const copies = smtp.messages.filter((msg) => msg.text.includes(m) || msg.html.includes(m)).length;
      expect(copies, m).toBe(1);
    }
    expect(smtp.messages.every((msg) => msg.to.includes("equipe@exemplo.com.br"))).toBe(true);

    await server.stop();
    server = undefined;
    const conn = await db.open();
    try {
      const sent = await scalar(conn, sql`select count(*) from email_outbox where status = 'sent' and attempts >= 2`);
      console.log(
        `[faults] ${kind}: ${MESSAGES} contact messages answered in ${answeredInMs} ms with SMTP down; all ${MESSAGES} e-mails delivered once ${deliveredInMs} ms after SMTP came back (${sent} sent after ≥ 2 attempts)`,
      );
      expect(sent).toBe(MESSAGES);
      expect(await scalar(conn, sql`select count(*) from contact_messages`)).toBe(MESSAGES);
    } finally {
      await conn.close();
    }
  });
});
