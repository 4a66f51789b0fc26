/**
 * Several instances (issue 9): two server processes on one PostgreSQL, as behind a load balancer.
 * A gift paid through instance A reaches the creator's live stream on instance B (NOTIFY fan-out);
 * a session made on A works on B; the sign-in rate limit counts across both; the outbox workers of
 * both send each e-mail exactly once.
 */
import { AUTH_LIMITS } from "~/domain/accounts/auth-flows.server";
import { startTestSmtp } from "@tests/smtp";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  createFaultDb,
  deliver,
  type FaultDb,
  openEventStream,
  paidEventBody,
  PG_URL,
  postForm,
  scalar,
  seedPendingGifts,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  userIdByEmail,
  waitUntil,
} from "./support/harness";

if (!PG_URL) console.log("[faults] several instances skipped: needs TEST_DATABASE_URL (PostgreSQL).");

let servers: ServerProcess[] = [];
let db: FaultDb | undefined;
let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;

afterEach(async () => {
  for (const s of servers) await s.stop();
  await smtp?.stop();
  await db?.drop();
  servers = [];
  db = smtp = undefined;
});

describe.runIf(Boolean(PG_URL))("two instances on one PostgreSQL", () => {
  it("live events cross instances; sessions and rate limits are shared; each e-mail is sent once", async () => {
    db = await createFaultDb("pg");
    smtp = await startTestSmtp();
    const env = { SMTP_URL: smtp.url, TRUST_PROXY: "on", CONTACT_EMAIL: "equipe@exemplo.com.br" };
    const a = await startServer(db, env);
    const b = await startServer(db, env);
    servers = [a, b];

    // A session made on A is a session on B.
    const email = `festeira-${Date.now().toString(36)}@exemplo.com.br`;
    const cookie = await signUp(a, email);
    const painel = await fetch(`${b.url}/painel`, { headers: { Cookie: cookie }, redirect: "manual" });
    await painel.arrayBuffer();
    expect(painel.status).toBe(200);

    // A gift paid through A reaches the stream held open on B.
    const conn = await db.open();
    try {
      const ownerId = await userIdByEmail(conn, email);
      const { gifts } = await seedPendingGifts(conn, 20, { ownerId, parties: 2 });
      const stream = await openEventStream(b, cookie);
      const latencies: number[] = [];
      try {
        for (const gift of gifts) {
          const sentAt = Date.now();
          expect(await deliver(a.url, paidEventBody(gift))).toBe(200);
          const event = await waitUntil(
            `gift ${gift.id} on B's stream`,
            () => stream.events.find((e) => e.event === "donation" && e.data.includes(gift.id)),
            10_000,
            10,
          );
          latencies.push(event.at - sentAt);
        }
      } finally {
        stream.close();
      }
      latencies.sort((x, y) => x - y);
      console.log(
        `[faults] paid on A → event on B: p50 ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies.at(-1)} ms (${latencies.length} gifts, including the webhook's own work)`,
      );
    } finally {
      await conn.close();
    }

    // The account's failure count (a challenge past AUTH_LIMITS.signInAccountChallenge, never a
    // lockout: docs/decisions/102-abuse-limits.md) is shared across instances.
    const attempts: number[] = [];
    const threshold = AUTH_LIMITS.signInAccountChallenge.limit;
    for (let i = 0; i <= threshold; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await postForm(
        server,
        "/auth",
        { intent: "login", email, password: "senha-errada" },
        { "X-Forwarded-For": `198.51.100.${i + 1}` },
      );
      await res.arrayBuffer();
      attempts.push(res.status);
    }
    expect(attempts.slice(0, threshold)).toEqual(Array(threshold).fill(401));
    expect(attempts[threshold]).toBe(428);
    // …and the other instance asks for the challenge too, from yet another address.
    const other = await postForm(a, "/auth", { intent: "login", email, password: "senha-errada" }, { "X-Forwarded-For": "198.51.100.99" });
    await other.arrayBuffer();
    expect(other.status).toBe(428);

    // Both instances' outbox workers: each contact e-mail arrives exactly once.
    const stamp = Date.now().toString(36);
    const markers = Array.from({ length: 30 }, (_, i) => `Contato ${stamp} n${i}x`);
    for (const [i, nome] of markers.entries()) {
      const server = i % 2 === 0 ? a : b;
      const res = await postForm(
        server,
        "/contato",
        { nome, email: `c${i}@exemplo.com.br`, telefone: "(31) 98888-7777", mensagem: "Duas instâncias" },
        { "X-Forwarded-For": `203.0.113.${i + 1}` },
      );
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    }
    const has = (m: string) => (msg: { text: string; html: string }) => msg.text.includes(m) || msg.html.includes(m);
    await waitUntil("all 30 contact e-mails", () => markers.every((m) => smtp!.messages.some(has(m))), 60_000, 200);
    await sleep(5_000);
    for (const m of markers) expect(smtp.messages.filter(has(m)).length, m).toBe(1);
    // Everything in the outbox (the gifts' receipts and creator notes too) went out once: as many
    // messages arrived as the outbox holds, all marked sent.
    const check = await db.open();
    try {
      const outbox = await scalar(check, sql`select count(*) from email_outbox`);
      const sent = await scalar(check, sql`select count(*) from email_outbox where status = 'sent'`);
      console.log(`[faults] two instances: ${outbox} e-mails in the outbox, ${sent} sent, ${smtp.messages.length} received`);
      expect(sent).toBe(outbox);
      expect(smtp.messages.length).toBe(outbox);
    } finally {
      await check.close();
    }
  });
});
