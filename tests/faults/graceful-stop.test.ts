/**
 * Stops (issue 18): a rolling deploy SIGTERMs an instance while donors' payments are in flight.
 * Twenty slow webhook deliveries (their bodies still arriving) are all answered 200 and their gifts
 * paid; an idle keep-alive connection is closed at once; a creator's live stream gets a retry hint
 * and ends (the browser reconnects elsewhere); new connections are refused; the process exits 0.
 */
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  APP_SECRET,
  createFaultDb,
  DB_KINDS,
  type FaultDb,
  type Gift,
  openEventStream,
  paidEventBody,
  scalar,
  seedPendingGifts,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  waitUntil,
} from "./support/harness";
import { sql } from "drizzle-orm";
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from "~/domain/payments/sandbox.server";

let server: ServerProcess | undefined;
let db: FaultDb | undefined;

afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = db = undefined;
});

/** Sends a signed event whose body arrives in two halves: the second only when `release` resolves, slowly. */
function slowDelivery(port: number, gift: Gift, release: Promise<void>) {
  const body = Buffer.from(paidEventBody(gift));
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/webhooks/sandbox",
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": body.length,
          [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body.toString(), APP_SECRET),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.write(body.subarray(0, half));
    void release.then(async () => {
      // The rest trickles in over about two seconds, after the SIGTERM.
      for (let i = half; i < body.length; i += 64) {
        req.write(body.subarray(i, Math.min(i + 64, body.length)));
        await sleep(2_000 / Math.ceil((body.length - half) / 64));
      }
      req.end();
    });
  });
}

describe.each(DB_KINDS)("SIGTERM during traffic (%s)", (kind) => {
  it("20 slow requests in flight all get complete answers; streams get a retry hint; exit 0", async () => {
    db = await createFaultDb(kind);
    const seeding = await db.open();
    let gifts: Gift[];
    try {
      ({ gifts } = await seedPendingGifts(seeding, 20, { parties: 2 }));
    } finally {
      await seeding.close();
    }
    server = await startServer(db, { LOG_LEVEL: "info" });
    const cookie = await signUp(server, `festeira-${Date.now().toString(36)}@exemplo.com.br`);

    const stream = await openEventStream(server, cookie);
    const idle = net.connect(server.port, "127.0.0.1");
    let idleClosedAt = 0;
    idle.on("close", () => (idleClosedAt = Date.now()));
    idle.on("error", () => {});
    let idleText = "";
    idle.on("data", (d) => (idleText += d));
    idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await waitUntil("the answer on the idle connection", () => idleText.includes("\r\n\r\n"), 5_000, 20);
    expect(idleText).toMatch(/^HTTP\/1\.1 200/);

    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const answers = gifts.map((gift) => slowDelivery(server!.port, gift, released));
    await sleep(500); // every request has its headers and half its body in

    const exited = new Promise<number | null>((resolve) => server!.proc.once("exit", (code) => resolve(code)));
    const termAt = Date.now();
    server.proc.kill("SIGTERM");
    await sleep(200);
    release();

    // Nothing new is accepted…
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(server!.port, "127.0.0.1");
      s.on("connect", () => (s.destroy(), resolve(false))).on("error", () => resolve(true));
    });
    expect(refused).toBe(true);
    // …an idle keep-alive connection is closed at once, the live stream is told to reconnect.
    await waitUntil("the idle connection closed", () => idleClosedAt > 0, 2_000, 20);
    expect(idleClosedAt - termAt).toBeLessThan(1_000);
    await waitUntil("the stream's retry hint", () => stream.retries().length > 1, 2_000, 20);
    expect(stream.retries().at(-1)).toBeGreaterThanOrEqual(1_000);

    const results = await Promise.all(answers);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(JSON.parse(r.text)).toMatchObject({ received: true });
    const code = await exited;
    const stopMs = Date.now() - termAt;
    console.log(`[faults] SIGTERM with 20 slow requests in flight (${kind}): all answered, exit ${code} after ${stopMs} ms`);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(25_000);
    expect(server.output()).toContain("Encerrado");
    stream.close();

    // Every answered event was committed: the twenty gifts are paid.
    const check = await db.open();
    try {
      const ids = JSON.stringify(gifts.map((g) => g.id));
      const paid = await scalar(
        check,
        sql`select count(*) from donations where status = 'paga' and id in (select (x #>> '{}')::uuid from json_array_elements(${ids}::json) x)`,
      );
      expect(paid).toBe(20);
    } finally {
      await check.close();
    }
  });
});
